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

/**
 * What escrow holds for a sale, by whom it is owed to: the seller's proceeds, Encore's platform fee, and the
 * processing fee charged to the buyer and the one deducted from the seller.
 */
export interface EscrowShares {
  sellerCents: number;
  platformCents: number;
  buyerProcessingCents: number;
  sellerProcessingCents: number;
}

/**
 * The shares still in escrow after `refundedAtProviderCents` of the payment was refunded at the provider
 * (decision 0050): a refund Encore did not decide comes off the seller's proceeds first, then Encore's
 * platform fee, then the buyer's and the seller's processing fees.
 */
export function escrowShares(sale: SaleAmounts, refundedAtProviderCents = 0): EscrowShares {
  let left = Math.max(0, refundedAtProviderCents);
  const keep = (cents: number) => {
    const taken = Math.min(left, cents);
    left -= taken;
    return cents - taken;
  };
  return {
    sellerCents: keep(sale.sellerProceedsCents),
    platformCents: keep(sale.platformFeeCents),
    buyerProcessingCents: keep(sale.processingFeeCents),
    sellerProcessingCents: keep(sale.processingFeeCents),
  };
}

/** Encore's part of the shares: the platform fee and both processing fees. */
export function feesOf(shares: EscrowShares): number {
  return shares.platformCents + shares.buyerProcessingCents + shares.sellerProcessingCents;
}

/** Everything the shares hold. */
export function heldOf(shares: EscrowShares): number {
  return shares.sellerCents + feesOf(shares);
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
 * The sale reversed: everything escrow still holds for it goes back to the buyer and nothing is owed any
 * more (the 'escrow_refund' journal, whatever the cause: deadline, support, a cancelled event, the provider).
 */
export function saleReversalRows(shares: EscrowShares, reason: string): Journal[] {
  return [
    { account: 'seller_payable', amountCents: shares.sellerCents, memo: reason },
    { account: 'platform_fees', amountCents: shares.platformCents, memo: 'platform fee returned' },
    {
      account: 'processing_fees',
      amountCents: shares.buyerProcessingCents,
      memo: 'processing fee returned to the buyer',
    },
    {
      account: 'processing_fees',
      amountCents: shares.sellerProcessingCents,
      memo: "processing fee no longer deducted from the seller's proceeds",
    },
    { account: 'escrow', amountCents: -heldOf(shares), memo: 'refunded to the buyer' },
  ];
}

/** The payout: the seller's proceeds and Encore's fees leave escrow, which is then empty for the sale. */
export function payoutRows(shares: EscrowShares): Journal[] {
  const fees = feesOf(shares);
  return [
    { account: 'seller_payable', amountCents: shares.sellerCents, memo: 'seller proceeds paid out' },
    { account: 'escrow', amountCents: -shares.sellerCents, memo: 'paid to the seller' },
    { account: 'operating', amountCents: fees, memo: 'fees released to Encore' },
    { account: 'escrow', amountCents: -fees, memo: 'fees released from escrow' },
  ];
}

/**
 * A refund at the provider of part of a sale in escrow, booked as it grows from `fromCents` to `toCents` in
 * all (decision 0050): the shares it takes, by escrowShares' order, leave escrow to the buyer. The memos
 * name the total, so each step is its own journal row.
 */
export function partialProviderRefundRows(sale: SaleAmounts, fromCents: number, toCents: number): Journal[] {
  const before = escrowShares(sale, fromCents);
  const after = escrowShares(sale, toCents);
  const total = `${toCents} cents refunded at the provider in all`;
  return [
    {
      account: 'seller_payable',
      amountCents: before.sellerCents - after.sellerCents,
      memo: `seller's share; ${total}`,
    },
    {
      account: 'platform_fees',
      amountCents: before.platformCents - after.platformCents,
      memo: `platform fee's share; ${total}`,
    },
    {
      account: 'processing_fees',
      amountCents: before.buyerProcessingCents - after.buyerProcessingCents,
      memo: `buyer's processing fee's share; ${total}`,
    },
    {
      account: 'processing_fees',
      amountCents: before.sellerProcessingCents - after.sellerProcessingCents,
      memo: `seller's processing fee's share; ${total}`,
    },
    {
      account: 'escrow',
      amountCents: -(heldOf(before) - heldOf(after)),
      memo: `returned to the buyer; ${total}`,
    },
  ];
}

/** A payment that cannot be delivered: held, and owed back to the buyer. */
export function unmatchedPaymentRows(amountCents: number): Journal[] {
  return [
    { account: 'escrow', amountCents, memo: 'payment for a ticket that cannot be delivered' },
    { account: 'refunds_payable', amountCents: -amountCents, memo: 'owed back to the buyer' },
  ];
}

/**
 * Part or all of an undeliverable payment (one never fulfilled) refunded at the provider, booked as it grows
 * from `fromCents` to `toCents` in all.
 */
export function unmatchedProviderRefundRows(fromCents: number, toCents: number): Journal[] {
  const total = `${toCents} cents refunded at the provider in all`;
  return [
    {
      account: 'refunds_payable',
      amountCents: toCents - fromCents,
      memo: `owed back and returned; ${total}`,
    },
    { account: 'escrow', amountCents: -(toCents - fromCents), memo: `returned to the buyer; ${total}` },
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

/**
 * The provider's fee for a card issuer's dispute, as it goes from `fromCents` to `toCents` in all (charged
 * when the dispute opens, perhaps given back when it is won): Encore's cost, paid from its own funds
 * (decision 0079). The memos name the dispute and the total, so each step is its own journal row.
 */
export function disputeFeeRows(disputeId: string, fromCents: number, toCents: number): Journal[] {
  const memo = `dispute ${disputeId}; ${toCents} cents in fees in all`;
  return [
    { account: 'dispute_fees', amountCents: toCents - fromCents, memo },
    { account: 'operating', amountCents: fromCents - toCents, memo },
  ];
}
