import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDollars } from '../../../common/money.js';
import { FAN_QUEUE_OFFER_MS } from '../../../common/schemas/fan-queue.js';
import type { SplitRule } from '../../../common/splits.js';
import { SandboxPaymentProvider } from '../../adapters/payments/sandbox.js';
import type { Db } from '../../db/client.js';
import { openPostgres } from '../../db/client.js';
import { events, jobs, tickets, venues } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { freePort } from '../../test/free-port.js';
import {
  openThrowawayPostgres,
  startTestAppOn,
  type TestApp,
  type TestClient,
  type TestResponse,
  type ThrowawayDatabase,
} from '../../test/harness.js';
import { instanceEnv } from '../../test/instance-env.js';
import { signedInClient } from '../auth/testing.js';
import { sweepBids } from '../bids/jobs.js';
import { insertSavedCard, unbalancedSessions } from '../bids/testing.js';
import { sandboxSessionStore } from '../checkout/service.js';
import { ledgerMismatches } from '../ledger/checks.js';
import { insertListing, insertUsers, isoDay } from '../marketplace/testing.js';
import { sandboxCardStore } from '../payment-methods/service.js';
import { countWaiting } from './entries.js';
import { FAN_QUEUE_OFFER_JOB } from './offers.js';

/**
 * Decision 0100, "How it is checked": the Fan Queue on PostgreSQL with two app instances (each its own
 * connection pool) racing over one show's line, then with `kill -9` of an instance in the middle of an offer.
 * Whatever interleaving the database picks, no ticket goes to two fans at once, no fan gets more than they
 * asked for, no listing sells more than it has, no checkout is fulfilled twice and the ledger balances.
 *
 * The offers' own rows cannot tell every rule afterwards (an offer of a part is renamed to its listing when
 * the part goes back), so test-only triggers log each offer as it was written and each part as it was carved.
 */

const MEMBERS = 20;
const LISTINGS = 24;
const RULES: SplitRule[] = ['any', 'all', 'no_single'];
/** What each member asks for at first: 1–4 tickets, at one of four prices per ticket (all-in). */
const WANTS = [1, 2, 3, 4, 2, 1, 2, 3, 1, 2, 4, 2, 1, 3, 2, 2, 1, 4, 2, 1];
const PRICES = [92.5, 85, 92.5, 78];
/**
 * Members in line with "buy for me", by their index, and the sandbox card that backs it: one that pays, one
 * that is declined, one whose bank asks for a confirmation that never comes.
 */
const BUY_FOR_ME_CARDS = new Map([
  [2, '4242'],
  [6, '4242'],
  [9, '0341'],
  [13, '3184'],
]);
/** Listings at 10–30 % under face value: all fair (at or below face value plus the original fee). */
const MARKUPS = [-10, -20, -30];

const AUDIT_SQL = `
  create sequence race_seq;
  create table race_offer_log (offer_id int primary key, entry_id int not null, ticket_id int not null,
    quantity int not null, created_at timestamptz not null, seq bigint not null default nextval('race_seq'));
  create function race_log_offer() returns trigger language plpgsql as $$ begin
    insert into race_offer_log (offer_id, entry_id, ticket_id, quantity, created_at)
      values (new.id, new.entry_id, new.ticket_id, new.quantity, new.created_at);
    return new; end $$;
  create trigger race_offer_log after insert on fan_queue_offers for each row execute function race_log_offer();
  create table race_offer_end_log (offer_id int primary key, seq bigint not null default nextval('race_seq'));
  create function race_log_offer_end() returns trigger language plpgsql as $$ begin
    insert into race_offer_end_log (offer_id) values (new.id); return new; end $$;
  create trigger race_offer_end_log after update on fan_queue_offers for each row
    when (old.status = 'open' and new.status <> 'open') execute function race_log_offer_end();
  create table race_part_log (ticket_id int primary key, listing_id int not null);
  create function race_log_part() returns trigger language plpgsql as $$ begin
    insert into race_part_log values (new.id, new.split_from_ticket_id); return new; end $$;
  create trigger race_part_log after insert on tickets for each row when (new.split_from_ticket_id is not null)
    execute function race_log_part();
  create table race_hold_log (seq bigint primary key default nextval('race_seq'), ticket_id int not null,
    viewer_id int, sold boolean not null, buyer_id int);
  create function race_log_hold() returns trigger language plpgsql as $$ begin
    insert into race_hold_log (ticket_id, viewer_id, sold, buyer_id)
      values (new.id, new.current_viewer_id, new.sold, new.buyer_id);
    return new; end $$;
  create trigger race_hold_log after insert or update on tickets for each row execute function race_log_hold();
  create table race_entry_log (seq bigint primary key default nextval('race_seq'), entry_id int not null,
    quantity int not null, status text not null);
  create function race_log_entry() returns trigger language plpgsql as $$ begin
    insert into race_entry_log (entry_id, quantity, status) values (new.id, new.quantity, new.status);
    return new; end $$;
  create trigger race_entry_log after insert or update on fan_queue_entries for each row
    execute function race_log_entry();`;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, everyMs = 100) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A catalog show on `date` with its own venue. */
