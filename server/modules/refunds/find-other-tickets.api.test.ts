import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPath } from '../../../common/event-path.js';
import { FIND_OTHER_TICKETS_TEXT, PROMISE_TEXT } from '../../../common/texts/promise.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { insertListing, insertShowListing } from '../marketplace/testing.js';
import { buyListing, testJobRunner } from '../payouts/testing.js';

const START = new Date('2030-03-01T12:00:00Z');
// The transfer deadline of a sale made on START for a show on 2030-05-01: the day before (decision 0017).
const AFTER_TRANSFER_DEADLINE = new Date('2030-04-30T04:05:00Z');

/** Decision 0087: the Promise in the purchase e-mail, and "Find other tickets" after a refund. */
describe.each(backends)('find other tickets on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(START);
  const db = () => harness.database.db;
  const mailsTo = async (email: string) =>
    (await harness.client().get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).body as {
      subject: string;
      text: string;
    }[];

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  it('offers the show’s listings up to the refunded price per ticket, in the e-mail and on My Tickets', async () => {
    const seller = await createTestUser(db());
    const buyer = await createTestUser(db());
    const buyerClient = await signedInClient(harness, buyer.id);
    const { event, ticket: shown } = await insertShowListing(db(), seller.id, `Find Other ${backend}`);
    const sale = await buyListing(harness, buyerClient, seller.id, {
      eventId: event.id,
      eventName: event.name,
      eventDate: event.date,
    });
    expect(
      (await mailsTo(buyer.email)).some((mail) =>
        mail.text.includes(PROMISE_TEXT.mailLine(harness.config.appUrl)),
      ),
    ).toBe(true);
    // Cheaper and dearer listings of the same show.
    const cheaper = await insertListing(db(), seller.id, {
      eventId: event.id,
      eventName: event.name,
      eventDate: event.date,
      faceValueCents: 5_000,
    });
    const dearer = await insertListing(db(), seller.id, {
      eventId: event.id,
      eventName: event.name,
      eventDate: event.date,
      faceValueCents: 20_000,
    });

    clock.set(AFTER_TRANSFER_DEADLINE);
    const runner = testJobRunner(harness, clock);
    for (let round = 0; round < 5; round++) if ((await runner.runOnce()) === 0) break;

    const maxPrice = (sale.ticket.buyerPaysPerTicketCents / 100).toFixed(2);
    const path = `${eventPath(event.id, event.name)}?maxPrice=${maxPrice}`;
    const mails = await mailsTo(buyer.email);
    expect(
      mails.some((mail) =>
        mail.text.includes(FIND_OTHER_TICKETS_TEXT.mailLine(`${harness.config.appUrl}${path}`)),
      ),
    ).toBe(true);

    const history = await buyerClient.get('/api/my-tickets?tab=bought');
    const card = history.body.tickets.find((row: { id: number }) => row.id === sale.ticket.id);
    expect(card).toMatchObject({ refunded: true, findOtherTickets: path });

    const page = await harness.client().get(`/api/events/${event.id}?maxPrice=${maxPrice}`);
    expect(page.status, page.text).toBe(200);
    const ids = page.body.listings.map((listing: { id: number }) => listing.id);
    expect(ids).toContain(cheaper.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(dearer.id);
    expect((await harness.client().get(`/api/events/${event.id}?maxPrice=12.345`)).status).toBe(400);
    clock.set(START);
  });
});
