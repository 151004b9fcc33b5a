import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDollars } from '../../../common/money.js';
import { saleBreakdown } from '../../../common/pricing.js';
import { MAX_LISTINGS_PER_SHOW } from '../../../common/show-limits.js';
import { SHOW_LIMIT_TEXT } from '../../../common/texts/show-limits.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { bidBody, insertSavedCard } from '../bids/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { buyListing } from '../payouts/testing.js';
import { sendTicketForm, uploadedImage, validTicketFields } from '../tickets/testing.js';

const EVENT_DATE = '2030-05-01';

/** Decision 0088: holds, purchases and listings per member and show, counted atomically. */
describe.each(backends)('limits per show on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  const db = () => harness.database.db;
  const member = async () => {
    const account = await createTestUser(db());
    return { ...account, client: await signedInClient(harness, account.id) };
  };
  let seller: Awaited<ReturnType<typeof member>>;

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    seller = await member();
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  const listing = (eventName: string, quantity: number, extra: { splitRule?: 'any' } = {}) =>
    insertListing(db(), seller.id, { eventName, eventDate: EVENT_DATE, quantity, ...extra });

  it('refuses a hold past 8 tickets for one show, counting parts of listings, and lets other shows be', async () => {
    const buyer = await member();
    const show = `Hold Limit ${backend}`;
    const five = await listing(show, 5);
    const four = await listing(show, 4, { splitRule: 'any' });
    expect((await buyer.client.post(`/api/tickets/${five.id}/lock`)).status).toBe(200);
    const tooMany = await buyer.client.post(`/api/tickets/${four.id}/lock`, { quantity: 4 });
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.message).toBe(SHOW_LIMIT_TEXT.tooManyHeld(5));
    // A part of 3 fits (5 + 3 = 8), and resizing that same hold is not counted twice.
    const part = await buyer.client.post(`/api/tickets/${four.id}/lock`, { quantity: 3 });
    expect(part.status, part.text).toBe(200);
    const again = await buyer.client.post(`/api/tickets/${four.id}/lock`, { quantity: 3 });
    expect(again.status, again.text).toBe(200);
    // Another show has its own count.
    const other = await listing(`Other Show ${backend}`, 4);
    expect((await buyer.client.post(`/api/tickets/${other.id}/lock`)).status).toBe(200);
  });

  it('counts bought tickets and active bids against 8 per show, at hold, payment and bid', async () => {
    const buyer = await member();
    const show = `Buy Limit ${backend}`;
    await buyListing(harness, buyer.client, seller.id, {
      eventName: show,
      eventDate: EVENT_DATE,
      quantity: 4,
    });
    const card = await insertSavedCard(db(), buyer.id);
    const bid = await buyer.client.post('/api/bids', bidBody(card, { eventName: show, quantity: 3 }));
    expect(bid.status, bid.text).toBe(200);
    // 4 bought + 3 bid: a fourth bid of 2 is past the limit, one of 1 is not.
    const overBid = await buyer.client.post('/api/bids', bidBody(card, { eventName: show, quantity: 2 }));
    expect(overBid.status).toBe(409);
    expect(overBid.body.message).toBe(SHOW_LIMIT_TEXT.tooManyBought(7));
    const pair = await listing(show, 2);
    const hold = await buyer.client.post(`/api/tickets/${pair.id}/lock`);
    expect(hold.status).toBe(429);
    expect(hold.body.message).toBe(SHOW_LIMIT_TEXT.tooManyBought(7));
    // The bid's name in another case is the same show.
    const lowerCase = await buyer.client.post(
      '/api/bids',
      bidBody(card, { eventName: show.toUpperCase(), quantity: 2 }),
    );
    expect(lowerCase.status).toBe(409);
  });

  it('refuses a payment whose tickets would pass the limit with another checkout still open', async () => {
    const buyer = await member();
    const show = `Open Checkouts ${backend}`;
    await buyListing(harness, buyer.client, seller.id, {
      eventName: show,
      eventDate: EVENT_DATE,
      quantity: 4,
    });
    const open = await listing(show, 3);
    const pair = await listing(show, 2);
    const lock = await buyer.client.post(`/api/tickets/${open.id}/lock`);
    expect(lock.status, lock.text).toBe(200);
    const price = saleBreakdown({
      perTicketCents: open.listingPriceCents,
      markupPercent: open.markup,
      quantity: open.quantity,
    });
    const payment = await buyer.client.post(`/api/tickets/${open.id}/payment`, {
      amount: centsToDollars(price.buyerPaysCents),
      version: lock.body.version,
    });
    expect(payment.status, payment.text).toBe(200);
    // 4 bought and 3 being paid for: 2 more would make 9.
    const refused = await buyer.client.post(`/api/tickets/${pair.id}/lock`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(SHOW_LIMIT_TEXT.tooManyBought(7));
  });

  it('refuses the payment when bids made after the hold leave no room for it', async () => {
    const buyer = await member();
    const show = `Bids After Hold ${backend}`;
    const pair = await listing(show, 2);
    const lock = await buyer.client.post(`/api/tickets/${pair.id}/lock`);
    expect(lock.status, lock.text).toBe(200);
    const card = await insertSavedCard(db(), buyer.id);
    const bid = await buyer.client.post('/api/bids', bidBody(card, { eventName: show, quantity: 7 }));
    expect(bid.status, bid.text).toBe(200);
    const price = saleBreakdown({
      perTicketCents: pair.listingPriceCents,
      markupPercent: pair.markup,
      quantity: pair.quantity,
    });
    const payment = await buyer.client.post(`/api/tickets/${pair.id}/payment`, {
      amount: centsToDollars(price.buyerPaysCents),
      version: lock.body.version,
    });
    expect(payment.status).toBe(409);
    expect(payment.body.message).toBe(SHOW_LIMIT_TEXT.tooManyBought(7));
  });

  it('lets only one of two simultaneous holds pass when both together exceed the limit', async () => {
    const buyer = await member();
    const show = `Race ${backend}`;
    const a = await listing(show, 5);
    const b = await listing(show, 5);
    const answers = await Promise.all([
      buyer.client.post(`/api/tickets/${a.id}/lock`),
      buyer.client.post(`/api/tickets/${b.id}/lock`),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429]);
  });

  it('caps a seller at 8 listings on sale per show, one request at a time', async () => {
    const lister = await member();
    const image = await uploadedImage(lister.client);
    const fields = {
      ...validTicketFields(image),
      eventName: `Listing Limit ${backend}`,
      eventDate: EVENT_DATE,
    };
    for (let index = 0; index < MAX_LISTINGS_PER_SHOW - 1; index++)
      await insertListing(db(), lister.id, { eventName: fields.eventName, eventDate: EVENT_DATE });
    // One listing left under the cap: of two at once, exactly one is created.
    const answers = await Promise.all([
      sendTicketForm(lister.client, 'POST', '/api/tickets', fields),
      sendTicketForm(lister.client, 'POST', '/api/tickets', fields),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused?.body.message).toBe(SHOW_LIMIT_TEXT.tooManyListings);
    // A sold listing no longer counts; another show is not limited.
    await insertListing(db(), lister.id, { eventName: `Another ${backend}`, eventDate: EVENT_DATE });
    const elsewhere = await sendTicketForm(lister.client, 'POST', '/api/tickets', {
      ...fields,
      eventName: `Another ${backend}`,
    });
    expect(elsewhere.status, elsewhere.text).toBe(201);
  });
});
