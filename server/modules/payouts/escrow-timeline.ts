import { and, eq, isNull } from 'drizzle-orm';
import { findOtherTicketsPath } from '../../../common/find-other-tickets.js';
import { PAYOUT_TEXT } from '../../../common/messages.js';
import { formatVenueDateTime } from '../../../common/venue-time.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import { checkoutSessions, orders, tickets } from '../../db/schema/index.js';
import { Conflict } from '../../errors.js';
import { type JobOutcome, jobDone } from '../../jobs/queue.js';
import { saleReversalRows, writeJournal } from '../ledger/journal.js';
import { postSystemMessage } from '../messages/system-messages.js';
import { refundRestOfSale } from '../refunds/provider-refund.js';
import type { MoneyDeps } from '../sales/deps.js';
import {
  contactOf,
  loadSale,
  lockSale,
  refundableCents,
  type Sale,
  sharesOf,
  type TimelineMailFacts,
} from '../sales/sale.js';
import { autoCompleteAt, transferDeadlineAt } from '../sales/timeline.js';
import { strikeSeller } from '../strikes/service.js';
import { mailSaleCompleted } from '../transfers/sale-completed.js';
import { completeTransfer } from '../transfers/service.js';
import { buyerRefundedMail, sellerCancelledMail, transferReminderMail } from './mail-templates.js';
import { PAYOUT_NOTE, PAYOUT_RECHECK_MS } from './payout.js';

/** Decision 0017: the escrow timeline's job handlers. Each reads the sale's state and is safe to rerun. */

async function factsFor(deps: MoneyDeps, sale: Sale, userId: number) {
  const person = await contactOf(deps.db, userId);
  const facts: TimelineMailFacts = {
    firstName: person.firstName,
    eventName: sale.eventName,
    eventDate: sale.eventDate,
    myTicketsUrl: `${deps.appUrl}/my-tickets`,
  };
  return { email: person.email, facts };
}

async function send(deps: MoneyDeps, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.log.error({ err: error, subject: message.subject }, 'could not send an escrow timeline e-mail');
  }
}

function deadlineOf(sale: Sale): Date {
  return transferDeadlineAt(sale, sale.soldAt ?? new Date(0));
}

/** Reminds a seller who has still not initiated the transfer; a sale that moved on needs no reminder. */
export async function runTransferReminder(deps: MoneyDeps, orderId: number): Promise<JobOutcome> {
  const sale = await loadSale(deps.db, orderId);
  if (sale?.status !== 'in_escrow' || sale.transferStatus !== 'not_started') return jobDone;
  const seller = await factsFor(deps, sale, sale.sellerId);
  await send(
    deps,
    transferReminderMail(seller.email, seller.facts, formatVenueDateTime(deadlineOf(sale), sale.timeZone)),
  );
  return jobDone;
}

/**
 * The transfer deadline: a sale whose seller never initiated the transfer is cancelled and the buyer refunded
 * in full from escrow. With the order row locked, one conditional update moves the order to 'refunded' (the
 * ticket to 'cancelled') and writes the balanced 'escrow_refund' journal; then the provider returns what is
 * left of the payment, keyed escrow-refund-{orderId}, so a run after a failure or a crash repeats the same
 * refund and nothing else.
 * A seller initiating at the same moment either wins (nothing is refunded) or is refused by the transfer
 * service, which only initiates sales still in escrow.
 */
