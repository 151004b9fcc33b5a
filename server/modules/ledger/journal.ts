import type { Tx } from '../../db/client.js';
import { ledgerEntries } from '../../db/schema/index.js';

/**
 * The double-entry ledger (decisions 0012, 0017, 0033): every money movement is one journal of rows over
 * named accounts, debit positive and credit negative, summing to zero. Checkout, payouts and the back
 * office write through here; nothing else inserts ledger rows.
 */

export type LedgerAccount = (typeof ledgerEntries.$inferInsert)['account'];
export type LedgerJournal = (typeof ledgerEntries.$inferInsert)['journal'];

export interface Journal {
  account: LedgerAccount;
  amountCents: number;
  memo: string;
}

/** Writes one balanced journal (rows of zero are left out); a journal that does not sum to zero is a bug. */
export async function writeJournal(
  tx: Tx,
  sessionId: string,
  journal: LedgerJournal,
  rows: Journal[],
  orderId: number | null = null,
): Promise<void> {
  const sum = rows.reduce((total, row) => total + row.amountCents, 0);
  if (sum !== 0) throw new Error(`ledger journal ${journal} for ${sessionId} does not balance (${sum})`);
  const values = rows
    .filter((row) => row.amountCents !== 0)
    .map((row) => ({ ...row, checkoutSessionId: sessionId, journal, orderId }));
  if (values.length > 0) await tx.insert(ledgerEntries).values(values);
}

/** A sale's amounts as the order (or its checkout session) fixed them. */
export interface SaleAmounts {
  amountCents: number;
  sellerProceedsCents: number;
  platformFeeCents: number;
  processingFeeCents: number;
}

/** Encore's share of a sale: the platform fee and the processing fee charged on both sides. */
export function feesOf(sale: SaleAmounts): number {
  return sale.platformFeeCents + 2 * sale.processingFeeCents;
}

/** The sale: the buyer's all-in payment held in escrow against what it is owed to. */
export function saleRows(sale: SaleAmounts): Journal[] {
  return [
    { account: 'escrow', amountCents: sale.amountCents, memo: 'buyer payment held in escrow' },
    { account: 'seller_payable', amountCents: -sale.sellerProceedsCents, memo: 'seller proceeds' },
    { account: 'platform_fees', amountCents: -sale.platformFeeCents, memo: 'platform fee' },
    {
      account: 'processing_fees',
      amountCents: -sale.processingFeeCents,
      memo: 'processing fee paid by the buyer',
    },
    {
      account: 'processing_fees',
      amountCents: -sale.processingFeeCents,
      memo: "processing fee deducted from the seller's proceeds",
    },
  ];
}

/**
 * The sale reversed: everything it owed is cancelled and the full amount leaves escrow back to the buyer
 * (the 'escrow_refund' journal, whatever the cause: deadline, support, a cancelled event, the provider).
 */
export function saleReversalRows(sale: SaleAmounts, reason: string): Journal[] {
  return [
    { account: 'seller_payable', amountCents: sale.sellerProceedsCents, memo: reason },
    { account: 'platform_fees', amountCents: sale.platformFeeCents, memo: 'platform fee returned' },
    {
      account: 'processing_fees',
      amountCents: sale.processingFeeCents,
      memo: 'processing fee returned to the buyer',
    },
    {
      account: 'processing_fees',
      amountCents: sale.processingFeeCents,
      memo: "processing fee no longer deducted from the seller's proceeds",
    },
    { account: 'escrow', amountCents: -sale.amountCents, memo: 'refunded to the buyer' },
  ];
}

/** The payout: the seller's proceeds and Encore's fees leave escrow, which is then empty for the sale. */
export function payoutRows(sale: SaleAmounts): Journal[] {
  const fees = feesOf(sale);
  return [
    { account: 'seller_payable', amountCents: sale.sellerProceedsCents, memo: 'seller proceeds paid out' },
    { account: 'escrow', amountCents: -sale.sellerProceedsCents, memo: 'paid to the seller' },
    { account: 'operating', amountCents: fees, memo: 'fees released to Encore' },
    { account: 'escrow', amountCents: -fees, memo: 'fees released from escrow' },
  ];
}

/** A payment that cannot be delivered: held, and owed back to the buyer. */
export function unmatchedPaymentRows(amountCents: number): Journal[] {
  return [
    { account: 'escrow', amountCents, memo: 'payment for a ticket that cannot be delivered' },
    { account: 'refunds_payable', amountCents: -amountCents, memo: 'owed back to the buyer' },
  ];
}

/** The refund of an undeliverable payment, made. */
export function unmatchedRefundRows(amountCents: number): Journal[] {
  return [
    { account: 'refunds_payable', amountCents, memo: 'refund paid to the buyer' },
    { account: 'escrow', amountCents: -amountCents, memo: 'refund paid out of escrow' },
  ];
}

/**
 * Money taken back at the provider after the seller was paid (a lost chargeback, a refund made there):
 * escrow is empty, so it comes out of Encore's own funds and is written off as a loss.
 */
export function writeOffRows(amountCents: number, why: string): Journal[] {
  return [
    { account: 'written_off', amountCents, memo: why },
    { account: 'operating', amountCents: -amountCents, memo: 'taken back at the payment provider' },
  ];
}
