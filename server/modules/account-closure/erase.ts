import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ACCOUNT_CLOSURE_TEXT } from '../../../common/texts/account-closure.js';
import { CLOSED_ACCOUNT_MAIL_DOMAIN } from '../../adapters/mail/mailer.js';
import type { Tx } from '../../db/client.js';
import {
  adminAuditLog,
  ambassadorChatMessages,
  bids,
  dataExports,
  emailTokens,
  fanQueueEntries,
  loginCodes,
  newsletterSubscribers,
  paymentCustomers,
  priceAlerts,
  savedCards,
  supportMessages,
  supportReads,
  suspensionPauses,
  ticketMessages,
  tickets,
  trustedDevices,
  users,
} from '../../db/schema/index.js';
import { endAllSessions } from '../../plugins/session.js';
import type { EndedHold } from '../admin/suspension.js';
import { retireUsername } from '../auth/retired-usernames.js';
import { usernameSkeleton } from '../auth/username-skeleton.js';
import { endFanQueueOfClosedAccount } from '../fan-queue/ending.js';
import { offSaleNow } from '../tickets/off-sale.js';

/**
 * What closing an account erases, ends and keeps (decision 0099), all in the closing transaction. The users
 * row stays under its id, which the orders, ledger rows, payouts, reviews and audit log keep pointing at,
 * with every personal field erased or replaced by an anonymous name.
 */

const text = ACCOUNT_CLOSURE_TEXT;

/** The personal fields as they were, for the e-mail, the username's quarantine and scrubbing the audit log. */
export interface FormerIdentity {
  username: string;
  email: string;
  firstName: string;
  /** Every value of the member's own that the audit log may hold (names, e-mail addresses, phone). */
  personalValues: string[];
}

export interface Erased {
  anonymousName: string;
  endedHolds: EndedHold[];
  /** The member's customers at the payment provider, deleted there by a job after the commit. */
  providerCustomers: { provider: 'stripe' | 'sandbox'; customerId: string }[];
  counts: Record<'listingsEnded' | 'bidsEnded' | 'alertsEnded' | 'cardsRemoved' | 'sessionsEnded', number>;
}

