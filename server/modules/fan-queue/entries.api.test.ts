import cookie from '@fastify/cookie';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatCents } from '../../../common/money.js';
import { FAN_QUEUE_HISTORY_MAX } from '../../../common/schemas/fan-queue.js';
import { MAX_TICKETS_BOUGHT_PER_SHOW } from '../../../common/show-limits.js';
import { FAN_QUEUE_TEXT } from '../../../common/texts/fan-queue.js';
import { SHOW_LIMIT_TEXT } from '../../../common/texts/show-limits.js';
import {
  bids,
  events,
  fanQueueEntries,
  fanQueueOffers,
  fanQueueShows,
  users,
  venues,
} from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { registerErrorHandler } from '../../plugins/error-handler.js';
import { SESSION_COOKIE, sessionPlugin } from '../../plugins/session.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { insertSavedCard } from '../bids/testing.js';
import { openLive } from '../live/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { testJobRunner } from '../payouts/testing.js';
import { countWaiting } from './entries.js';
import { fanQueueRoutes } from './routes.js';

/** The Fan Queue's line (issue 46, decision 0100): joining, its refusals, the order, leaving, and its ends. */

const EVENT_DATE = '2030-05-01';

describe.each(backends)('the Fan Queue’s line on %s', (backend) => {
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let harness: TestApp;
  let admin: TestClient;
  let sequence = 0;
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    admin = await signedInClient(harness, (await createTestUser(db(), { role: 'admin' })).id);
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });
  const db = () => harness.database.db;
  const unique = (prefix: string) => {
    sequence += 1;
    return `${prefix} ${sequence}`;
  };

  async function newEvent(date = EVENT_DATE, status: 'scheduled' | 'postponed' | 'cancelled' = 'scheduled') {
    const [venue] = await db()
      .insert(venues)
      .values({ name: unique('Harbor Hall'), city: 'Portland' })
      .returning();
    const [event] = await db()
      .insert(events)
      .values({ name: unique('Neon Tides'), date, venueId: venue?.id ?? 0, status })
      .returning();
    if (!event || !venue) throw new Error('no event');
    return { ...event, venueName: venue.name };
  }
  /** A listing of the show whose original price is `face` + `fee` per ticket. */
  async function listingOf(
    event: { id: number; name: string; date: string },
    face: number,
    fee: number,
    sold = false,
  ) {
    const seller = await createTestUser(db());
    return insertListing(db(), seller.id, {
      eventId: event.id,
      eventName: event.name,
      eventDate: event.date,
      faceValueCents: face,
      serviceFeeCents: fee,
      sold,
    });
  }
  async function member(): Promise<{ user: TestAccount; client: TestClient }> {
    const user = await createTestUser(db());
    return { user, client: await signedInClient(harness, user.id) };
  }
  const path = (eventId: number) => `/api/events/${eventId}/fan-queue`;
  async function join(client: TestClient, eventId: number, body = { quantity: 2, maxPrice: 80 }) {
    const answer = await client.put(path(eventId), body);
    expect(answer.status, answer.text).toBe(201);
    return answer.body as { id: number; position: number };
  }
  async function positionsOf(clients: TestClient[], eventId: number) {
    const positions: (number | null)[] = [];
    for (const client of clients)
      positions.push((await client.get(path(eventId))).body.mine?.position ?? null);
    return positions;
  }
  async function lineRow(eventId: number) {
    const [row] = await db().select().from(fanQueueShows).where(eq(fanQueueShows.eventId, eventId));
    return row;
  }
  async function entryRow(id: number) {
    const [row] = await db().select().from(fanQueueEntries).where(eq(fanQueueEntries.id, id));
    if (!row) throw new Error(`no entry ${id}`);
    return row;
  }
  const outboxOf = async (email: string) =>
    (await harness.client().get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).body as {
      subject: string;
      text: string;
    }[];

  it('joins with a 201 and the entry, first in line, and asks a visitor to sign in', async () => {
    const event = await newEvent();
    await listingOf(event, 8_000, 1_250);
    const fan = await member();
    const answer = await fan.client.put(path(event.id), { quantity: 2, maxPrice: 92.5 });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      eventId: event.id,
      eventName: event.name,
      eventDate: EVENT_DATE,
      venue: event.venueName,
      quantity: 2,
      maxPriceCents: 9_250,
      card: null,
      status: 'waiting',
      position: 1,
      joinedAt: clock.now().toISOString(),
      offer: null,
      history: [],
      endedReason: null,
    });
    expect(await entryRow(answer.body.id)).toMatchObject({
      positionKey: clock.now(),
      joinedAt: clock.now(),
      status: 'waiting',
    });
    expect(await lineRow(event.id)).toMatchObject({ waiting: 1, version: 1, throughQueueTickets: 0 });
    const visitor = harness.client();
    expect((await visitor.put(path(event.id), { quantity: 1, maxPrice: 10 })).status).toBe(401);
    expect((await visitor.delete(path(event.id))).status).toBe(401);
    expect((await visitor.get('/api/fan-queue')).status).toBe(401);
  });

  it('refuses each bad request with its own words and changes nothing', async () => {
    const event = await newEvent();
    // The reference price is the highest original price of the show's listings, a sold one included.
    await listingOf(event, 8_000, 1_250);
    await listingOf(event, 9_000, 1_500, true);
    const cancelled = await newEvent(EVENT_DATE, 'cancelled');
    const past = await newEvent('2030-02-27');
    const fan = await member();
    const cases: [number, Record<string, unknown>, number, string][] = [
      [event.id, { quantity: 0, maxPrice: 40 }, 400, FAN_QUEUE_TEXT.quantityInvalid],
      [
        event.id,
        { quantity: MAX_TICKETS_BOUGHT_PER_SHOW + 1, maxPrice: 40 },
        400,
        FAN_QUEUE_TEXT.quantityInvalid,
      ],
      [event.id, { quantity: 1.5, maxPrice: 40 }, 400, FAN_QUEUE_TEXT.quantityInvalid],
      [event.id, { quantity: 2 }, 400, FAN_QUEUE_TEXT.maxPriceRequired],
      [event.id, { quantity: 2, maxPrice: 0 }, 400, FAN_QUEUE_TEXT.maxPricePositive],
      [event.id, { quantity: 2, maxPrice: 10.005 }, 400, FAN_QUEUE_TEXT.maxPriceInvalid],
      [event.id, { quantity: 2, maxPrice: '40' }, 400, FAN_QUEUE_TEXT.maxPriceInvalid],
      [event.id, { quantity: 2, maxPrice: 105.01 }, 400, FAN_QUEUE_TEXT.aboveReference(formatCents(10_500))],
      [2_000_000_000, { quantity: 2, maxPrice: 40 }, 404, FAN_QUEUE_TEXT.eventNotFound],
      [cancelled.id, { quantity: 2, maxPrice: 40 }, 409, FAN_QUEUE_TEXT.notJoinable],
      [past.id, { quantity: 2, maxPrice: 40 }, 409, FAN_QUEUE_TEXT.notJoinable],
    ];
    for (const [eventId, body, status, message] of cases) {
      const refused = await fan.client.put(path(eventId), body);
      expect(refused.status, JSON.stringify(body)).toBe(status);
      const field = Object.keys(refused.body.fieldErrors ?? {})[0];
      expect(field ? refused.body.fieldErrors[field] : refused.body.message, JSON.stringify(body)).toBe(
        message,
      );
    }
    expect(FAN_QUEUE_TEXT.aboveReference(formatCents(10_500))).toContain('$105.00');

    // An e-mail address not verified yet.
    const unverified = await member();
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unverified.user.id));
    const notVerified = await unverified.client.put(path(event.id), { quantity: 1, maxPrice: 40 });
    expect([notVerified.status, notVerified.body.message]).toEqual([403, FAN_QUEUE_TEXT.emailNotVerified]);

    // The show's purchase limit counts the entry as a bid counts: 7 tickets bid for leave room for 1.
    const bidder = await member();
    await db()
      .insert(bids)
      .values({
        userId: bidder.user.id,
        eventId: event.id,
        eventName: event.name,
        eventDate: EVENT_DATE,
        maxPriceCents: 5_000,
        quantity: MAX_TICKETS_BOUGHT_PER_SHOW - 1,
        stripePaymentMethodId: await insertSavedCard(db(), bidder.user.id),
        expiresAt: new Date('2030-05-02T07:00:00Z'),
      });
    const tooMany = await bidder.client.put(path(event.id), { quantity: 2, maxPrice: 40 });
    expect([tooMany.status, tooMany.body.message]).toEqual([
      409,
      SHOW_LIMIT_TEXT.tooManyBought(MAX_TICKETS_BOUGHT_PER_SHOW - 1),
    ]);
    expect(await db().select().from(fanQueueEntries).where(eq(fanQueueEntries.eventId, event.id))).toEqual(
      [],
    );
    expect(await lineRow(event.id)).toBeUndefined();

    // At the reference price exactly, and within the limit, both are welcome.
    await join(bidder.client, event.id, { quantity: 1, maxPrice: 105 });
    // A show with no listing yet has no cap.
    const unlisted = await newEvent();
    await join(fan.client, unlisted.id, { quantity: 1, maxPrice: 5_000 });
    // A postponed show still takes entries.
    await join(fan.client, (await newEvent('2030-06-01', 'postponed')).id);
  });

  it('orders the line by joining: a change keeps the place, leaving moves those behind up', async () => {
    const event = await newEvent();
    const fans = [await member(), await member(), await member()];
    const entries = [];
    for (const fan of fans) {
      entries.push(await join(fan.client, event.id));
      clock.advance(1_000);
    }
    expect(entries.map((entry) => entry.position)).toEqual([1, 2, 3]);
    const clients = fans.map((fan) => fan.client);
    expect(await positionsOf(clients, event.id)).toEqual([1, 2, 3]);
    expect(await lineRow(event.id)).toMatchObject({ waiting: 3, version: 3 });

    // The second changes their quantity and price: 200, same place, same joining time.
    const changed = await clients[1]?.put(path(event.id), { quantity: 4, maxPrice: 60.25 });
    expect(changed?.status, changed?.text).toBe(200);
    expect(changed?.body).toMatchObject({
      id: entries[1]?.id,
      quantity: 4,
      maxPriceCents: 6_025,
      position: 2,
    });
    expect(await positionsOf(clients, event.id)).toEqual([1, 2, 3]);
    expect(await lineRow(event.id)).toMatchObject({ waiting: 3, version: 4 });

    // The first leaves: the others move up.
    const left = await clients[0]?.delete(path(event.id));
    expect(left?.status).toBe(204);
    expect(await entryRow(entries[0]?.id ?? 0)).toMatchObject({ status: 'left', endedAt: clock.now() });
    expect(await positionsOf(clients, event.id)).toEqual([null, 1, 2]);
    expect(await lineRow(event.id)).toMatchObject({ waiting: 2, version: 5 });
    const again = await clients[0]?.delete(path(event.id));
    expect([again?.status, again?.body.message]).toEqual([404, FAN_QUEUE_TEXT.notInQueue]);

    // Joining again is a new entry at the back of the line.
    const back = await join(clients[0] as TestClient, event.id);
    expect(back.id).not.toBe(entries[0]?.id);
    expect(await positionsOf(clients, event.id)).toEqual([3, 1, 2]);
    expect(await lineRow(event.id)).toMatchObject({ waiting: await countWaiting(db(), event.id) });
  });

  it('keeps one entry per member and show, even when the member joins twice at once', async () => {
    const event = await newEvent();
    const fan = await member();
    const answers = await Promise.all([
      fan.client.put(path(event.id), { quantity: 2, maxPrice: 50 }),
      fan.client.put(path(event.id), { quantity: 3, maxPrice: 50 }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    const rows = await db()
      .select()
      .from(fanQueueEntries)
      .where(and(eq(fanQueueEntries.eventId, event.id), eq(fanQueueEntries.userId, fan.user.id)));
    expect(rows).toHaveLength(1);
    expect(await lineRow(event.id)).toMatchObject({ waiting: 1, version: 2 });
  });

  it('shows a visitor the line without anyone’s place, and a member their own, kept from caches', async () => {
    const event = await newEvent();
    await listingOf(event, 7_000, 1_000);
    const fan = await member();
    await join(fan.client, event.id);
    await join((await member()).client, event.id);
    const seen = await harness.client().get(path(event.id));
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      eventId: event.id,
      open: true,
      waiting: 2,
      throughQueueTickets: 0,
      referencePriceCents: 8_000,
      maxQuantity: MAX_TICKETS_BOUGHT_PER_SHOW,
      mine: null,
    });
    expect(seen.headers.get('cache-control')).toBe('no-store');
    const own = await fan.client.get(path(event.id));
    expect(own.body.mine).toMatchObject({ status: 'waiting', position: 1, quantity: 2 });
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    // A member not in line sees the same as a visitor; a show that does not exist is a 404.
    expect((await (await member()).client.get(path(event.id))).body.mine).toBeNull();
    const missing = await harness.client().get(path(2_000_000_000));
    expect([missing.status, missing.body.message]).toEqual([404, FAN_QUEUE_TEXT.eventNotFound]);
    const unlisted = await harness.client().get(path((await newEvent()).id));
    expect(unlisted.body).toMatchObject({ waiting: 0, referencePriceCents: null, open: true });
    // A listing that names the show on its first day without picking it from the catalog counts too.
    await insertListing(db(), (await createTestUser(db())).id, {
      eventId: null,
      eventName: event.name.toUpperCase(),
      eventDate: event.date,
      faceValueCents: 9_000,
      serviceFeeCents: 500,
    });
    expect((await harness.client().get(path(event.id))).body.referencePriceCents).toBe(9_500);
  });

  it('lists a member’s places for My Bids: those in line first, then the rest, newest first, a page at a time', async () => {
    const fan = await member();
    const [first, second, third] = [await newEvent(), await newEvent(), await newEvent()];
    if (!first || !second || !third) throw new Error('no events');
    const a = await join(fan.client, first.id);
    clock.advance(1_000);
    const b = await join(fan.client, second.id);
    clock.advance(1_000);
    const c = await join(fan.client, third.id);
    clock.advance(1_000);
    expect((await fan.client.delete(path(third.id))).status).toBe(204);
    const page = await fan.client.get('/api/fan-queue?pageSize=2');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(
      page.body.entries.map((entry: { id: number; status: string }) => [entry.id, entry.status]),
    ).toEqual([
      [b.id, 'waiting'],
      [a.id, 'waiting'],
    ]);
    expect(page.body.entries[0]).toMatchObject({
      eventName: second.name,
      venue: second.venueName,
      position: 1,
    });
    const next = await fan.client.get('/api/fan-queue?pageSize=2&page=2');
    expect(next.body.entries).toMatchObject([{ id: c.id, status: 'left', position: null }]);
    expect((await (await member()).client.get('/api/fan-queue')).body).toEqual({
      entries: [],
      page: 1,
      pageSize: 20,
      total: 0,
    });
    expect((await fan.client.get('/api/fan-queue?pageSize=51')).status).toBe(400);
  });

  it('shows an open offer and its history, and hands an offer left open to the offers’ module', async () => {
    const event = await newEvent();
    const listing = await listingOf(event, 8_000, 1_000);
    const fan = await member();
    const waiting = await member();
    const entry = await join(fan.client, event.id);
    await join(waiting.client, event.id);
    // The offers' job would do this: the entry is offered the listing for ten minutes.
    await db().update(fanQueueEntries).set({ status: 'offered' }).where(eq(fanQueueEntries.id, entry.id));
    await db().update(fanQueueShows).set({ waiting: 1 }).where(eq(fanQueueShows.eventId, event.id));
    const lapsed = Array.from({ length: FAN_QUEUE_HISTORY_MAX }, (_, index) => ({
      entryId: entry.id,
      ticketId: listing.id,
      quantity: 2,
      priceCents: 9_000,
      status: 'lapsed' as const,
      expiresAt: new Date(clock.now().getTime() - 60_000),
      createdAt: new Date(clock.now().getTime() - (index + 2) * 60_000),
    }));
    await db().insert(fanQueueOffers).values(lapsed);
    const [open] = await db()
      .insert(fanQueueOffers)
      .values({
        entryId: entry.id,
        ticketId: listing.id,
        quantity: 2,
        priceCents: 9_000,
        expiresAt: new Date(clock.now().getTime() + 600_000),
        createdAt: clock.now(),
      })
      .returning();
    const mine = (await fan.client.get(path(event.id))).body.mine;
    expect(mine).toMatchObject({
      status: 'offered',
      position: null,
      offer: {
        id: open?.id,
        ticketId: listing.id,
        quantity: 2,
        priceCents: 9_000,
        status: 'open',
        createdAt: clock.now().toISOString(),
        expiresAt: new Date(clock.now().getTime() + 600_000).toISOString(),
      },
    });
    expect(mine.history).toHaveLength(FAN_QUEUE_HISTORY_MAX);
    expect(mine.history[0].id).toBe(open?.id);
    // The waiting fan behind is first among those waiting.
    expect((await waiting.client.get(path(event.id))).body.mine.position).toBe(1);

    // Leaving calls the offers' hand-off with the entry, once left; a waiting entry's leaving does not.
    const onLeftWithOffer = vi.fn(async (_entryId: number) => undefined);
    const instance = Fastify();
    instance.setValidatorCompiler(validatorCompiler);
    instance.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(instance);
    await instance.register(cookie);
    await instance.register(sessionPlugin, { db: db(), secureCookies: false });
    await instance.register(fanQueueRoutes, { db: db(), clock, paymentsKind: 'sandbox', onLeftWithOffer });
    const leave = (client: TestClient) =>
      instance.inject({
        method: 'DELETE',
        url: path(event.id),
        headers: { cookie: `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}` },
      });
    try {
      expect((await leave(fan.client)).statusCode).toBe(204);
      expect(onLeftWithOffer).toHaveBeenCalledTimes(1);
      expect(onLeftWithOffer).toHaveBeenCalledWith(entry.id);
      expect(await entryRow(entry.id)).toMatchObject({ status: 'left', endedAt: clock.now() });
      expect(await lineRow(event.id)).toMatchObject({ waiting: 1 });
      expect((await leave(waiting.client)).statusCode).toBe(204);
      expect(onLeftWithOffer).toHaveBeenCalledTimes(1);
      expect(await lineRow(event.id)).toMatchObject({ waiting: 0 });
    } finally {
      await instance.close();
    }
  });

  it('ends a cancelled show’s line and e-mails each fan once; a postponed show keeps its line', async () => {
    const event = await newEvent();
    const fans = [await member(), await member()];
    const entries = [await join(fans[0]?.client as TestClient, event.id)];
    entries.push(await join(fans[1]?.client as TestClient, event.id));
    const elsewhere = await newEvent();
    const staying = await join(fans[0]?.client as TestClient, elsewhere.id);
    clock.advance(60_000);
    const cancelled = await admin.post(`/api/admin/events/${event.id}/cancel`, {
      reason: 'The singer is ill',
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    for (const entry of entries)
      expect(await entryRow(entry.id)).toMatchObject({
        status: 'ended',
        endedReason: 'event_cancelled',
        endedAt: clock.now(),
      });
    expect(await entryRow(staying.id)).toMatchObject({ status: 'waiting' });
    expect(await lineRow(event.id)).toMatchObject({ waiting: 0 });
    const shown = await fans[0]?.client.get(path(event.id));
    expect(shown?.body).toMatchObject({ open: false, waiting: 0, mine: null });
    const refused = await fans[0]?.client.put(path(event.id), { quantity: 1, maxPrice: 20 });
    expect([refused?.status, refused?.body.message]).toEqual([409, FAN_QUEUE_TEXT.notJoinable]);
    const mine = await fans[0]?.client.get('/api/fan-queue');
    expect(mine?.body.entries).toMatchObject([
      { id: staying.id, status: 'waiting' },
      { id: entries[0]?.id, status: 'ended', endedReason: 'event_cancelled' },
    ]);

    // The e-mails are durable jobs: once each, however often the jobs run.
    const runner = testJobRunner(harness, clock);
    await runner.runOnce();
    await runner.runOnce();
    for (const fan of fans) {
      const mails = await outboxOf(fan?.user.email ?? '');
      expect(mails.map((mail) => mail.subject)).toEqual([FAN_QUEUE_TEXT.endedMailSubject(event.name)]);
      expect(mails[0]?.text).toBe(
        ['Hi Test,', FAN_QUEUE_TEXT.endedCancelled(event.name), 'http://localhost:3000/my-bids'].join('\n\n'),
      );
    }

    // Postponed: the entries follow the catalog event to its new date, in the same order.
    const postponed = await newEvent();
    const first = await member();
    const second = await member();
    await join(first.client, postponed.id);
    clock.advance(1_000);
    await join(second.client, postponed.id);
    const moved = await admin.post(`/api/admin/events/${postponed.id}/postpone`, { newDate: '2030-06-15' });
    expect(moved.status, moved.text).toBe(200);
    expect(await positionsOf([first.client, second.client], postponed.id)).toEqual([1, 2]);
    const after = await second.client.get(path(postponed.id));
    expect(after.body).toMatchObject({
      open: true,
      waiting: 2,
      mine: { status: 'waiting', eventDate: '2030-06-15' },
    });
    expect(await outboxOf(first.user.email)).toEqual([]);
  });

  it('ends a closed account’s places and moves those behind up', async () => {
    const event = await newEvent();
    const other = await newEvent();
    const leaving = await member();
    const behind = await member();
    const entry = await join(leaving.client, event.id);
    const otherEntry = await join(leaving.client, other.id);
    clock.advance(1_000);
    await join(behind.client, event.id);
    expect(await positionsOf([behind.client], event.id)).toEqual([2]);
    const closed = await leaving.client.post('/api/user/closure', { password: leaving.user.password });
    expect(closed.status, closed.text).toBe(200);
    for (const id of [entry.id, otherEntry.id])
      expect(await entryRow(id)).toMatchObject({
        status: 'ended',
        endedReason: 'account_closed',
        endedAt: clock.now(),
      });
    expect(await positionsOf([behind.client], event.id)).toEqual([1]);
    expect(await lineRow(event.id)).toMatchObject({ waiting: 1 });
    expect(await lineRow(other.id)).toMatchObject({ waiting: 0 });
  });

  it('tells open pages that the show’s line changed', async () => {
    const event = await newEvent();
    const watcher = await member();
    const live = await openLive(watcher.client);
    try {
      await join((await member()).client, event.id);
      const notice = await live.next((heard) => heard.kind === 'fan-queue' && heard.id === event.id);
      expect(notice).toEqual({ kind: 'fan-queue', id: event.id, eventId: event.id });
    } finally {
      live.close();
    }
  });
});