async function insertShow(db: Db, name: string, date: string) {
  const [venue] = await db
    .insert(venues)
    .values({ name: `${name} Hall`, city: 'Portland' })
    .returning();
  const [event] = await db
    .insert(events)
    .values({ name, date, venueId: venue?.id ?? 0 })
    .returning();
  if (!event) throw new Error('no event');
  return event;
}

interface Asked {
  /**
   * The most tickets each entry (by id) may have got: over the member's joins and changes of it, what they
   * asked for then plus what it had bought by the time they were answered. A partial purchase lowers the
   * entry's quantity to what is still wanted, so a change after one asks for that many more.
   */
  byEntry: Map<number, number>;
}

/** A join or change that answered with the entry: what it allows is noted for the checks. */
async function noteAsked(db: Db, asked: Asked, answer: TestResponse) {
  if (answer.status !== 200 && answer.status !== 201) return;
  const { id, quantity } = answer.body as { id: number; quantity: number };
  const [bought] = await rows<{ n: number }>(
    db,
    sql`select coalesce(sum(quantity), 0)::int as n from fan_queue_offers where entry_id = ${id} and status = 'bought'`,
  );
  asked.byEntry.set(id, Math.max(asked.byEntry.get(id) ?? 0, quantity + (bought?.n ?? 0)));
}

/**
 * Every rule of the race, read from the database once it has settled. `listings`: each listing of the show
 * and how many tickets it had when listed (its parts count against it).
 */