export async function runTransferDeadline(deps: MoneyDeps, orderId: number): Promise<JobOutcome> {
  const now = deps.clock.now();
  const sale = await deps.db.transaction(async (tx) => {
    const current = await lockSale(tx, orderId);
    if (current?.status === 'refunded') return current;
    if (current?.status !== 'in_escrow' || current.transferStatus !== 'not_started') return null;
    const [cancelled] = await tx
      .update(tickets)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(tickets.id, current.ticketId), eq(tickets.transferStatus, 'not_started')))
      .returning({ id: tickets.id });
    if (!cancelled) return null;
    await tx
      .update(orders)
      .set({ status: 'refunded', refundCause: 'transfer_deadline', refundReason: PAYOUT_TEXT.systemRefunded })
      .where(eq(orders.id, orderId));
    await writeJournal(
      tx,
      current.checkoutSessionId,
      'escrow_refund',
      saleReversalRows(sharesOf(current), 'sale cancelled'),
      orderId,
    );
    await postSystemMessage(tx, current.ticketId, PAYOUT_TEXT.systemRefunded, now);
    // The seller who let the deadline pass gets a strike; the third within a year pauses their listings.
    await strikeSeller(tx, { orderId, sellerId: current.sellerId, now });
    return current;
  });
  if (!sale) return jobDone;
  const refundReference = await refundRestOfSale(deps.payments, sale);
  await deps.db
    .update(checkoutSessions)
    .set({ refundReference })
    .where(and(eq(checkoutSessions.id, sale.checkoutSessionId), isNull(checkoutSessions.refundReference)));
  await deps.db
    .update(orders)
    .set({ refundReference, refundedAt: deps.clock.now() })
    .where(and(eq(orders.id, orderId), isNull(orders.refundReference)));
  const buyer = await factsFor(deps, sale, sale.buyerId);
  const seller = await factsFor(deps, sale, sale.sellerId);
  const findOther = findOtherTicketsPath({ ...sale, refundCause: 'transfer_deadline' }, deps.clock.now());
  await send(
    deps,
    buyerRefundedMail(
      buyer.email,
      buyer.facts,
      refundableCents(sale),
      findOther && `${deps.appUrl}${findOther}`,
    ),
  );
  await send(deps, sellerCancelledMail(seller.email, seller.facts));
  return jobDone;
}

/**
 * Decision 0041: a paper ticket is delivered by its barcode, so a sale whose buyer never downloaded it is
 * not completed by the clock. It goes to the back office as a dispute ('barcode'), which holds the payout
 * until support refunds the buyer or releases the sale. With the order row locked, one conditional update
 * opens it, so a rerun (or a buyer's report at the same moment) opens nothing twice.
 */
async function sendToSupportForBarcode(deps: MoneyDeps, orderId: number, now: Date): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const current = await lockSale(tx, orderId);
    if (
      current?.status !== 'in_escrow' ||
      current.transferStatus !== 'initiated' ||
      current.disputedAt !== null
    )
      return;
    await tx
      .update(orders)
      .set({
        disputedAt: now,
        disputeReason: PAYOUT_TEXT.barcodeNotDownloadedReason,
        disputeSource: 'barcode',
        disputeStatus: 'open',
      })
      .where(and(eq(orders.id, orderId), isNull(orders.disputedAt)));
    await postSystemMessage(tx, current.ticketId, PAYOUT_TEXT.systemBarcodeNotDownloaded, now);
  });
}

/**
 * After the event: a transfer the seller initiated and the buyer neither confirmed nor disputed completes
 * itself (which schedules the payout). A disputed sale waits for support and is looked at again daily; so
 * does a paper ticket whose barcode the buyer never downloaded, which is sent to support first (0041),
 * unless support already released the sale.
 */
export async function runAutoComplete(deps: MoneyDeps, orderId: number): Promise<JobOutcome> {
  const now = deps.clock.now();
  const sale = await loadSale(deps.db, orderId);
  if (sale?.status !== 'in_escrow' || sale.transferStatus !== 'initiated') return jobDone;
  // Never before the event's last day is over at the venue, whenever the job was scheduled (decision 0056).
  const due = autoCompleteAt(sale);
  if (now < due) return { retryAt: due, note: 'not due yet' };
  const recheck = new Date(now.getTime() + PAYOUT_RECHECK_MS);
  if (sale.disputeStatus === 'open') return { retryAt: recheck, note: PAYOUT_NOTE.disputed };
  if (sale.ticketType === 'paper' && sale.barcodeDownloadedAt === null && sale.disputeStatus !== 'released') {
    await sendToSupportForBarcode(deps, orderId, now);
    return { retryAt: recheck, note: PAYOUT_NOTE.barcodeNotDownloaded };
  }
  try {
    const { alreadyCompleted } = await completeTransfer(deps.db, sale.ticketId, { kind: 'system' }, now);
    if (!alreadyCompleted)
      await mailSaleCompleted(
        { ...deps, payoutsNeedAccount: deps.payments.payoutsNeedAccount },
        orderId,
        'system',
      );
  } catch (error) {
    // The sale moved on meanwhile (refunded, say): there is nothing left to complete.
    if (error instanceof Conflict) return jobDone;
    throw error;
  }
  return jobDone;
}
