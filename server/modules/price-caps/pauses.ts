import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { TICKET_TEXT } from '../../../common/messages.js';
import {
  highestMarkupWithin,
  maxAllInCents,
  ruleLimits,
  withinCap,
} from '../../../common/price-caps/lookup.js';
import { PRICE_CAP_RULES, type PriceCapRule } from '../../../common/price-caps/rules.js';
import { allInPerTicketCents, listingPriceCents } from '../../../common/pricing.js';
import { PRICE_CAP_TEXT } from '../../../common/texts/price-caps.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { events, priceCapPauses, tickets, users, venues } from '../../db/schema/index.js';
import { Conflict, Forbidden, Invalid } from '../../errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { listingOnSaleSql } from '../../lib/on-sale-sql.js';
import { idOfSignedToken, signedIdToken } from '../../lib/signed-links.js';
import { noBuyerAtWork } from '../tickets/buyer-at-work.js';
import { ruleInEffect } from './place.js';

/**
 * A new or tightened price cap (decision 0084): the sweep takes the listings on sale above their show's cap
 * off every list ('pending', as a suspension does, decision 0077), notes each pause, and schedules one
 * e-mail per pause with a signed one-click link that reprices the listing to the cap and puts it back on
 * sale. A listing a buyer is holding or paying for is left to the next run (a hold on it is refused anyway).
 */
export const PRICE_CAP_MAIL_JOB = 'price_cap_mail';
/** Listings read per statement while the sweep walks those in capped countries. */
const SWEEP_PAGE = 500;

/** What a pause's e-mail says, decided when the listing was paused (the job's payload). */
export interface PausedListingMail {
  pauseId: number;
  statement: string;
  sourceUrl: string;
  capAllInCents: number | null;
  fixedAllInCents: number | null;
}

export interface PausedListing {
  pauseId: number;
  ticketId: number;
  ruleId: string;
}

/** What a listing's cap is reckoned from: its original price and markup, and its venue's place and time. */
const capColumns = {
  faceValueCents: tickets.faceValueCents,
  serviceFeeCents: tickets.serviceFeeCents,
  markup: tickets.markup,
  country: venues.country,
  region: venues.region,
  timeZone: venues.timeZone,
};

/** The listings on sale in countries the table limits, after `afterId`, a page at a time. */
function listingsInCappedPlaces(db: DbOrTx, countries: string[], afterId: number, now: Date) {
  return db
    .select({ id: tickets.id, sellerId: tickets.sellerId, version: tickets.version, ...capColumns })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(
      and(
        gt(tickets.id, afterId),
        eq(tickets.status, 'available'),
        eq(tickets.sold, false),
        inArray(venues.country, countries),
        listingOnSaleSql(now),
      ),
    )
    .orderBy(asc(tickets.id))
    .limit(SWEEP_PAGE);
}

/** Pauses every listing on sale above its show's cap at `now`; idempotent (a paused listing is not on sale). */
export async function pauseListingsOverCap(
  db: Db,
  now: Date,
  rules: readonly PriceCapRule[] = PRICE_CAP_RULES,
): Promise<PausedListing[]> {
  const countries = [...new Set(rules.filter((rule) => ruleLimits(rule)).map((rule) => rule.country))];
  const paused: PausedListing[] = [];
  if (countries.length === 0) return paused;
  let afterId = 0;
  for (;;) {
    const page = await listingsInCappedPlaces(db, countries, afterId, now);
    for (const listing of page) {
      const rule = ruleInEffect(listing, now, rules);
      if (rule === null || withinCap(rule, listing)) continue;
      const pause = await pauseOne(db, listing, rule, now);
      if (pause) paused.push(pause);
    }
    const last = page.at(-1);
    if (!last || page.length < SWEEP_PAGE) return paused;
    afterId = last.id;
  }
}

/** One listing off sale, its pause noted and its e-mail scheduled, in one transaction; null if it changed. */
async function pauseOne(
  db: Db,
  listing: { id: number; sellerId: number; version: number; faceValueCents: number; serviceFeeCents: number },
  rule: PriceCapRule,
  now: Date,
): Promise<PausedListing | null> {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(tickets)
      .set({
        status: 'pending',
        version: sql`${tickets.version} + 1`,
        editingBy: null,
        editExpiresAt: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(tickets.id, listing.id),
          eq(tickets.version, listing.version),
          eq(tickets.status, 'available'),
          eq(tickets.sold, false),
          noBuyerAtWork(now),
        ),
      )
      .returning({ id: tickets.id });
    if (!taken) return null;
    const capMarkup = highestMarkupWithin(rule, listing);
    const [pause] = await tx
      .insert(priceCapPauses)
      .values({ ticketId: listing.id, sellerId: listing.sellerId, ruleId: rule.id, capMarkup, pausedAt: now })
      .returning({ id: priceCapPauses.id });
    if (!pause) throw new Error('price cap pause insert returned no row');
    // The e-mail says what was decided now, whatever the table says when it is sent.
    const mail: PausedListingMail = {
      pauseId: pause.id,
      statement: PRICE_CAP_TEXT.statement(rule),
      sourceUrl: rule.sourceUrl,
      capAllInCents: maxAllInCents(rule, listing),
      fixedAllInCents:
        capMarkup === null
          ? null
          : allInPerTicketCents(
              listingPriceCents(listing.faceValueCents, listing.serviceFeeCents, capMarkup),
            ),
    };
    await enqueueJob(tx, {
      kind: PRICE_CAP_MAIL_JOB,
      key: `pause:${pause.id}`,
      runAt: now,
      payload: { ...mail },
    });
    return { pauseId: pause.id, ticketId: listing.id, ruleId: rule.id };
  });
}

