import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../../common/money.js';
import { highestMarkupWithin, priceCapRuleFor } from '../../../common/price-caps/lookup.js';
import type { PriceCapRule } from '../../../common/price-caps/rules.js';
import { allInPerTicketCents, listingPriceCents } from '../../../common/pricing.js';
import { PRICE_CAP_TEXT } from '../../../common/texts/price-caps.js';
import { events, priceCapPauses, tickets, venues } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { bidBody, insertSavedCard } from '../bids/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { sendTicketForm, uploadedImage, validTicketFields } from '../tickets/testing.js';
import { pauseListingsOverCap } from './pauses.js';

/**
 * Price caps by place (decision 0084): the cap a show's place sets is refused above and taken at on a
 * listing's create and edit, a bid and a hold on part of a listing; the sweep pauses listings above a new
 * cap once and e-mails their sellers once; the e-mailed link reprices once, for that seller only.
 */

const EVENT_DATE = '2030-05-01';
const IRELAND = priceCapRuleFor({ country: 'IE', region: null }, '2030-03-01');
// Face value $80 and a $12.50 fee: the original price is $92.50, so the all-in cap in Ireland is $92.50.
const FACE = 8_000;
const FEE = 1_250;
const CAP_MARKUP = highestMarkupWithin(IRELAND, { faceValueCents: FACE, serviceFeeCents: FEE }) ?? 0;

