import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALE_TEXT } from '../../../common/messages.js';
import { type Database, openPostgres } from '../../db/client.js';
import { events, jobs, orders, reviews, tickets, venues } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import {
  openTestDatabase,
  startTestAppOn,
  type TestApp,
  type TestClient,
  type ThrowawayDatabase,
} from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { ledgerIsBalanced } from '../ledger/balances.js';
import { isoDay } from '../marketplace/testing.js';
import { buyListing } from '../payouts/testing.js';
import { PAYOUT_JOB } from '../sales/timeline.js';

/**
 * Issue 32 §1: two requests that end the same sale, sent at the same moment through two app instances on
 * one PostgreSQL database, end as they would one after the other: never a 5xx, the loser told what
 * happened, no review asked for and no payout left waiting for a refunded sale, the ledger balanced.
 */

const ROUNDS = 20;
const BUYERS_PER_EVENT = 6;

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'sales ended twice at once on two instances (postgres)',
  () => {
    const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
    let database: ThrowawayDatabase;
    let second: Database;
    let instances: [TestApp, TestApp];
    let sellerId: number;
    let admins: [TestClient, TestClient];
    const reason = 'Support decided after looking at the messages';
    beforeAll(async () => {
      database = await openTestDatabase('postgres');
      second = await openPostgres(database.url as string, { poolSize: 10 });
      instances = [
        await startTestAppOn(database, {}, { clock }),
        await startTestAppOn(second, {}, { clock }),
      ];
      sellerId = (await createTestUser(database.db)).id;
      const adminId = (await createTestUser(database.db, { role: 'admin' })).id;
      admins = [await signedInClient(instances[0], adminId), await signedInClient(instances[1], adminId)];
    }, 60_000);
    afterAll(async () => {
      for (const instance of instances ?? []) await instance.close();
      await second?.close();
      await database?.drop();
    });

    const db = () => database.db;
    /** The admin's session on one instance or the other, by turns. */
    const adminOn = (turn: number) => admins[turn % 2] as TestClient;

    /** A sale whose seller has initiated the transfer, bought through instance 0 by a new buyer. */
    async function initiatedSale(eventId: number | null = null) {
      const buyerId = (await createTestUser(db())).id;
      const buyer = await signedInClient(instances[1], buyerId);
      const sale = await buyListing(instances[0], await signedInClient(instances[0], buyerId), sellerId, {
        eventDate: '2030-05-01',
        ...(eventId === null ? {} : { eventId }),
      });
      const seller = await signedInClient(instances[0], sellerId);
      const initiated = await seller.post(`/api/tickets/${sale.ticket.id}/initiate-transfer`);
      expect(initiated.status, initiated.text).toBe(200);
      return { ...sale, buyer };
    }

    /** What no refunded sale may leave behind: a review still asked for, a payout job still waiting. */
    async function expectNothingLeftOf(orderIds: number[]) {
      const pending = await db()
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(inArray(reviews.orderId, orderIds), eq(reviews.status, 'pending')));
      expect(pending).toEqual([]);
      const waiting = await db()
        .select({ key: jobs.key })
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, PAYOUT_JOB),
            inArray(
              jobs.key,
              orderIds.map((id) => String(id)),
            ),
            isNull(jobs.doneAt),
          ),
        );
      expect(waiting).toEqual([]);
    }

    async function stateOf(orderId: number) {
      const [row] = await db()
        .select({
          status: orders.status,
          transferStatus: tickets.transferStatus,
          ticketStatus: tickets.status,
        })
        .from(orders)
        .innerJoin(tickets, eq(tickets.id, orders.ticketId))
        .where(eq(orders.id, orderId));
      return row;
    }

    it(`ends ${ROUNDS} refunds racing the buyer's confirmation as one after the other`, {
      timeout: 180_000,
    }, async () => {
      const outcomes = new Set<string>();
      for (let round = 0; round < ROUNDS; round++) {
        const sale = await initiatedSale();
        const [refund, confirm] = await Promise.all([
          adminOn(round).post(`/api/admin/transactions/${sale.order.id}/refund`, { reason }),
          sale.buyer.post(`/api/tickets/${sale.ticket.id}/complete-transfer`),
        ]);
        expect(refund.status, refund.text).toBe(200);
        const state = await stateOf(sale.order.id);
        expect(state).toMatchObject({ status: 'refunded', ticketStatus: 'cancelled' });
        if (confirm.status === 200) {
          // Confirmed first, refunded after: the completed transfer stays in the record.
          expect(state?.transferStatus).toBe('completed');
          outcomes.add('confirmed, then refunded');
        } else {
          expect(confirm.status, confirm.text).toBe(409);
          expect(confirm.body.message).toBe(SALE_TEXT.refunded);
          expect(state?.transferStatus).toBe('initiated');
          outcomes.add('refunded, then refused');
        }
        await expectNothingLeftOf([sale.order.id]);
        expect(await ledgerIsBalanced(db())).toBe(true);
      }
      expect(outcomes.size).toBeGreaterThan(0);
    });

    it(`ends ${ROUNDS} dispute releases racing a refund as one after the other`, {
      timeout: 180_000,
    }, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const sale = await initiatedSale();
        const reported = await sale.buyer.post(`/api/tickets/${sale.ticket.id}/report-problem`, {
          reason: 'The transfer never arrived in my account',
        });
        expect(reported.status, reported.text).toBe(200);
        const [release, refund] = await Promise.all([
          adminOn(round).post(`/api/admin/disputes/${sale.order.id}/resolve`, {
            resolution: 'release',
            reason,
          }),
          adminOn(round + 1).post(`/api/admin/transactions/${sale.order.id}/refund`, { reason }),
        ]);
        expect(refund.status, refund.text).toBe(200);
        const state = await stateOf(sale.order.id);
        expect(state?.status).toBe('refunded');
        if (release.status === 200) {
          expect(state?.transferStatus).toBe('completed');
        } else {
          expect(release.status, release.text).toBe(409);
          expect(release.body.message).toBe(SALE_TEXT.refunded);
          expect(state?.transferStatus).toBe('initiated');
        }
        await expectNothingLeftOf([sale.order.id]);
        expect(await ledgerIsBalanced(db())).toBe(true);
      }
    });

    it(`cancels ${ROUNDS} events while ${BUYERS_PER_EVENT} of their buyers confirm, and every sale is refunded`, {
      timeout: 300_000,
    }, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const [venue] = await db()
          .insert(venues)
          .values({ name: `Race Hall ${round}-${Date.now()}`, city: 'Springfield' })
          .returning();
        const [event] = await db()
          .insert(events)
          .values({ name: `Race Night ${round}`, date: isoDay(60, clock.now()), venueId: venue?.id ?? 0 })
          .returning();
        if (!event) throw new Error('no event');
        const sales = [];
        for (let index = 0; index < BUYERS_PER_EVENT; index++) sales.push(await initiatedSale(event.id));
        const [cancel, ...confirms] = await Promise.all([
          adminOn(round).post(`/api/admin/events/${event.id}/cancel`, { reason }),
          ...sales.map((sale) => sale.buyer.post(`/api/tickets/${sale.ticket.id}/complete-transfer`)),
        ]);
        expect(cancel.status, cancel.text).toBe(200);
        for (const [index, confirm] of confirms.entries()) {
          const sale = sales[index];
          if (!sale) continue;
          const state = await stateOf(sale.order.id);
          expect(state?.status).toBe('refunded');
          if (confirm.status === 200) expect(state?.transferStatus).toBe('completed');
          else {
            expect(confirm.status, confirm.text).toBe(409);
            expect(confirm.body.message).toBe(SALE_TEXT.refunded);
          }
        }
        await expectNothingLeftOf(sales.map((sale) => sale.order.id));
        expect(await ledgerIsBalanced(db())).toBe(true);
      }
    });
  },
);