async function assertInvariants(db: Db, eventId: number, asked: Asked, listings: Map<number, number>) {
  const logged = await rows<{
    offer_id: number;
    entry_id: number;
    ticket_id: number;
    quantity: number;
    created_at: Date;
    status: string | null;
    ended_at: Date | null;
    listing_id: number;
  }>(
    db,
    sql`select l.offer_id, l.entry_id, l.ticket_id, l.quantity, l.created_at, o.status, o.ended_at,
      coalesce(p.listing_id, l.ticket_id) as listing_id
    from race_offer_log l
    left join fan_queue_offers o on o.id = l.offer_id
    left join race_part_log p on p.ticket_id = l.ticket_id
    join fan_queue_entries e on e.id = l.entry_id
    where e.event_id = ${eventId}
    order by l.offer_id`,
  );
  // The history keeps every offer (My Bids shows it; it is the record of what went through the queue).
  const rowsLeft = new Set(
    (await rows<{ id: number }>(db, sql`select id from tickets where event_id = ${eventId}`)).map(
      (row) => row.id,
    ),
  );
  expect(
    logged
      .filter((offer) => offer.status === null)
      .map(
        (offer) =>
          `offer ${offer.offer_id} of row ${offer.ticket_id} (listing ${offer.listing_id}) is gone` +
          (rowsLeft.has(offer.ticket_id) ? '' : ', with its row'),
      ),
  ).toEqual([]);
  const time = (at: Date | null) => (at === null ? Number.POSITIVE_INFINITY : new Date(at).getTime());

  // One row, one member at a time: each row's offers, in the order they were written (under its row lock),
  // each ended no later than the next one began. Likewise one entry has one offer at a time.
  const sequential = (key: 'ticket_id' | 'entry_id') => {
    const overlaps: string[] = [];
    const last = new Map<number, (typeof logged)[number]>();
    for (const offer of logged) {
      const before = last.get(offer[key]);
      if (before && time(before.ended_at) > time(offer.created_at))
        overlaps.push(`${key} ${offer[key]}: offer ${before.offer_id} still open at offer ${offer.offer_id}`);
      last.set(offer[key], offer);
    }
    return overlaps;
  };
  expect(sequential('ticket_id')).toEqual([]);
  expect(sequential('entry_id')).toEqual([]);
  // And nobody else held or bought a row while an offer of it was open: every change of the row's holder,
  // replayed in the order the row lock let them happen, against its offers' starts and ends.
  const history = await rows<{
    seq: string;
    ticket_id: number;
    kind: 'start' | 'end' | 'hold';
    member: number | null;
    sold: boolean | null;
    buyer: number | null;
  }>(
    db,
    sql`select l.seq, l.ticket_id, 'start' as kind, e.user_id as member, null::boolean as sold, null::int as buyer
      from race_offer_log l join fan_queue_entries e on e.id = l.entry_id where e.event_id = ${eventId}
    union all
    select x.seq, l.ticket_id, 'end', e.user_id, null, null from race_offer_end_log x
      join race_offer_log l on l.offer_id = x.offer_id join fan_queue_entries e on e.id = l.entry_id
      where e.event_id = ${eventId}
    union all
    select h.seq, h.ticket_id, 'hold', h.viewer_id, h.sold, h.buyer_id from race_hold_log h
      where h.ticket_id in (select ticket_id from race_offer_log)
    order by 1`,
  );
  const offeredTo = new Map<number, number>();
  const takenFromOffers: string[] = [];
  for (const change of history) {
    const holder = offeredTo.get(change.ticket_id);
    if (change.kind === 'start') offeredTo.set(change.ticket_id, change.member ?? 0);
    else if (change.kind === 'end') offeredTo.delete(change.ticket_id);
    else if (holder !== undefined) {
      if (change.member !== null && change.member !== holder)
        takenFromOffers.push(`row ${change.ticket_id} held by ${change.member} while offered to ${holder}`);
      if (change.sold && change.buyer !== holder)
        takenFromOffers.push(`row ${change.ticket_id} sold to ${change.buyer} while offered to ${holder}`);
    }
  }
  expect(takenFromOffers).toEqual([]);
  // No listing is offered beyond its tickets: at each offer's start, the offers open on the listing and its
  // parts hold no more tickets than it had.
  const overbooked: string[] = [];
  for (const offer of logged) {
    const at = time(offer.created_at);
    const open = logged.filter(
      (other) =>
        other.listing_id === offer.listing_id && time(other.created_at) <= at && at < time(other.ended_at),
    );
    const held = open.reduce((sum, other) => sum + other.quantity, 0);
    if (held > (listings.get(offer.listing_id) ?? 0))
      overbooked.push(`listing ${offer.listing_id}: ${held} tickets offered at offer ${offer.offer_id}`);
  }
  expect(overbooked).toEqual([]);

  // Open offers: at most one per row, one per entry, and an entry is offered exactly while it has one.
  const open = await rows<{ entry_id: number; ticket_id: number; status: string; n: number }>(
    db,
    sql`select e.id as entry_id, o.ticket_id, e.status, count(o.id)::int as n
    from fan_queue_entries e left join fan_queue_offers o on o.entry_id = e.id and o.status = 'open'
    where e.event_id = ${eventId} group by e.id, o.ticket_id, e.status`,
  );
  expect(open.filter((entry) => entry.n > 1)).toEqual([]);
  expect(open.filter((entry) => (entry.status === 'offered') !== (entry.n === 1))).toEqual([]);
  const openRows = open.filter((entry) => entry.n === 1).map((entry) => entry.ticket_id);
  expect(new Set(openRows).size).toBe(openRows.length);

  // Each offer held at most what its entry still wanted when it was made, and was made to a waiting entry.
  const beyond = await rows<{
    offer_id: number;
    quantity: number;
    wanted: number | null;
    status: string | null;
  }>(
    db,
    sql`select l.offer_id, l.quantity, q.quantity as wanted, q.status from race_offer_log l
    join fan_queue_entries e on e.id = l.entry_id
    left join lateral (select x.quantity, x.status from race_entry_log x
      where x.entry_id = l.entry_id and x.seq < l.seq order by x.seq desc limit 1) q on true
    where e.event_id = ${eventId} and (q.quantity is null or l.quantity > q.quantity or q.status <> 'waiting')`,
  );
  expect(beyond).toEqual([]);
  // No entry got more tickets than it asked for.
  const bought = await rows<{ entry_id: number; tickets: number }>(
    db,
    sql`select o.entry_id, sum(o.quantity)::int as tickets from fan_queue_offers o
    join fan_queue_entries e on e.id = o.entry_id
    where e.event_id = ${eventId} and o.status = 'bought' group by o.entry_id`,
  );
  const entries = await rows<{ id: number }>(
    db,
    sql`select id from fan_queue_entries where event_id = ${eventId}`,
  );
  expect(entries.filter((entry) => !asked.byEntry.has(entry.id))).toEqual([]);
  expect(bought.filter((entry) => entry.tickets > (asked.byEntry.get(entry.entry_id) ?? 0))).toEqual([]);

  // No listing sold more tickets than it had; every sale is one order of one fulfilled checkout.
  const sold = await rows<{ listing_id: number; tickets: number; orders: number; sessions: number }>(
    db,
    sql`select coalesce(t.split_from_ticket_id, t.id) as listing_id, sum(o.quantity)::int as tickets,
      count(*)::int as orders, count(distinct o.checkout_session_id)::int as sessions
    from orders o join tickets t on t.id = o.ticket_id where t.event_id = ${eventId}
    group by coalesce(t.split_from_ticket_id, t.id)`,
  );
  expect(sold.filter((listing) => listing.tickets > (listings.get(listing.listing_id) ?? 0))).toEqual([]);
  expect(sold.filter((listing) => listing.orders !== listing.sessions)).toEqual([]);
  // No checkout charged twice: every paid session of the show is decided once, fulfilled with one order or
  // refunded with none.
  const sessions = await rows<{ id: string; outcome: string | null; orders: number }>(
    db,
    sql`select s.id, s.outcome, (select count(*)::int from orders o where o.checkout_session_id = s.id) as orders
    from checkout_sessions s join tickets t on t.id = s.ticket_id
    where t.event_id = ${eventId} and s.status = 'paid'`,
  );
  expect(sessions.filter((session) => session.outcome === null)).toEqual([]);
  expect(sessions.filter((session) => session.orders !== (session.outcome === 'fulfilled' ? 1 : 0))).toEqual(
    [],
  );
  expect(await unbalancedSessions(db)).toEqual([]);
  expect(await ledgerMismatches(db)).toEqual([]);
  // "Buy for me": every off-session purchase of the show is one offer's, none is left open, and no offer
  // was charged by more than one purchase (the offers' unique session, one charge per session's key).
  const purchases = await rows<{ id: string; status: string; offers: number }>(
    db,
    sql`select s.id, s.status,
      (select count(*)::int from fan_queue_offers o where o.checkout_session_id = s.id) as offers
    from checkout_sessions s join tickets t on t.id = s.ticket_id
    where t.event_id = ${eventId} and s.kind = 'off_session'`,
  );
  expect(purchases.filter((purchase) => purchase.offers !== 1 || purchase.status === 'open')).toEqual([]);

  // The show's counters: the waiting entries, and every ticket bought through the queue.
  const [line] = await rows<{ waiting: number; through_queue_tickets: number }>(
    db,
    sql`select waiting, through_queue_tickets from fan_queue_shows where event_id = ${eventId}`,
  );
  expect(line?.waiting).toBe(await countWaiting(db, eventId));
  expect(line?.through_queue_tickets).toBe(bought.reduce((sum, entry) => sum + entry.tickets, 0));
  return {
    offers: logged.length,
    byStatus: Object.fromEntries(
      ['open', 'bought', 'lapsed', 'withdrawn', 'declined'].map((status) => [
        status,
        logged.filter((offer) => offer.status === status).length,
      ]),
    ),
    sold: sold.reduce((sum, listing) => sum + listing.tickets, 0),
    purchases: Object.fromEntries(
      ['paid', 'cancelled', 'expired'].map((status) => [
        status,
        purchases.filter((purchase) => purchase.status === status).length,
      ]),
    ),
  };
}