describe.each(backends)('price caps by place on %s', (backend) => {
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let harness: TestApp;
  let sequence = 0;
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });
  const db = () => harness.database.db;

  async function showIn(country: string, timeZone: string, date = EVENT_DATE) {
    sequence += 1;
    const [venue] = await db()
      .insert(venues)
      .values({ name: `Hall ${country} ${sequence}`, city: `City ${sequence}`, timeZone, country })
      .returning();
    const [event] = await db()
      .insert(events)
      .values({ name: `Caps Show ${sequence}`, date, venueId: venue?.id ?? 0 })
      .returning();
    if (!event) throw new Error('no event');
    return event;
  }
  async function member() {
    const user = await createTestUser(db());
    return { user, client: await signedInClient(harness, user.id) };
  }
  async function ticketRow(id: number) {
    const [row] = await db().select().from(tickets).where(eq(tickets.id, id));
    if (!row) throw new Error(`no ticket ${id}`);
    return row;
  }
  const outboxOf = async (email: string) =>
    (await harness.client().get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).body as {
      subject: string;
      text: string;
    }[];
  const runJobs = () => harness.app.priceCapSweeps.runner.runOnce();
  async function formFor(client: TestClient, event: { id: number; name: string }, markup: number) {
    return {
      ...validTicketFields(await uploadedImage(client)),
      eventId: String(event.id),
      eventName: event.name,
      eventDate: EVENT_DATE,
      faceValue: '80.00',
      serviceFee: '12.50',
      markup: String(markup),
      listingPrice: (listingPriceCents(FACE, FEE, markup) / 100).toFixed(2),
    };
  }

  it('says the cap of a show’s place: Ireland at the original price, none by law in the UK', async () => {
    const dublin = await showIn('IE', 'Europe/Dublin');
    const answer = await harness.client().get(`/api/events/${dublin.id}/price-cap`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      eventId: dublin.id,
      country: 'IE',
      region: null,
      rule: { id: 'ie-sale-of-tickets-act-2021', maxPricePercent: 100, maxFeePercent: null },
      statement:
        'Tickets for shows in this place sell for at most the original price (face value plus the original fee), all-in.',
    });
    const london = await showIn('GB', 'Europe/London');
    const uk = await harness.client().get(`/api/events/${london.id}/price-cap`);
    expect(uk.body.statement).toBe(
      'No resale price cap by law for shows in this place: Encore’s own limit applies, a markup of at most 50%.',
    );
    const paris = await showIn('FR', 'Europe/Paris');
    const france = await harness.client().get(`/api/events/${paris.id}/price-cap`);
    expect(france.body).toMatchObject({ country: 'FR', rule: null });
    expect(france.body.statement).toBe(
      'No local price cap on file for shows in this place: Encore’s own limit applies, a markup of at most 50%.',
    );
    expect(uk.body.rule.id).toBe('gb-consumer-rights-act-2015');
    expect((await harness.client().get('/api/events/2000000000/price-cap')).status).toBe(404);
  });

  it('refuses a listing above the cap on create and edit, and takes it at the cap', async () => {
    expect(CAP_MARKUP).toBe(-2);
    const dublin = await showIn('IE', 'Europe/Dublin');
    const seller = await member();
    const over = await sendTicketForm(
      seller.client,
      'POST',
      '/api/tickets',
      await formFor(seller.client, dublin, -1),
    );
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(PRICE_CAP_TEXT.overCap(-2));
    expect(over.body.fieldErrors.markup).toBe(PRICE_CAP_TEXT.overCap(-2));
    expect(await db().select().from(tickets).where(eq(tickets.sellerId, seller.user.id))).toEqual([]);

    const atCap = await sendTicketForm(
      seller.client,
      'POST',
      '/api/tickets',
      await formFor(seller.client, dublin, -2),
    );
    expect(atCap.status, atCap.text).toBe(201);
    const { id, version } = atCap.body as { id: number; version: number };
    expect(allInPerTicketCents((await ticketRow(id)).listingPriceCents)).toBeLessThanOrEqual(FACE + FEE);

    const fields = await formFor(seller.client, dublin, 5);
    const editOver = await sendTicketForm(seller.client, 'PATCH', `/api/tickets/${id}`, {
      ...fields,
      id: String(id),
      version: String(version),
    });
    expect(editOver.status).toBe(400);
    expect(editOver.body.message).toBe(PRICE_CAP_TEXT.overCap(-2));
    expect((await ticketRow(id)).markup).toBe(-2);
    const editAt = await sendTicketForm(seller.client, 'PATCH', `/api/tickets/${id}`, {
      ...(await formFor(seller.client, dublin, -10)),
      id: String(id),
      version: String(version),
    });
    expect(editAt.status, editAt.text).toBe(200);
    expect((await ticketRow(id)).markup).toBe(-10);

    // A show in the US keeps Encore's own limit only.
    const us = await showIn('US', 'America/New_York');
    const usListing = await sendTicketForm(
      seller.client,
      'POST',
      '/api/tickets',
      await formFor(seller.client, us, 40),
    );
    expect(usListing.status, usListing.text).toBe(201);
  });

  it('refuses a bid above the cap of its show, and takes one at the cap', async () => {
    const dublin = await showIn('IE', 'Europe/Dublin');
    const seller = await member();
    await insertListing(db(), seller.user.id, {
      eventId: dublin.id,
      eventName: dublin.name,
      eventDate: EVENT_DATE,
      faceValueCents: FACE,
      serviceFeeCents: FEE,
      markup: CAP_MARKUP,
    });
    const fan = await member();
    const card = await insertSavedCard(db(), fan.user.id);
    const body = { eventId: dublin.id, eventName: dublin.name, eventDate: EVENT_DATE, quantity: 2 };
    const over = await fan.client.post('/api/bids', bidBody(card, { ...body, maxPrice: 185.01 }));
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(PRICE_CAP_TEXT.bidOverCap(formatCents(FACE + FEE)));
    const atCap = await fan.client.post('/api/bids', bidBody(card, { ...body, maxPrice: 185 }));
    expect(atCap.status, atCap.text).toBe(200);
  });

  it('refuses a hold or a split of a listing above the cap, and sells one at the cap', async () => {
    const dublin = await showIn('IE', 'Europe/Dublin');
    const seller = await member();
    const terms = { eventId: dublin.id, eventName: dublin.name, eventDate: EVENT_DATE, quantity: 4 };
    // Listed before the cap applied to it, and not yet paused by the sweep.
    const over = await insertListing(db(), seller.user.id, { ...terms, markup: 10, splitRule: 'any' });
    const within = await insertListing(db(), seller.user.id, {
      ...terms,
      markup: CAP_MARKUP,
      splitRule: 'any',
    });
    const fan = await member();
    const split = await fan.client.post(`/api/tickets/${over.id}/lock`, { quantity: 1 });
    expect(split.status).toBe(409);
    expect(split.body).toMatchObject({ message: PRICE_CAP_TEXT.holdOverCap, code: 'withdrawn' });
    expect((await fan.client.post(`/api/tickets/${over.id}/lock`, {})).status).toBe(409);
    expect((await ticketRow(over.id)).currentViewerId).toBeNull();
    const part = await fan.client.post(`/api/tickets/${within.id}/lock`, { quantity: 1 });
    expect(part.status, part.text).toBe(200);
  });

  it('pauses listings above a cap once, e-mails each seller once, and leaves the rest on sale', async () => {
    const dublin = await showIn('IE', 'Europe/Dublin');
    const london = await showIn('GB', 'Europe/London');
    const seller = await member();
    const terms = { eventId: dublin.id, eventName: dublin.name, eventDate: EVENT_DATE };
    const over = await insertListing(db(), seller.user.id, { ...terms, markup: 20 });
    const within = await insertListing(db(), seller.user.id, { ...terms, markup: CAP_MARKUP });
    const uk = await insertListing(db(), seller.user.id, {
      eventId: london.id,
      eventName: london.name,
      eventDate: EVENT_DATE,
      markup: 50,
    });
    await harness.app.priceCapSweeps.scheduleSweepNow();
    await runJobs();
    await runJobs();
    expect((await ticketRow(over.id)).status).toBe('pending');
    expect((await ticketRow(within.id)).status).toBe('available');
    expect((await ticketRow(uk.id)).status).toBe('available');
    const pauses = await db().select().from(priceCapPauses).where(eq(priceCapPauses.ticketId, over.id));
    expect(pauses).toHaveLength(1);
    expect(pauses[0]).toMatchObject({ ruleId: 'ie-sale-of-tickets-act-2021', capMarkup: CAP_MARKUP });
    const mails = await outboxOf(seller.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(PRICE_CAP_TEXT.mailSubject);
    expect(mails[0]?.text).toContain(PRICE_CAP_TEXT.statement(IRELAND));
    expect(mails[0]?.text).toContain(
      `One click puts them back on sale at ${formatCents(allInPerTicketCents(listingPriceCents(8_000, 1_250, CAP_MARKUP)))} each, all-in:`,
    );
    // Another run an hour later pauses and mails nothing more.
    clock.advance(61 * 60_000);
    await harness.app.priceCapSweeps.scheduleSweepNow();
    await runJobs();
    await runJobs();
    expect(await db().select().from(priceCapPauses).where(eq(priceCapPauses.ticketId, over.id))).toHaveLength(
      1,
    );
    expect(await outboxOf(seller.user.email)).toHaveLength(1);
  });

  it('pauses on the day a new rule takes effect at the venue, not before', async () => {
    const london = await showIn('GB', 'Europe/London', '2030-06-01');
    const seller = await member();
    const listing = await insertListing(db(), seller.user.id, {
      eventId: london.id,
      eventName: london.name,
      eventDate: '2030-06-01',
      markup: 30,
    });
    const rules: PriceCapRule[] = [
      {
        id: 'gb-test-cap',
        country: 'GB',
        region: null,
        maxPricePercent: 110,
        maxFeePercent: null,
        sourceUrl: 'https://example.org/gb-cap',
        effectiveFrom: '2030-04-01',
        note: 'A test rule taking effect later.',
      },
    ];
    // 23:30 in London on 31 March (BST from 31 March: UTC+1) is still the day before.
    const paused = (at: string) =>
      pauseListingsOverCap(db(), new Date(at), rules).then((list) => list.map((pause) => pause.ticketId));
    expect(await paused('2030-03-31T22:30:00Z')).not.toContain(listing.id);
    expect((await ticketRow(listing.id)).status).toBe('available');
    expect(await paused('2030-03-31T23:00:00Z')).toContain(listing.id);
    expect((await ticketRow(listing.id)).status).toBe('pending');
    expect(await paused('2030-04-02T00:00:00Z')).not.toContain(listing.id);
    clock.set(new Date('2030-04-02T00:00:00Z'));
    await runJobs();
    const mails = await outboxOf(seller.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(PRICE_CAP_TEXT.statement(rules[0] ?? null));
    expect(mails[0]?.text).toContain('Source: https://example.org/gb-cap');
  });

  it('reprices a paused listing to the cap and puts it back on sale, once, for its seller only', async () => {
    const dublin = await showIn('IE', 'Europe/Dublin');
    const seller = await member();
    const listing = await insertListing(db(), seller.user.id, {
      eventId: dublin.id,
      eventName: dublin.name,
      eventDate: EVENT_DATE,
      markup: 25,
    });
    await harness.app.priceCapSweeps.scheduleSweepNow();
    await runJobs();
    await runJobs();
    const [mail] = await outboxOf(seller.user.email);
    const link = /https?:\/\/\S+\/price-cap-fix\?token=(\S+)/.exec(mail?.text ?? '');
    const token = decodeURIComponent(link?.[1] ?? '');
    expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);

    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    const refusedForged = await harness.client().post('/api/price-caps/fix', { token: forged });
    expect(refusedForged.status).toBe(400);
    expect(refusedForged.body.message).toBe(PRICE_CAP_TEXT.fixInvalid);
    const someoneElse = await member();
    expect((await someoneElse.client.post('/api/price-caps/fix', { token })).status).toBe(403);
    expect((await ticketRow(listing.id)).status).toBe('pending');

    const fixed = await seller.client.post('/api/price-caps/fix', { token });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.body).toEqual({
      message: PRICE_CAP_TEXT.fixDone,
      ticketId: listing.id,
      markup: CAP_MARKUP,
      listingPrice: listingPriceCents(8_000, 1_250, CAP_MARKUP) / 100,
    });
    const row = await ticketRow(listing.id);
    expect(row).toMatchObject({ status: 'available', markup: CAP_MARKUP });
    expect(row.listingPriceCents).toBe(listingPriceCents(8_000, 1_250, CAP_MARKUP));

    const again = await harness.client().post('/api/price-caps/fix', { token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PRICE_CAP_TEXT.fixUsed);
    expect((await ticketRow(listing.id)).version).toBe(row.version);
  });
});
