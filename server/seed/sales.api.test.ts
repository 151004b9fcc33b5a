import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, ledgerEntries, orders, tickets, users, venues } from '../db/schema/index.js';
import { signedInClient } from '../modules/auth/testing.js';
import { backends, startTestApp, type TestApp } from '../test/harness.js';
import { seedDemoData } from './demo.js';

describe.each(backends)('demo sales on %s', (backend) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(backend);
    await seedDemoData(harness.database.db);
  }, 120_000);
  afterAll(async () => {
    await harness.close();
  });

  const idOf = async (username: string) => {
    const [row] = await harness.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, username));
    if (!row) throw new Error(`no ${username}`);
    return row.id;
  };

  it('sells through checkout: every sold ticket has its order and a balanced ledger', async () => {
    const db = harness.database.db;
    const sold = await db.select().from(tickets).where(eq(tickets.sold, true));
    const sales = await db.select().from(orders);
    expect(sold.length).toBe(10);
    expect(sales.map((order) => order.ticketId).sort()).toEqual(sold.map((ticket) => ticket.id).sort());
    const [balance] = await db
      .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number) })
      .from(ledgerEntries);
    expect(balance?.sum).toBe(0);
    const states = sold.map((ticket) => `${ticket.ticketType}:${ticket.transferStatus}`);
    for (const state of [
      'digital:not_started',
      'digital:initiated',
      'digital:completed',
      'paper:not_started',
      'paper:initiated',
      'paper:completed',
    ])
      expect(states).toContain(state);
  });

  it('reads every demo listing in its venue’s time zone', async () => {
    const rows = await harness.database.db
      .select({ listing: tickets.timeZone, venue: venues.timeZone })
      .from(tickets)
      .innerJoin(events, eq(events.id, tickets.eventId))
      .innerJoin(venues, eq(venues.id, events.venueId));
    expect(rows.length).toBe(66);
    expect(rows.filter((row) => row.listing !== row.venue)).toEqual([]);
    expect(new Set(rows.map((row) => row.venue)).size).toBeGreaterThan(1);
  });

  it('gives maya and jordan every card type on My Tickets', async () => {
    for (const username of ['maya', 'jordan']) {
      const client = await signedInClient(harness, await idOf(username));
      const kinds = new Set<string>();
      for (const tab of ['listings', 'bought', 'sold', 'pending']) {
        const page = await client.get(`/api/my-tickets?tab=${tab}&limit=50`);
        expect(page.status, page.text).toBe(200);
        for (const ticket of page.body.tickets) kinds.add(`${tab}:${ticket.role}:${ticket.transferStatus}`);
      }
      expect([...kinds].sort(), username).toEqual(
        expect.arrayContaining([
          'bought:buyer:completed',
          'listings:seller:not_started',
          'pending:buyer:initiated',
          'pending:buyer:not_started',
          'pending:seller:initiated',
          'pending:seller:not_started',
          'sold:seller:completed',
        ]),
      );
    }
  });

  it('changes nothing when seeded again', async () => {
    const db = harness.database.db;
    const before = await db.select({ id: orders.id }).from(orders);
    await seedDemoData(db);
    expect(await db.select({ id: orders.id }).from(orders)).toEqual(before);
  });
});