/**
 * An edit within the cap puts a paused listing back on sale (the edit itself checked the cap): its pause is
 * closed, so the e-mailed link works no more. Inside the edit's transaction.
 */
export async function resumeCapPausedListing(tx: DbOrTx, ticketId: number, now: Date): Promise<void> {
  const closed = await tx
    .update(priceCapPauses)
    .set({ fixedAt: now })
    .where(and(eq(priceCapPauses.ticketId, ticketId), isNull(priceCapPauses.fixedAt)))
    .returning({ id: priceCapPauses.id });
  if (closed.length === 0) return;
  await tx
    .update(tickets)
    .set({ status: 'available' })
    .where(and(eq(tickets.id, ticketId), eq(tickets.status, 'pending'), notSuspendedSeller()));
}

function notSuspendedSeller() {
  return sql`not exists (select 1 from ${users} where ${users.id} = ${tickets.sellerId} and ${users.suspendedAt} is not null)`;
}

// ── The one-click fix ─────────────────────────────────────────────────────────────────────────────

/** The link's token: the pause's id, signed for this purpose and its seller, so it fixes only their listing. */
const purposeFor = (sellerId: number) => `price-cap-fix:v1:${sellerId}`;

export function fixToken(secret: string, pause: { id: number; sellerId: number }): string {
  return signedIdToken(secret, purposeFor(pause.sellerId), pause.id);
}

export interface FixedListing {
  ticketId: number;
  listingPriceCents: number;
  markup: number;
}

/**
 * POST /api/price-caps/fix: the seller's one click. The token must be one the server signed for this pause
 * and its seller; a signed-in member other than the seller is refused. Works once: the pause is closed in
 * the same transaction that reprices the listing to the highest markup within the cap in effect now (never
 * above the seller's own) and puts it back on sale.
 */
export async function fixPausedListing(
  db: Db,
  secret: string,
  token: string,
  viewerId: number | null,
  now: Date,
): Promise<FixedListing> {
  const pauseId = Number(/^(\d{1,10})\./.exec(token)?.[1] ?? Number.NaN);
  const [pause] = Number.isSafeInteger(pauseId)
    ? await db.select().from(priceCapPauses).where(eq(priceCapPauses.id, pauseId))
    : [];
  if (!pause || idOfSignedToken(secret, purposeFor(pause.sellerId), token) !== pause.id)
    throw new Invalid(PRICE_CAP_TEXT.fixInvalid);
  if (viewerId !== null && viewerId !== pause.sellerId) throw new Forbidden(TICKET_TEXT.notYourTicket);
  return db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: priceCapPauses.id })
      .from(priceCapPauses)
      .where(and(eq(priceCapPauses.id, pause.id), isNull(priceCapPauses.fixedAt)))
      .for('update');
    if (!open) throw new Conflict(PRICE_CAP_TEXT.fixUsed);
    const [listing] = await tx
      .select(capColumns)
      .from(tickets)
      .innerJoin(events, eq(events.id, tickets.eventId))
      .innerJoin(venues, eq(venues.id, events.venueId))
      .where(and(eq(tickets.id, pause.ticketId), eq(tickets.status, 'pending'), eq(tickets.sold, false)))
      .for('update', { of: tickets });
    if (!listing) throw new Conflict(PRICE_CAP_TEXT.fixUsed);
    const highest = highestMarkupWithin(ruleInEffect(listing, now), listing);
    if (highest === null) throw new Conflict(PRICE_CAP_TEXT.noMarkupFits);
    const markup = Math.min(highest, listing.markup);
    const price = listingPriceCents(listing.faceValueCents, listing.serviceFeeCents, markup);
    const [fixed] = await tx
      .update(tickets)
      .set({
        markup,
        listingPriceCents: price,
        status: 'available',
        version: sql`${tickets.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(tickets.id, pause.ticketId), listingOnSaleSql(now), notSuspendedSeller()))
      .returning({ id: tickets.id });
    if (!fixed) throw new Conflict(PRICE_CAP_TEXT.fixUsed);
    await tx.update(priceCapPauses).set({ fixedAt: now }).where(eq(priceCapPauses.id, pause.id));
    return { ticketId: pause.ticketId, listingPriceCents: price, markup };
  });
}