/** "Former member 7K3QX9AB": unique (the username indexes need it), and no member may register one. */
function newAnonymousName(): string {
  return `${text.formerMember} ${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** Listings end for good; holds on them (a buyer that raced the closing check) and the member's own end too. */
async function endListingsAndHolds(tx: Tx, userId: number, now: Date) {
  const listings = await tx
    .update(tickets)
    // As a suspension takes them off sale, but for good.
    .set({ ...offSaleNow(now), status: 'cancelled' })
    .where(
      and(
        eq(tickets.sellerId, userId),
        eq(tickets.sold, false),
        inArray(tickets.status, ['available', 'pending']),
      ),
    )
    .returning({ id: tickets.id });
  const ownHolds = await tx
    .update(tickets)
    .set({ currentViewerId: null, lockExpiresAt: null })
    .where(and(eq(tickets.currentViewerId, userId), eq(tickets.sold, false)))
    .returning({ ticketId: tickets.id });
  return {
    listingsEnded: listings.length,
    endedHolds: ownHolds.map((row) => ({ ticketId: row.ticketId, holderId: userId })),
  };
}

/** Bids, price alerts and Fan Queue places end; saved cards are removed here and their customers deleted at the provider. */
async function endBidsAlertsAndCards(tx: Tx, userId: number, now: Date) {
  const endedBids = await tx
    .update(bids)
    .set({ isActive: false, endedReason: text.bidEnded, endedAt: now })
    .where(and(eq(bids.userId, userId), eq(bids.isActive, true), eq(bids.matched, false)))
    .returning({ id: bids.id });
  const endedAlerts = await tx
    .update(priceAlerts)
    .set({ status: 'ended', endedReason: 'account_closed', endedAt: now })
    .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.status, 'active')))
    .returning({ id: priceAlerts.id });
  // Fan Queue places end too (decision 0100); a live offer is a hold, which blocked the closing already.
  await endFanQueueOfClosedAccount(tx, userId, now);
  // A card's fingerprint names the card number: none is kept, on the cards or on the places they backed.
  await tx
    .update(fanQueueEntries)
    .set({ paymentMethodId: null, cardFingerprint: null })
    .where(and(eq(fanQueueEntries.userId, userId), isNotNull(fanQueueEntries.cardFingerprint)));
  await tx.update(savedCards).set({ fingerprint: null }).where(eq(savedCards.userId, userId));
  const removedCards = await tx
    .update(savedCards)
    .set({ removedAt: now })
    .where(and(eq(savedCards.userId, userId), isNull(savedCards.removedAt)))
    .returning({ id: savedCards.id });
  const providerCustomers = await tx
    .select({ provider: paymentCustomers.provider, customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(eq(paymentCustomers.userId, userId));
  return {
    bidsEnded: endedBids.length,
    alertsEnded: endedAlerts.length,
    cardsRemoved: removedCards.length,
    providerCustomers,
  };
}

/**
 * What only concerned the member goes: sign-in records, their copies of their data, their support
 * conversations, their newsletter subscription. What they wrote to others is removed from the text, which
 * stays as a line saying so, so the other side's conversation still reads in order.
 */
async function deletePersonalRecords(tx: Tx, userId: number, email: string) {
  const sessionsEnded = await endAllSessions(tx, userId);
  await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
  await tx.delete(loginCodes).where(eq(loginCodes.userId, userId));
  await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
  await tx.delete(dataExports).where(eq(dataExports.userId, userId));
  await tx.delete(supportMessages).where(eq(supportMessages.userId, userId));
  await tx.delete(supportReads).where(eq(supportReads.userId, userId));
  await tx.delete(suspensionPauses).where(eq(suspensionPauses.userId, userId));
  await tx
    .delete(newsletterSubscribers)
    .where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase()));
  await tx
    .update(ticketMessages)
    .set({ content: text.messageRemoved })
    .where(and(eq(ticketMessages.senderId, userId), eq(ticketMessages.messageType, 'user')));
  await tx
    .update(ambassadorChatMessages)
    .set({ content: text.messageRemoved })
    .where(eq(ambassadorChatMessages.userId, userId));
  return sessionsEnded;
}

/**
 * The audit log keeps every entry about the member (decision 0099), but a value of theirs it recorded (the
 * username an admin saw, an e-mail address) is replaced by the anonymous name.
 */
async function scrubAuditEntries(tx: Tx, userId: number, personalValues: string[], anonymousName: string) {
  const values = sql`array[${sql.join(
    personalValues.map((value) => sql`${value.toLowerCase()}`),
    sql`, `,
  )}]::text[]`;
  const scrubbed = (column: PgColumn) => sql`case when ${column} is null then null else
    coalesce((select jsonb_object_agg(key, case
      when jsonb_typeof(value) = 'string' and lower(value #>> '{}') = any(${values})
      then to_jsonb(${anonymousName}::text) else value end) from jsonb_each(${column})), '{}'::jsonb) end`;
  await tx
    .update(adminAuditLog)
    .set({ before: scrubbed(adminAuditLog.before), after: scrubbed(adminAuditLog.after) })
    .where(
      and(
        eq(adminAuditLog.targetType, 'user'),
        eq(adminAuditLog.targetId, String(userId)),
        or(sql`${adminAuditLog.before} is not null`, sql`${adminAuditLog.after} is not null`),
      ),
    );
}

/** Erases the member's personal data and ends what they had running; the caller holds their row's lock. */
export async function eraseMember(
  tx: Tx,
  userId: number,
  former: FormerIdentity,
  quarantineKey: string,
  now: Date,
): Promise<Erased> {
  const anonymousName = newAnonymousName();
  const { listingsEnded, endedHolds } = await endListingsAndHolds(tx, userId, now);
  const { providerCustomers, ...ended } = await endBidsAlertsAndCards(tx, userId, now);
  const sessionsEnded = await deletePersonalRecords(tx, userId, former.email);
  await scrubAuditEntries(tx, userId, former.personalValues, anonymousName);
  await tx
    .update(users)
    .set({
      username: anonymousName,
      usernameSkeleton: usernameSkeleton(anonymousName),
      email: `${anonymousName.toLowerCase().replaceAll(' ', '-')}@${CLOSED_ACCOUNT_MAIL_DOMAIN}`,
      passwordHash: '',
      firstName: '',
      lastName: '',
      fullName: null,
      phoneNumber: null,
      ticketmasterEmail: null,
      livenationEmail: null,
      axsEmail: null,
      verificationPreference: 'email',
      role: 'user',
      emailVerifiedAt: null,
      failedLoginCount: 0,
      failedLoginWindowStart: null,
      lockedUntil: null,
      closedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await retireUsername(tx, quarantineKey, former.username, now);
  return {
    anonymousName,
    endedHolds,
    providerCustomers,
    counts: { listingsEnded, sessionsEnded, ...ended },
  };
}