interface OpenOffer {
  id: number;
  entryId: number;
  userId: number;
  ticketId: number;
  quantity: number;
  priceCents: number;
}

async function openOffers(db: Db, eventId: number): Promise<OpenOffer[]> {
  return rows<OpenOffer>(
    db,
    sql`select o.id, o.entry_id as "entryId", e.user_id as "userId", o.ticket_id as "ticketId", o.quantity,
      o.price_cents as "priceCents"
    from fan_queue_offers o join fan_queue_entries e on e.id = o.entry_id
    where e.event_id = ${eventId} and o.status = 'open' order by o.id`,
  );
}

/** Every answer of the race: none may be a server error (a deadlock or a lost retry would be one). */
const answers: TestResponse[] = [];
function seen(answer: TestResponse): TestResponse {
  answers.push(answer);
  return answer;
}

/**
 * The member opens the offered tickets and pays in the sandbox; the return page is then verified by both
 * instances at once (fulfilment racing itself). Refusals along the way (the offer lapsed) are fine.
 */
async function pay(clients: [TestClient, TestClient], offer: OpenOffer) {
  const [client, other] = clients;
  const lock = seen(await client.post(`/api/tickets/${offer.ticketId}/lock`));
  if (lock.status !== 200) return;
  const payment = seen(
    await client.post(`/api/tickets/${offer.ticketId}/payment`, {
      amount: centsToDollars(offer.priceCents * offer.quantity),
      version: lock.body.version,
    }),
  );
  if (payment.status !== 200) return;
  const sessionId = new URL(payment.body.url).pathname.split('/').at(-1) ?? '';
  const paid = seen(
    await client.post(`/api/sandbox/checkout/${sessionId}/pay`, {
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2040,
      cvc: '123',
    }),
  );
  if (paid.status !== 200) return;
  await Promise.all([
    client.post(`/api/purchase/verify/${sessionId}`).then(seen),
    other.post(`/api/purchase/verify/${sessionId}`).then(seen),
  ]);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the Fan Queue on PostgreSQL', () => {
  it('keeps every rule while two instances offer, sell, hand on and lapse one show’s line at once', {
    timeout: 60_000,
  }, async () => {
    const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
    const database = await openThrowawayPostgres(process.env.TEST_DATABASE_URL as string, {
      poolSize: 5,
      prefix: 'encore_fq_race',
    });
    const second = await openPostgres(database.url as string, { poolSize: 5 });
    const instances: TestApp[] = [];
    try {
      instances.push(await startTestAppOn(database, {}, { clock }));
      instances.push(await startTestAppOn(second, {}, { clock }));
      const [a, b] = instances as [TestApp, TestApp];
      const db = database.db;
      await db.execute(sql.raw(AUDIT_SQL));
      const event = await insertShow(db, 'Race Night', '2030-05-01');
      const members = await insertUsers(db, MEMBERS, 'fqrace');
      const sellers = [members[0], ...(await insertUsers(db, 2, 'fqseller'))];
      // Each member's own client on each instance; their first is the instance they mostly use.
      const clients = await Promise.all(
        members.map(async (member, index) => {
          const mine = index % 2 === 0 ? a : b;
          const theirs = index % 2 === 0 ? b : a;
          return [await signedInClient(mine, member.id), await signedInClient(theirs, member.id)] as [
            TestClient,
            TestClient,
          ];
        }),
      );
      const memberIndex = new Map(members.map((member, index) => [member.id, index]));
      const clientsOf = (userId: number) =>
        clients[memberIndex.get(userId) ?? -1] as [TestClient, TestClient];
      const rivalOf = (userId: number, index: number) =>
        (members[((memberIndex.get(userId) ?? 0) + 1 + index) % MEMBERS] as { id: number }).id;
      const asked: Asked = { byEntry: new Map() };
      const line = `/api/events/${event.id}/fan-queue`;
      const cards = new Map<number, string>();
      for (const [index, last4] of BUY_FOR_ME_CARDS)
        cards.set(
          index,
          await insertSavedCard(db, (members[index] as { id: number }).id, last4, `race-${index}`),
        );
      const join = async (index: number, quantity: number, maxPrice = PRICES[index % PRICES.length]) => {
        const client = (clients[index] as [TestClient, TestClient])[0];
        const paymentMethodId = cards.get(index) ?? null;
        await noteAsked(db, asked, seen(await client.put(line, { quantity, maxPrice, paymentMethodId })));
      };
      const leave = async (index: number) => {
        seen(await (clients[index] as [TestClient, TestClient])[1].delete(line));
      };
      /** Both instances run their due jobs at once, until neither finds any. */
      const settle = async () => {
        for (let round = 0; round < 20; round += 1) {
          const ran = await Promise.all(
            instances.map((instance) => instance.app.fanQueueOffers.runner.runOnce()),
          );
          if (ran.every((count) => count === 0)) return;
        }
        throw new Error('the jobs did not settle');
      };

      // Everyone joins at once, through both instances.
      await Promise.all(members.map((_, index) => join(index, WANTS[index] ?? 1)));
      const listings = new Map<number, number>();
      const listed: { id: number }[] = [];
      for (let index = 0; index < LISTINGS; index += 1) {
        const quantity = 1 + (index % 4);
        const row = await insertListing(db, (sellers[index % sellers.length] as { id: number }).id, {
          eventId: event.id,
          eventName: event.name,
          eventDate: event.date,
          quantity,
          seats: quantity === 1 ? '1' : `1-${quantity}`,
          splitRule: RULES[index % RULES.length],
          markup: MARKUPS[index % MARKUPS.length],
        });
        listings.set(row.id, quantity);
        listed.push(row);
      }

      // The listings become buyable on both instances while members at the back leave, come back and change.
      await Promise.all([
        ...listed.map((row, index) => (index % 2 === 0 ? a : b).app.fanQueueOffers.listingBuyable(row.id)),
        leave(15),
        join(16, 3),
        leave(17).then(() => join(17, 2)),
        join(18, 1, 70),
        leave(19),
        join(5, 4),
      ]);
      await settle();

      for (let round = 0; round < 3; round += 1) {
        // Offers are paid, let go of, left with or left to lapse, while others in line change their minds.
        const offers = await openOffers(db, event.id);
        const late: OpenOffer[] = [];
        await Promise.all([
          ...offers.map(async (offer, index) => {
            const member = memberIndex.get(offer.userId) ?? 0;
            const client = clientsOf(offer.userId);
            switch ((index + round) % 4) {
              case 0:
                return pay(client, offer);
              case 1: {
                // Let go of, while someone else in line goes for the same row.
                const rival = rivalOf(offer.userId, index);
                return Promise.all([
                  client[1].post(`/api/tickets/${offer.ticketId}/unlock`).then(seen),
                  pay(clientsOf(rival), { ...offer, userId: rival }),
                ]);
              }
              case 2:
                // Asks for more while paying for what is held.
                return Promise.all([pay(client, offer), join(member, Math.min(4, offer.quantity + 1))]);
              default:
                if (index % 3 === 0) return leave(member);
                late.push(offer);
            }
          }),
          join((round * 7 + 3) % MEMBERS, 1 + (round % 4)),
          leave((round * 5 + 11) % MEMBERS).then(() => join((round * 5 + 11) % MEMBERS, 2)),
        ]);
        await settle();
        // Ten minutes on: the offers left alone lapse on both instances at once, while their members try to
        // pay at the very last moment.
        clock.advance(FAN_QUEUE_OFFER_MS + 1_000);
        // Others in line go for the same rows directly, in the gap before the expiry job hands them on.
        await Promise.all([
          ...instances.map((instance) => instance.app.fanQueueOffers.runner.runOnce()),
          ...late.map((offer) => pay(clientsOf(offer.userId), offer)),
          ...late.map((offer, index) =>
            pay(clientsOf(rivalOf(offer.userId, index)), { ...offer, userId: rivalOf(offer.userId, index) }),
          ),
        ]);
        await settle();
      }
      // What is still offered lapses; the clock moves past every hold and payment window.
      for (let round = 0; round < 4; round += 1) {
        clock.advance(FAN_QUEUE_OFFER_MS + 1_000);
        await settle();
      }
      // The recovery sweep settles a "buy for me" purchase whose offer was bought through the checkout while
      // it waited for the bank.
      await sweepBids({
        db,
        payments: new SandboxPaymentProvider(
          a.config.appUrl,
          sandboxSessionStore(db, clock),
          sandboxCardStore(db, clock),
        ),
        mailer: a.mailer,
        clock,
        appUrl: a.config.appUrl,
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      });
      await settle();

      expect(answers.filter((answer) => answer.status >= 500).map((answer) => answer.text)).toEqual([]);
      const seenStatuses = new Set(answers.map((answer) => answer.status));
      expect(seenStatuses.has(201) && seenStatuses.has(204)).toBe(true);
      const summary = await assertInvariants(db, event.id, asked, listings);
      // The race did what it set out to: offers were bought, let go of and let lapse.
      expect(summary.byStatus.bought).toBeGreaterThan(0);
      expect(summary.byStatus.withdrawn).toBeGreaterThan(0);
      expect(summary.byStatus.lapsed).toBeGreaterThan(0);
      // …and "buy for me" bought with a card, and ended a purchase unpaid (declined, cancelled or expired).
      const { paid, cancelled, expired } = summary.purchases as Record<string, number>;
      expect(paid).toBeGreaterThan(0);
      expect((cancelled ?? 0) + (expired ?? 0)).toBeGreaterThan(0);
    } finally {
      for (const instance of instances) await instance.close();
      await second.close();
      await database.drop();
    }
  });

  describe('kill -9 of an instance in the middle of an offer', () => {
    const LEASE_MS = 1_500;
    const POLL_MS = 200;
    const root = path.resolve(import.meta.dirname, '../../..');
    let database: ThrowawayDatabase;
    let survivor: TestApp | undefined;
    let child: ChildProcess | undefined;
    let locker: pg.Client | undefined;
    let dataDir: string;
    beforeAll(async () => {
      database = await openThrowawayPostgres(process.env.TEST_DATABASE_URL as string, {
        poolSize: 5,
        prefix: 'encore_fq_kill',
      });
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-fq-kill-'));
    });
    afterAll(async () => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await locker?.end().catch(() => undefined);
      await survivor?.close();
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('lets the surviving instance offer every listing the killed one had claimed, each to one fan', {
      timeout: 120_000,
    }, async () => {
      const db = database.db;
      await db.execute(sql.raw(AUDIT_SQL));
      const port = await freePort();
      // server/main.ts in a process of its own (tsx a loader of that process, so SIGKILL reaches it).
      child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: instanceEnv(port, {
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          STRIPE_SECRET_KEY: '',
          SEED_DEMO_DATA: 'false',
          JOB_LEASE_MS: String(LEASE_MS),
          JOB_POLL_INTERVAL_MS: String(POLL_MS),
        }),
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-10_000);
      });
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      // Meanwhile the survivor (on the real clock, its own pool) and the line.
      survivor = await startTestAppOn(database, { JOB_LEASE_MS: String(LEASE_MS) }, {});
      const event = await insertShow(db, 'Kill Night', isoDay(30));
      const members = await insertUsers(db, 10, 'fqkill');
      const [seller] = await insertUsers(db, 1, 'fqkillseller');
      const asked: Asked = { byEntry: new Map() };
      for (const [index, member] of members.entries()) {
        const client = await signedInClient(survivor, member.id);
        const answer = await client.put(`/api/events/${event.id}/fan-queue`, {
          quantity: WANTS[index] ?? 1,
          maxPrice: PRICES[index % PRICES.length],
        });
        expect(answer.status, answer.text).toBe(201);
        await noteAsked(db, asked, answer);
      }
      const listings = new Map<number, number>();
      const listed: { id: number }[] = [];
      // Whole, in parts, and one (4 sold whole) that fits nobody in line.
      for (const [quantity, splitRule] of [
        [1, 'all'],
        [2, 'all'],
        [4, 'any'],
        [3, 'all'],
        [3, 'no_single'],
        [2, 'any'],
        [1, 'any'],
        [4, 'all'],
      ] as const) {
        const row = await insertListing(db, seller?.id ?? 0, {
          eventId: event.id,
          eventName: event.name,
          eventDate: event.date,
          quantity,
          seats: quantity === 1 ? '1' : `1-${quantity}`,
          splitRule,
          markup: -10,
        });
        listings.set(row.id, quantity);
        listed.push(row);
      }
      // The first listing (one ticket) fits the first in line.
      const firstFan = members[0];
      if (!firstFan || WANTS[0] !== 1) throw new Error('the first in line wants one ticket');

      await waitFor(
        'the instance to start',
        async () => {
          if (child?.exitCode !== null) throw new Error(`instance exited: ${stderr}`);
          const status = await fetch(`http://127.0.0.1:${port}/api/health`)
            .then((response) => response.status)
            .catch(() => 0);
          return status === 200;
        },
        45_000,
      );

      // The show's counters are held by another session, so the instance's first offer (of the first listing,
      // to the first in line) stops inside its transaction: the hold made and the offer written, uncommitted.
      locker = new pg.Client({ connectionString: database.url });
      locker.on('error', () => undefined);
      await locker.connect();
      await locker.query('begin');
      await locker.query('select event_id from fan_queue_shows where event_id = $1 for update', [event.id]);
      // Every listing's offer job at once, the first one first: the instance claims them in one batch.
      await db.insert(jobs).values(
        listed.map((row, index) => ({
          kind: FAN_QUEUE_OFFER_JOB,
          key: `ticket:${row.id}`,
          runAt: new Date(Date.now() - 1_000 + index),
          payload: { ticketId: row.id },
        })),
      );
      const offerJobs = () =>
        db
          .select({ lockedUntil: jobs.lockedUntil, doneAt: jobs.doneAt })
          .from(jobs)
          .where(eq(jobs.kind, FAN_QUEUE_OFFER_JOB));
      // The instance's runner starts after it answers its health check, and polls: on a busy machine that
      // takes a while. Its blocked statement would be stopped by the statement timeout (5 s): it is looked for
      // every 50 ms.
      let state = '';
      await waitFor(
        'the instance to be in the middle of its first offer, the others claimed behind it',
        async () => {
          const [waiting] = await rows<{ n: number }>(
            db,
            sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'
                and query like 'update "fan_queue_shows"%'`,
          );
          const claimed = await offerJobs();
          state = JSON.stringify({ waiting: waiting?.n, claimed, stderr: stderr.slice(-2_000) });
          return (
            (waiting?.n ?? 0) > 0 && claimed.every((job) => job.lockedUntil !== null && job.doneAt === null)
          );
        },
        30_000,
        50,
      ).catch((error: Error) => {
        throw new Error(`${error.message}: ${state}`);
      });
      expect(await openOffers(db, event.id)).toEqual([]);
      child.kill('SIGKILL');
      await exited;
      await locker.query('rollback');
      await locker.end();
      locker = undefined;

      // The survivor polls as its runner would; the dead instance's claims are its once their lease ran out.
      await waitFor(
        'the survivor to take over every offer job',
        async () => {
          await survivor?.app.fanQueueOffers.runner.runOnce();
          return (await offerJobs()).every((job) => job.doneAt !== null);
        },
        30_000,
        POLL_MS,
      );
      await survivor.app.fanQueueOffers.runner.runOnce();

      // Every listing (and each part carved from it) is held for one fan by one open offer, or passed on to
      // bids and alerts.
      const rowsNow = await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.eventId, event.id), eq(tickets.sold, false)));
      const offers = await openOffers(db, event.id);
      const passed = await db
        .select({ key: jobs.key })
        .from(jobs)
        .where(inArray(jobs.kind, ['bid_match_listing']));
      const passedOn = new Set(passed.map((job) => job.key));
      const fates = rowsNow
        .filter((row) => row.quantity > 0)
        .map((row) => {
          const holding = offers.filter((offer) => offer.ticketId === row.id);
          if (holding.length === 1 && holding[0]?.userId === row.currentViewerId) return 'offered';
          if (holding.length === 0 && row.currentViewerId === null && passedOn.has(`ticket:${row.id}`))
            return 'passed on';
          return `row ${row.id}: ${holding.length} open offers, held by ${row.currentViewerId}`;
        });
      expect(fates.filter((fate) => fate !== 'offered' && fate !== 'passed on')).toEqual([]);
      expect(fates.filter((fate) => fate === 'offered').length).toBeGreaterThan(0);
      // The first in line got the first listing, from the survivor.
      expect(offers.find((offer) => offer.ticketId === listed[0]?.id)?.userId).toBe(firstFan.id);
      await assertInvariants(db, event.id, asked, listings);
    });
  });
});
