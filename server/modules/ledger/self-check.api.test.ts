import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerMismatch } from '../../../common/schemas/admin-system.js';
import { SYSTEM_TEXT } from '../../../common/texts/system.js';
import { createPaymentProvider } from '../../adapters/payments/index.js';
import { checkoutSessions, ledgerEntries, orders, payouts } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { createTestUser } from '../auth/testing.js';
import { sandboxSessionStore } from '../checkout/service.js';
import { sandboxCardStore } from '../payment-methods/service.js';
import { saleReversalRows } from './journal.js';
import { latestLedgerCheck, runLedgerCheck } from './self-check.js';
import { ALL_TIME, salesInEveryState } from './testing.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.each(backends)('the ledger self-check on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let sales: Awaited<ReturnType<typeof salesInEveryState>>;
  let adminEmail: string;
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    sales = await salesInEveryState(harness, clock);
    adminEmail = (await createTestUser(harness.database.db, { role: 'admin' })).email;
  });
  afterAll(async () => {
    await harness.close();
  });

  const db = () => harness.database.db;
  const deps = () => ({
    db: db(),
    payments: createPaymentProvider(
      harness.config,
      sandboxSessionStore(db(), clock),
      sandboxCardStore(db(), clock),
    ),
    mailer: harness.mailer,
    clock,
    appUrl: harness.config.appUrl,
    log: quiet,
  });
  const check = () => runLedgerCheck(deps(), ALL_TIME);
  const kindsOf = (mismatches: LedgerMismatch[]) =>
    [...new Set(mismatches.map((found) => found.kind))].sort();
  /** Breaks the data with `change`, runs the check, and puts the data back with `undo` whatever happens. */
  async function checkWith(change: string, undo: string) {
    await db().execute(sql.raw(change));
    try {
      return await check();
    } finally {
      await db().execute(sql.raw(undo));
    }
  }

  it('passes a clean ledger with sales in escrow, paid out and refunded, and the sandbox agreeing', async () => {
    const [states] = await db()
      .select({ statuses: sql<string>`string_agg(${orders.status}, ',' order by ${orders.id})` })
      .from(orders);
    expect(states?.statuses).toBe('released,refunded,in_escrow');
    const result = await check();
    expect(result.mismatches).toEqual([]);
    expect(result.mismatchCount).toBe(0);
    expect(result.provider).toBe('sandbox');
    expect(await latestLedgerCheck(db())).toEqual(result);
    expect((await harness.mailer.list(adminEmail)).map((mail) => mail.subject)).not.toContain(
      SYSTEM_TEXT.mailSubject(1),
    );
  });

  it('finds a journal that does not sum to zero, naming its order, and e-mails the admins', async () => {
    const { inEscrow } = sales;
    await db().insert(ledgerEntries).values({
      checkoutSessionId: inEscrow.checkoutSessionId,
      orderId: inEscrow.id,
      journal: 'sale',
      account: 'platform_fees',
      amountCents: -7,
      memo: 'a stray row',
    });
    try {
      const result = await check();
      expect(result.mismatches).toEqual([
        {
          kind: 'unbalanced_journal',
          orderIds: [inEscrow.id],
          sessionId: inEscrow.checkoutSessionId,
          detail: 'The sale journal sums to -7 cents instead of zero.',
        },
      ]);
      const [mail] = await harness.mailer.list(adminEmail);
      expect(mail?.subject).toBe('Encore ledger check: 1 mismatch');
      expect(mail?.text).toContain(`Journal does not sum to zero: Order #${inEscrow.id}`);
      expect(mail?.text).toContain(`${harness.config.appUrl}/admin?tab=system`);
    } finally {
      await db()
        .delete(ledgerEntries)
        .where(and(eq(ledgerEntries.orderId, inEscrow.id), eq(ledgerEntries.memo, 'a stray row')));
    }
  });

  it('finds an order whose escrow does not match its state', async () => {
    const { inEscrow } = sales;
    const result = await checkWith(
      `update orders set status = 'released' where id = ${inEscrow.id}`,
      `update orders set status = 'in_escrow' where id = ${inEscrow.id}`,
    );
    expect(result.mismatches).toEqual([
      {
        kind: 'escrow',
        orderIds: [inEscrow.id],
        sessionId: inEscrow.checkoutSessionId,
        detail: `Escrow holds ${inEscrow.amountCents} cents for a sale released; it should hold 0.`,
      },
    ]);
  });

  it('finds a refunded order reversed twice, and a refunded order never reversed', async () => {
    const { refunded, inEscrow } = sales;
    await harness.database.db.transaction(async (tx) => {
      await tx.insert(ledgerEntries).values(
        saleReversalRows(
          { sellerCents: 1, platformCents: 0, buyerProcessingCents: 0, sellerProcessingCents: 0 },
          'twice',
        )
          .filter((row) => row.amountCents !== 0)
          .map((row) => ({
            ...row,
            checkoutSessionId: refunded.checkoutSessionId,
            orderId: refunded.id,
            journal: 'chargeback' as const,
          })),
      );
    });
    try {
      const twice = await check();
      expect(twice.mismatches).toContainEqual({
        kind: 'reversal',
        orderIds: [refunded.id],
        sessionId: refunded.checkoutSessionId,
        detail: 'A sale refunded has 2 refund reversals; it should have 1.',
      });
    } finally {
      await db()
        .delete(ledgerEntries)
        .where(and(eq(ledgerEntries.orderId, refunded.id), eq(ledgerEntries.journal, 'chargeback')));
    }
    const never = await checkWith(
      `update orders set status = 'refunded' where id = ${inEscrow.id}`,
      `update orders set status = 'in_escrow' where id = ${inEscrow.id}`,
    );
    expect(kindsOf(never.mismatches)).toEqual(['escrow', 'reversal']);
    expect(never.mismatches.find((found) => found.kind === 'reversal')?.detail).toBe(
      'A sale refunded has 0 refund reversals; it should have 1.',
    );
  });

  it('finds a payout larger than the seller was owed, and the provider transfer that differs', async () => {
    const { paidOut } = sales;
    const result = await checkWith(
      `update payouts set amount_cents = amount_cents + 100 where order_id = ${paidOut.id}`,
      `update payouts set amount_cents = amount_cents - 100 where order_id = ${paidOut.id}`,
    );
    expect(kindsOf(result.mismatches)).toEqual(['payout', 'provider']);
    const [payout] = await db().select().from(payouts).where(eq(payouts.orderId, paidOut.id));
    expect(result.mismatches.find((found) => found.kind === 'payout')).toEqual({
      kind: 'payout',
      orderIds: [paidOut.id],
      sessionId: paidOut.checkoutSessionId,
      detail: `A payout of ${paidOut.sellerProceedsCents + 100} cents exceeds the ${paidOut.sellerProceedsCents} cents the seller was owed.`,
    });
    expect(result.mismatches.find((found) => found.kind === 'provider')).toEqual({
      kind: 'provider',
      orderIds: [paidOut.id],
      sessionId: paidOut.checkoutSessionId,
      detail: `The provider's transfers of ${payout?.providerReference} total ${paidOut.sellerProceedsCents + 100} cents; the ledger's ${paidOut.sellerProceedsCents} cents.`,
    });
  });

  it("finds a payment whose amount at the provider differs from the ledger's", async () => {
    const { inEscrow } = sales;
    const [session] = await db()
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, inEscrow.checkoutSessionId));
    const result = await checkWith(
      `update checkout_sessions set amount_cents = amount_cents + 1 where id = '${inEscrow.checkoutSessionId}'`,
      `update checkout_sessions set amount_cents = amount_cents - 1 where id = '${inEscrow.checkoutSessionId}'`,
    );
    expect(result.mismatches).toEqual([
      {
        kind: 'provider',
        orderIds: [inEscrow.id],
        sessionId: inEscrow.checkoutSessionId,
        detail: `The provider's payments of ${session?.paymentReference} total ${inEscrow.amountCents + 1} cents; the ledger's ${inEscrow.amountCents} cents.`,
      },
    ]);
  });

  it('compares only the period asked for: movements outside it are not compared', async () => {
    const result = await runLedgerCheck(deps(), {
      start: new Date('1990-01-01T00:00:00Z'),
      end: new Date('1990-01-02T00:00:00Z'),
    });
    expect(result.mismatches).toEqual([]);
    expect(result.periodStart).toBe('1990-01-01T00:00:00.000Z');
  });
});
