import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_TEXT } from '../../../common/messages.js';
import { FAN_QUEUE_PAGE_SIZE_MAX } from '../../../common/schemas/fan-queue.js';
import { ACCOUNT_CLOSURE_TEXT } from '../../../common/texts/account-closure.js';
import { FAN_QUEUE_TEXT } from '../../../common/texts/fan-queue.js';
import {
  adminAuditLog,
  events,
  fanQueueEntries,
  fanQueueOffers,
  fanQueueShows,
  jobs,
  tickets,
  users,
  venues,
} from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { runMatching } from '../bids/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { testJobRunner } from '../payouts/testing.js';

/**
 * Decision 0100, "Around it": admins see each show's line, paged, with the members' usernames, and remove
 * an entry with a reason, audited (`fan_queue.remove`) and e-mailed; an offer the entry held goes on.
 */

const EVENT_DATE = '2030-05-01';

describe.each(backends)('the admins’ Fan Queue on %s', (backend) => {
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let harness: TestApp;
  let admin: TestClient;
  let adminId: number;
  let sequence = 0;
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    adminId = (await createTestUser(db(), { role: 'admin' })).id;
    admin = await signedInClient(harness, adminId);
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });
  const db = () => harness.database.db;

  async function newEvent() {
    sequence += 1;
    const [venue] = await db()
      .insert(venues)
      .values({ name: `Line Hall ${sequence}`, city: 'Portland' })
      .returning();
    const [event] = await db()
      .insert(events)
      .values({ name: `Queue Night ${sequence}`, date: EVENT_DATE, venueId: venue?.id ?? 0 })
      .returning();
    if (!event) throw new Error('no event');
    return event;
  }
  interface Fan {
    user: TestAccount;
    client: TestClient;
    entryId: number;
  }
  /** A member joins the show's line through the API, a second after the one before. */
  async function fanJoins(eventId: number, quantity = 2, maxPrice = 100): Promise<Fan> {
    clock.advance(1_000);
    const user = await createTestUser(db());
    const client = await signedInClient(harness, user.id);
    const joined = await client.put(`/api/events/${eventId}/fan-queue`, { quantity, maxPrice });
    expect(joined.status, joined.text).toBe(201);
    return { user, client, entryId: joined.body.id };
  }
  /** A fair listing of the show (all-in $84.87 a ticket, sold whole), offered to the line at once. */
  async function offeredListing(event: { id: number; name: string }) {
    const seller = await createTestUser(db());
    const listed = await insertListing(db(), seller.id, {
      eventId: event.id,
      eventName: event.name,
      eventDate: EVENT_DATE,
      quantity: 2,
      seats: '1-2',
      splitRule: 'all',
      markup: -10,
    });
    await harness.app.fanQueueOffers.listingBuyable(listed.id);
    await settle();
    return listed;
  }
  async function settle() {
    await harness.app.fanQueueOffers.runner.runOnce();
    await runMatching(harness);
    await harness.app.priceAlertMatching.runner.runOnce();
  }
  const linePath = (eventId: number, query = '') => `/api/admin/events/${eventId}/fan-queue${query}`;
  const remove = (client: TestClient, entryId: number, json?: unknown) =>
    client.request('DELETE', `/api/admin/fan-queue/${entryId}`, json === undefined ? {} : { json });
  async function entryRow(id: number) {
    const [row] = await db().select().from(fanQueueEntries).where(eq(fanQueueEntries.id, id));
    if (!row) throw new Error(`no entry ${id}`);
    return row;
  }
  async function lineRow(eventId: number) {
    const [row] = await db().select().from(fanQueueShows).where(eq(fanQueueShows.eventId, eventId));
    if (!row) throw new Error(`no line ${eventId}`);
    return row;
  }
  async function ticketRow(id: number) {
    const [row] = await db().select().from(tickets).where(eq(tickets.id, id));
    if (!row) throw new Error(`no ticket ${id}`);
    return row;
  }
  const openOffers = (entryId: number) =>
    db()
      .select()
      .from(fanQueueOffers)
      .where(and(eq(fanQueueOffers.entryId, entryId), eq(fanQueueOffers.status, 'open')));

  it('lets only admins see a line or remove from it', async () => {
    const event = await newEvent();
    const fan = await fanJoins(event.id);
    const ambassador = await signedInClient(harness, (await createTestUser(db(), { role: 'AMBSD' })).id);
    for (const [client, status] of [
      [harness.client(), 401],
      [fan.client, 403],
      [ambassador, 403],
    ] as const) {
      expect((await client.get(linePath(event.id))).status).toBe(status);
      expect((await remove(client, fan.entryId, { reason: 'Not allowed' })).status).toBe(status);
    }
    expect(await entryRow(fan.entryId)).toMatchObject({ status: 'waiting' });
  });

  it('lists the entries still in line in line order, paged, with places, usernames and open offers', async () => {
    const event = await newEvent();
    // The first wants more than the listing sells whole, so the second gets the offer.
    const fans = [await fanJoins(event.id, 3)];
    for (let index = 0; index < 4; index++) fans.push(await fanJoins(event.id));
    const [first, offered, third, fourth, fifth] = fans as [Fan, Fan, Fan, Fan, Fan];
    const listed = await offeredListing(event);
    const [offer] = await openOffers(offered.entryId);
    expect(offer).toMatchObject({ ticketId: listed.id });
    // A member who left is no longer in line; a closed account reads "Former member".
    const left = await fanJoins(event.id, 2, 90);
    expect((await left.client.delete(`/api/events/${event.id}/fan-queue`)).status).toBe(204);
    await db().update(users).set({ closedAt: clock.now() }).where(eq(users.id, fifth.user.id));

    const pages = [];
    for (const page of [1, 2, 3]) {
      const answer = await admin.get(linePath(event.id, `?page=${page}&pageSize=2`));
      expect(answer.status, answer.text).toBe(200);
      pages.push(answer.body);
    }
    expect(pages[0]).toEqual({
      eventId: event.id,
      eventName: event.name,
      eventDate: EVENT_DATE,
      waiting: 4,
      offered: 1,
      throughQueueTickets: 0,
      entries: [
        {
          id: first.entryId,
          userId: first.user.id,
          username: first.user.username,
          quantity: 3,
          maxPriceCents: 10_000,
          status: 'waiting',
          position: 1,
          joinedAt: expect.any(String),
          offer: null,
        },
        {
          id: offered.entryId,
          userId: offered.user.id,
          username: offered.user.username,
          quantity: 2,
          maxPriceCents: 10_000,
          status: 'offered',
          position: null,
          joinedAt: expect.any(String),
          offer: { ticketId: listed.id, expiresAt: offer?.expiresAt.toISOString() },
        },
      ],
      page: 1,
      pageSize: 2,
      total: 5,
    });
    const rows = pages.flatMap((page) => page.entries) as { id: number; position: number | null }[];
    expect(rows.map((row) => [row.id, row.position])).toEqual([
      [first.entryId, 1],
      [offered.entryId, null],
      [third.entryId, 2],
      [fourth.entryId, 3],
      [fifth.entryId, 4],
    ]);
    expect(pages[2].entries[0].username).toBe(ACCOUNT_CLOSURE_TEXT.formerMember);
    // The same places the fans see of their own.
    for (const fan of [first, third, fourth])
      expect((rows.find((row) => row.id === fan.entryId) as { position: number }).position).toBe(
        (await fan.client.get(`/api/events/${event.id}/fan-queue`)).body.mine.position,
      );

    // The page is recorded, with its entries and members (decision 0057).
    const [read] = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.adminId, adminId), eq(adminAuditLog.action, 'fan_queue.list')))
      .orderBy(desc(adminAuditLog.id))
      .limit(1);
    expect(read).toMatchObject({
      targetType: 'event',
      targetId: String(event.id),
      after: { page: 3, ids: [fifth.entryId], members: [fifth.user.id] },
    });

    const empty = await admin.get(linePath((await newEvent()).id));
    expect(empty.body).toMatchObject({ entries: [], total: 0, waiting: 0, offered: 0, page: 1 });
    const tooMany = await admin.get(linePath(event.id, `?pageSize=${FAN_QUEUE_PAGE_SIZE_MAX + 1}`));
    expect(tooMany.status).toBe(400);
    const unknown = await admin.get(linePath(2_000_000_000));
    expect([unknown.status, unknown.body.message]).toEqual([404, FAN_QUEUE_TEXT.eventNotFound]);
  });

  it('removes a waiting entry with its reason: ended, the line moves on, audited and e-mailed once', async () => {
    const event = await newEvent();
    const removed = await fanJoins(event.id);
    const behind = await fanJoins(event.id);
    const before = await lineRow(event.id);
    clock.advance(60_000);
    const reason = 'Several accounts, one card';
    const answer = await remove(admin, removed.entryId, { reason: `  ${reason} ` });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ message: FAN_QUEUE_TEXT.removed(removed.user.username) });
    expect(await entryRow(removed.entryId)).toMatchObject({
      status: 'ended',
      endedReason: 'removed',
      endedAt: clock.now(),
    });
    expect(await lineRow(event.id)).toMatchObject({
      waiting: before.waiting - 1,
      version: before.version + 1,
    });
    expect((await behind.client.get(`/api/events/${event.id}/fan-queue`)).body.mine.position).toBe(1);
    const line = await admin.get(linePath(event.id));
    expect(line.body).toMatchObject({ waiting: 1, total: 1, entries: [{ id: behind.entryId, position: 1 }] });
    // The member sees it ended by a removal on My Bids.
    const mine = await removed.client.get('/api/fan-queue');
    expect(mine.body.entries).toMatchObject([
      { id: removed.entryId, status: 'ended', endedReason: 'removed' },
    ]);

    const [audit] = await db()
      .select()
      .from(adminAuditLog)
      .where(
        and(
          eq(adminAuditLog.action, 'fan_queue.remove'),
          eq(adminAuditLog.targetId, String(removed.entryId)),
        ),
      );
    expect(audit).toMatchObject({
      adminId,
      targetType: 'fan_queue_entry',
      before: { status: 'waiting' },
      after: { status: 'ended', event: event.id, member: removed.user.id, reason },
    });

    const [job] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'fan_queue_removed_mail'), eq(jobs.key, `entry:${removed.entryId}`)));
    expect(job).toMatchObject({ payload: { entryId: removed.entryId, reason } });
    const runner = testJobRunner(harness, clock);
    await runner.runOnce();
    await runner.runOnce();
    const mails = await harness.mailer.list(removed.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([FAN_QUEUE_TEXT.removedMailSubject(event.name)]);
    expect(mails[0]?.text).toBe(
      ['Hi Test,', FAN_QUEUE_TEXT.removedMail(event.name), reason, 'http://localhost:3000/my-bids'].join(
        '\n\n',
      ),
    );
    expect(await harness.mailer.list(behind.user.email)).toEqual([]);

    // Once: an entry no longer in line, or none at all, is not found.
    for (const id of [removed.entryId, 2_000_000_000]) {
      const again = await remove(admin, id, { reason });
      expect([again.status, again.body.message]).toEqual([404, FAN_QUEUE_TEXT.entryNotFound]);
    }
  });

  it('hands a removed entry’s offer to the next fan, and on to the market when nobody fits', async () => {
    const event = await newEvent();
    const first = await fanJoins(event.id);
    const second = await fanJoins(event.id);
    const listed = await offeredListing(event);
    expect(await ticketRow(listed.id)).toMatchObject({ currentViewerId: first.user.id });
    const [offer] = await openOffers(first.entryId);
    const waitingBefore = (await lineRow(event.id)).waiting;

    const answer = await remove(admin, first.entryId, { reason: 'Reselling the tickets' });
    expect(answer.status, answer.text).toBe(200);
    await settle();
    expect(await entryRow(first.entryId)).toMatchObject({ status: 'ended', endedReason: 'removed' });
    const [withdrawn] = await db()
      .select()
      .from(fanQueueOffers)
      .where(eq(fanQueueOffers.id, offer?.id ?? 0));
    expect(withdrawn).toMatchObject({ status: 'withdrawn', endedAt: clock.now() });
    expect(await ticketRow(listed.id)).toMatchObject({ currentViewerId: second.user.id });
    expect(await entryRow(second.entryId)).toMatchObject({ status: 'offered' });
    expect(await openOffers(second.entryId)).toMatchObject([{ ticketId: listed.id }]);
    // The removed entry held an offer, not a place: only the next fan's offer moved the count.
    expect((await lineRow(event.id)).waiting).toBe(waitingBefore - 1);

    // Nobody else in line: the listing is free again and goes to bids and price alerts.
    const last = await remove(admin, second.entryId, { reason: 'Reselling the tickets' });
    expect(last.status, last.text).toBe(200);
    await settle();
    expect(await ticketRow(listed.id)).toMatchObject({ currentViewerId: null });
    const [matched] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'bid_match_listing'), eq(jobs.key, `ticket:${listed.id}`)));
    expect(matched).toBeDefined();
    expect(await lineRow(event.id)).toMatchObject({ waiting: 0 });
  });

  it('asks for a reason of one line, 3 to 500 characters, in plain words', async () => {
    const event = await newEvent();
    const fan = await fanJoins(event.id);
    const cases: [unknown, string][] = [
      [undefined, FAN_QUEUE_TEXT.removeReasonRequired],
      [{}, FAN_QUEUE_TEXT.removeReasonRequired],
      [{ reason: '' }, FAN_QUEUE_TEXT.removeReasonRequired],
      [{ reason: '   ' }, FAN_QUEUE_TEXT.removeReasonRequired],
      [{ reason: 'ab' }, FAN_QUEUE_TEXT.removeReasonTooShort],
      [{ reason: 'two\nlines' }, INPUT_TEXT.singleLine],
      [{ reason: 'x'.repeat(501) }, INPUT_TEXT.tooLong(500)],
    ];
    for (const [json, message] of cases) {
      const answer = await remove(admin, fan.entryId, json);
      expect([JSON.stringify(json), answer.status, answer.body.message]).toEqual([
        JSON.stringify(json),
        400,
        message,
      ]);
    }
    expect(await entryRow(fan.entryId)).toMatchObject({ status: 'waiting' });
  });
});
