import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import { TICKET_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import { onSaleAt, type SaleDays } from '../../../common/on-sale.js';
import { listingPriceCents, saleBreakdown } from '../../../common/pricing.js';
import type { Notifications } from '../../../common/schemas/notifications.js';
import type { VerificationPrompt } from '../../../common/schemas/tickets.js';
import {
  EDIT_LOCK_TTL_MS,
  type Platform,
  type TicketDetails,
  type TicketInput,
} from '../../../common/schemas/tickets.js';
import type { ImageStore } from '../../adapters/images/image-store.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { type eventStatuses, events, tickets, users, venues } from '../../db/schema/index.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../errors.js';
import { batchedReader } from '../../lib/batched-reads.js';
import type { Clock } from '../../lib/clock.js';
import { memberNameSql } from '../../lib/member-name.js';
import { sellerTrustOf, UNKNOWN_SELLER } from '../identity/trust.js';
import { resumeCapPausedListing } from '../price-caps/pauses.js';
import { assertListingWithinCap, ruleInEffect } from '../price-caps/place.js';
import { NO_RATING, ratingJoinedOn, sellerRating } from '../reviews/ratings.js';
import { showTimeOf } from '../sales/show-page.js';
import { assertMayList, lockMemberForLimits } from '../show-limits/service.js';
import { assertNotPausedForReview } from '../strikes/service.js';
import { noBuyerAtWork } from './buyer-at-work.js';
import { listingColumns } from './listing-columns.js';
import { gateOnVerification, isFirstListing } from './verification-gate.js';

export interface TicketServiceDeps {
  db: Db;
  images: ImageStore;
  clock: Clock;
  /** The zone of a listing without a catalog venue (PLATFORM_TIME_ZONE, decision 0056). */
  platformTimeZone: string;
  /** Where failures that must not fail the request (removing a replaced image) are reported. */
  log: { warn(details: object, message: string): void };
}

export interface SavedTicket {
  id: number;
  version: number;
  listingPriceCents: number;
  /**
   * What the seller is asked about their identity after saving (decision 0086): 'required' when the listing
   * waits for their verification, 'suggested' on an unverified seller's first listing, else 'none'.
   */
  verificationPrompt: VerificationPrompt;
}

/**
 * A listing is for a show still on sale (decision 0071): until its venue's midnight after its last day, read
 * in the zone the listing will carry, so tonight's show in Los Angeles can be listed until midnight there.
 */
function assertOnSale(days: SaleDays, now: Date): void {
  if (!onSaleAt(days, now))
    throw new Invalid(TICKET_TEXT.eventDatePast, { eventDate: TICKET_TEXT.eventDatePast });
}

/** The catalog event a listing belongs to: the one named by id, else one with the same name on that date. */
async function resolveEvent(
  db: DbOrTx,
  input: Pick<TicketInput, 'eventId' | 'eventName' | 'eventDate'>,
): Promise<{
  id: number;
  venue: string;
  timeZone: string;
  country: string;
  region: string | null;
  status: (typeof eventStatuses)[number];
} | null> {
  const select = () =>
    db
      .select({
        id: events.id,
        venue: venues.name,
        timeZone: venues.timeZone,
        country: venues.country,
        region: venues.region,
        status: events.status,
      })
      .from(events)
      .innerJoin(venues, eq(venues.id, events.venueId))
      .limit(1);
  if (input.eventId !== null) {
    const [byId] = await select().where(eq(events.id, input.eventId));
    if (byId) return byId;
  }
  const [byName] = await select().where(
    and(eq(sql`lower(${events.name})`, input.eventName.toLowerCase()), eq(events.date, input.eventDate)),
  );
  return byName ?? null;
}

/**
 * The columns a create or an update writes, with the listing price computed here (never the client's) and
 * the zone its dates are read in: the catalog venue's, else the platform's (decision 0056).
 */
async function ticketColumns(db: DbOrTx, input: TicketInput, platformTimeZone: string, now: Date) {
  const event = await resolveEvent(db, input);
  // A cancelled event is no longer offered for listing (decision 0042).
  if (event?.status === 'cancelled')
    throw new Invalid(TICKET_TEXT.eventCancelled, { eventName: TICKET_TEXT.eventCancelled });
  const timeZone = event?.timeZone ?? platformTimeZone;
  assertOnSale({ eventDate: input.eventDate, daysCount: input.daysCount, timeZone }, now);
  // The price cap of the show's place (decision 0084); a listing without a catalog event has no place.
  if (event) assertListingWithinCap(ruleInEffect(event, now), input);
  return {
    eventId: event?.id ?? null,
    eventName: input.eventName,
    eventDate: input.eventDate,
    description: input.description,
    venue: input.venue || event?.venue || '',
    daysCount: input.daysCount,
    timeZone,
    isMultiDay: input.isMultiDay,
    section: input.section,
    row: input.row,
    seats: input.seats,
    quantity: input.quantity,
    ...(input.splitRule === undefined ? {} : { splitRule: input.splitRule }),
    faceValueCents: input.faceValueCents,
    serviceFeeCents: input.serviceFeeCents,
    markup: input.markup,
    listingPriceCents: listingPriceCents(input.faceValueCents, input.serviceFeeCents, input.markup),
    ticketType: input.ticketType,
    platform: input.platform,
    imageUrl: input.cloudinaryUrl,
    imagePublicId: input.cloudinaryPublicId,
  };
}

async function assertImageUsable(
  images: ImageStore,
  input: Pick<TicketInput, 'cloudinaryUrl' | 'cloudinaryPublicId'>,
  sellerId: number,
): Promise<void> {
  const owned = await images.isOwnedBy(
    { url: input.cloudinaryUrl, publicId: input.cloudinaryPublicId },
    sellerId,
  );
  if (!owned) throw new Invalid(TICKET_TEXT.imageNotYours, { cloudinaryUrl: TICKET_TEXT.imageNotYours });
}

/** POST /api/tickets: a new listing at version 1. */
export async function createTicket(
  deps: TicketServiceDeps,
  sellerId: number,
  input: TicketInput,
): Promise<SavedTicket> {
  const columns = await ticketColumns(deps.db, input, deps.platformTimeZone, deps.clock.now());
  await assertImageUsable(deps.images, input, sellerId);
  // The show's limit of listings, counted with the seller's row locked (decision 0088).
  return deps.db.transaction(async (tx) => {
    await lockMemberForLimits(tx, sellerId);
    await assertNotPausedForReview(tx, sellerId);
    await assertMayList(tx, sellerId, columns);
    const [row] = await tx
      .insert(tickets)
      .values({ ...columns, sellerId })
      .returning({ id: tickets.id, version: tickets.version, listingPriceCents: tickets.listingPriceCents });
    if (!row) throw new Error('ticket insert returned no row');
    if (await gateOnVerification(tx, row.id)) return { ...row, verificationPrompt: 'required' as const };
    const [seller] = await tx
      .select({ identityStatus: users.identityStatus })
      .from(users)
      .where(eq(users.id, sellerId));
    const unverified = seller?.identityStatus === 'unverified' || seller?.identityStatus === 'declined';
    const suggested = unverified && (await isFirstListing(tx, sellerId, row.id));
    return { ...row, verificationPrompt: suggested ? ('suggested' as const) : ('none' as const) };
  });
}

/**
 * Why a conditional write on a ticket matched nothing: unknown, not the caller's, sold, a buyer holding or
 * paying for it, or a stale version.
 */
async function explainRefusal(db: DbOrTx, ticketId: number, sellerId: number, now: Date): Promise<never> {
  const [row] = await db
    .select({
      sellerId: tickets.sellerId,
      sold: tickets.sold,
      version: tickets.version,
      free: sql<boolean>`${noBuyerAtWork(now)}`,
    })
    .from(tickets)
    .where(eq(tickets.id, ticketId))
    .limit(1);
  if (!row) throw new NotFound(TICKET_TEXT.notFound);
  if (row.sellerId !== sellerId) throw new Forbidden(TICKET_TEXT.notYourTicket);
  if (row.sold) throw new Forbidden(TICKET_TEXT.sold);
  if (!row.free) throw new Conflict(TICKET_TEXT.buyerAtWork);
  throw new Conflict(TICKET_TEXT.versionConflict, { currentVersion: row.version });
}

/**
 * POST|PATCH /api/tickets/{id}: one conditional UPDATE that matches the id, the version the form was read
 * at, an unsold ticket and its seller, and increments the version. Anything else changes nothing.
 */
export async function updateTicket(
  deps: TicketServiceDeps,
  sellerId: number,
  ticketId: number,
  version: number,
  input: TicketInput,
): Promise<SavedTicket> {
  const now = deps.clock.now();
  const [before] = await deps.db
    .select({
      imageUrl: tickets.imageUrl,
      imagePublicId: tickets.imagePublicId,
      sold: tickets.sold,
      version: tickets.version,
    })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.sellerId, sellerId)));
  // A new image must be the seller's own upload; the one the listing already shows passed that check.
  // Updates that will be refused anyway (sold, stale) get their 403 or 409 from the update below.
  const newImage =
    before?.imagePublicId !== input.cloudinaryPublicId || before?.imageUrl !== input.cloudinaryUrl;
  if (before && !before.sold && before.version === version && newImage)
    await assertImageUsable(deps.images, input, sellerId);
  const { saved, replacedImage } = await deps.db.transaction(async (tx) => {
    // Locks the row, so the image read here is the one the conditional update below replaces.
    const [current] = await tx
      .select({ imagePublicId: tickets.imagePublicId })
      .from(tickets)
      .where(eq(tickets.id, ticketId))
      .for('update');
    const [row] = await tx
      .update(tickets)
      .set({
        ...(await ticketColumns(tx, input, deps.platformTimeZone, now)),
        version: sql`${tickets.version} + 1`,
        updatedAt: now,
      })
      .where(
        and(
          eq(tickets.id, ticketId),
          eq(tickets.version, version),
          eq(tickets.sold, false),
          eq(tickets.sellerId, sellerId),
          noBuyerAtWork(now),
        ),
      )
      .returning({ id: tickets.id, version: tickets.version, listingPriceCents: tickets.listingPriceCents });
    if (!row) return explainRefusal(tx, ticketId, sellerId, now);
    // A listing the price-cap sweep paused is back on sale once its seller edits it within the cap.
    await resumeCapPausedListing(tx, ticketId, now);
    // An edit above the verification threshold takes the listing off sale until the seller is verified.
    const verificationPrompt: VerificationPrompt = (await gateOnVerification(tx, row.id))
      ? 'required'
      : 'none';
    const previous = current?.imagePublicId ?? null;
    return {
      saved: { ...row, verificationPrompt },
      replacedImage: previous !== input.cloudinaryPublicId ? previous : null,
    };
  });
  await removeUnusedImage(deps, replacedImage);
  return saved;
}

/** The error a foreign key raises when other rows (offers, messages, holds) still point at a ticket. */
function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * DELETE /api/tickets/{id}: the seller removes an unsold listing, with the parts of it no buyer is taking
 * any more (decision 0062; sold parts stay, they are sales); its image goes after the commit.
 */
export async function deleteTicket(
  deps: TicketServiceDeps,
  sellerId: number,
  ticketId: number,
): Promise<void> {
  const now = deps.clock.now();
  let removed: { imagePublicId: string | null } | undefined;
  try {
    removed = await deps.db.transaction(async (tx) => {
      await tx
        .delete(tickets)
        .where(
          and(
            eq(tickets.splitFromTicketId, ticketId),
            eq(tickets.sellerId, sellerId),
            eq(tickets.sold, false),
            noBuyerAtWork(now),
          ),
        );
      const [row] = await tx
        .delete(tickets)
        .where(
          and(
            eq(tickets.id, ticketId),
            eq(tickets.sellerId, sellerId),
            eq(tickets.sold, false),
            noBuyerAtWork(now),
          ),
        )
        .returning({ imagePublicId: tickets.imagePublicId });
      if (!row) return explainRefusal(tx, ticketId, sellerId, now);
      return row;
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new Conflict(TICKET_TEXT.hasActivity);
    throw error;
  }
  await removeUnusedImage(deps, removed?.imagePublicId ?? null);
}

/**
 * Removes an image no listing uses any more. Runs after the commit (a rolled-back change must not lose its
 * image); a failure is logged, not returned: the listing change itself has already happened.
 */
async function removeUnusedImage(deps: TicketServiceDeps, publicId: string | null): Promise<void> {
  if (!publicId) return;
  try {
    if (await isListedTicketImage(deps.db, publicId)) return;
    await deps.images.delete(publicId);
  } catch (error) {
    deps.log.warn({ err: error, publicId }, 'could not remove an unused ticket image');
  }
}

/** Whether a listing shows this image (such images may be seen by every signed-in user). */
export async function isListedTicketImage(db: DbOrTx, publicId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.imagePublicId, publicId))
    .limit(1);
  return row !== undefined;
}

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

/**
 * isBeingEdited / lockExpiresAt / currentViewerId describe whichever live lock the ticket has: a buyer's
 * hold, else its seller's open editor. An expired lock counts as none.
 */
function liveLock(
  row: {
    currentViewerId: number | null;
    lockExpiresAt: Date | null;
    editingBy: number | null;
    editExpiresAt: Date | null;
  },
  now: number,
) {
  if (row.currentViewerId !== null && row.lockExpiresAt && row.lockExpiresAt.getTime() > now)
    return {
      isBeingEdited: true,
      lockExpiresAt: iso(row.lockExpiresAt),
      currentViewerId: row.currentViewerId,
    };
  if (row.editingBy !== null && row.editExpiresAt && row.editExpiresAt.getTime() > now)
    return { isBeingEdited: true, lockExpiresAt: iso(row.editExpiresAt), currentViewerId: row.editingBy };
  return { isBeingEdited: false, lockExpiresAt: null, currentViewerId: null };
}

/**
 * The listing, its seller and the seller's rating, in one statement prepared once per database, read in
 * batches: the details every request of one turn asks for cost one round trip beside the sessions' (issue
 * 23, goal 4).
 */
export function ticketDetailsReader(db: Db) {
  const rating = ratingJoinedOn(db, tickets.sellerId);
  const statement = db
    .select({
      ticket: {
        ...listingColumns,
        imageUrl: tickets.imageUrl,
        imagePublicId: tickets.imagePublicId,
        status: tickets.status,
        updatedAt: tickets.updatedAt,
        timeZone: tickets.timeZone,
      },
      seller: { id: users.id, username: memberNameSql(users), createdAt: users.createdAt },
      rating: { averageRating: rating.averageRating, totalReviews: rating.totalReviews },
      show: { date: events.date, startTime: events.startTime, doorsTime: events.doorsTime },
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.sellerId))
    .leftJoin(events, eq(events.id, tickets.eventId))
    .leftJoinLateral(rating, sql`true`)
    .where(sql`${tickets.id} = any(${sql.placeholder('ids')})`)
    .prepare('ticket_details');
  return batchedReader(async (ids: number[]) => {
    const rows = await statement.execute({ ids });
    return new Map(rows.map((row) => [row.ticket.id, row]));
  });
}
export type TicketDetailsReader = ReturnType<typeof ticketDetailsReader>;

/**
 * GET /api/tickets/{id}. A member learns whether the ticket is reserved and whether by them, nothing more
 * (decision 0032): the holder's id only when it is the viewer's own, and a sold ticket's transfer state
 * only for its seller, its buyer and admins (others read 'not_started', the same for every sale).
 */
export async function getTicketDetails(
  db: DbOrTx,
  read: TicketDetailsReader,
  ticketId: number,
  viewer: { id: number; role: string },
  now: Date,
): Promise<TicketDetails> {
  const row = await read(ticketId);
  if (!row) throw new NotFound(TICKET_TEXT.notFound);
  const trust = (await sellerTrustOf(db, [row.ticket.sellerId], now)).get(row.ticket.sellerId);
  const { ticket, seller } = row;
  const rating = sellerRating(row.rating ?? NO_RATING);
  const party = viewer.role === 'admin' || viewer.id === ticket.sellerId || viewer.id === ticket.buyerId;
  const lock = liveLock(ticket, now.getTime());
  const sale = saleBreakdown({
    perTicketCents: ticket.listingPriceCents,
    markupPercent: ticket.markup,
    quantity: ticket.quantity,
  });
  return {
    id: ticket.id,
    version: ticket.version,
    eventId: ticket.eventId,
    eventName: ticket.eventName,
    eventDate: ticket.eventDate,
    showTime: showTimeOf(
      row.show?.date ?? ticket.eventDate,
      row.show && { ...row.show, timeZone: ticket.timeZone },
    ),
    description: ticket.description,
    venue: ticket.venue,
    daysCount: ticket.daysCount,
    isMultiDay: ticket.isMultiDay,
    section: ticket.section,
    row: ticket.row,
    seats: ticket.seats,
    quantity: ticket.quantity,
    splitRule: ticket.splitRule,
    faceValue: centsToDollars(ticket.faceValueCents),
    serviceFee: centsToDollars(ticket.serviceFeeCents),
    markup: ticket.markup,
    listingPrice: centsToDollars(ticket.listingPriceCents),
    totalPrice: centsToDollars(sale.totalCents),
    buyerPays: centsToDollars(sale.buyerPaysCents),
    ticketType: ticket.ticketType,
    platform: ticket.ticketType === 'digital' ? (ticket.platform as Platform | null) : null,
    cloudinaryUrl: ticket.imageUrl,
    cloudinaryPublicId: ticket.imagePublicId,
    ticketImage: ticket.imageUrl,
    sold: ticket.sold,
    barcodeChecked: ticket.barcodeChecked,
    status: ticket.status,
    transferStatus: party ? ticket.transferStatus : 'not_started',
    ...lock,
    currentViewerId: lock.currentViewerId === viewer.id ? viewer.id : null,
    sellerId: ticket.sellerId,
    seller: {
      id: seller.id,
      username: seller.username,
      // Submitted reviews only; the spec's 4.5/15 defaults would be a made-up score (decision 0016).
      ...rating,
      createdAt: seller.createdAt.toISOString(),
      trust: trust ?? UNKNOWN_SELLER,
    },
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  };
}

/**
 * POST /api/tickets/{id}/start-edit: the seller's editor is open. Sets (or, as the editor's heartbeat,
 * renews) the editing flag for EDIT_LOCK_TTL_MS; a closed tab lets it lapse on its own. Refused (409) while
 * a buyer is at work on the listing or a part of it, so opening the editor never blocks a buyer's hold.
 */
export async function startEdit(
  db: Db,
  sellerId: number,
  ticketId: number,
  now: Date,
): Promise<{ lockExpiresAt: Date }> {
  const lockExpiresAt = new Date(now.getTime() + EDIT_LOCK_TTL_MS);
  const [row] = await db
    .update(tickets)
    .set({ editingBy: sellerId, editExpiresAt: lockExpiresAt })
    // A buyer at work keeps their hold (issue 43): the editor opens once they are done, as a save would wait.
    .where(
      and(
        eq(tickets.id, ticketId),
        eq(tickets.sellerId, sellerId),
        eq(tickets.sold, false),
        noBuyerAtWork(now),
      ),
    )
    .returning({ id: tickets.id });
  if (!row) await explainRefusal(db, ticketId, sellerId, now);
  return { lockExpiresAt };
}

/** POST /api/tickets/{id}/end-edit: the editor closed. Releasing a flag that already lapsed is fine. */
export async function endEdit(db: Db, sellerId: number, ticketId: number): Promise<void> {
  const [row] = await db
    .update(tickets)
    .set({ editingBy: null, editExpiresAt: null })
    .where(and(eq(tickets.id, ticketId), eq(tickets.sellerId, sellerId)))
    .returning({ id: tickets.id });
  if (row) return;
  const [exists] = await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, ticketId)).limit(1);
  if (!exists) throw new NotFound(TICKET_TEXT.notFound);
  throw new Forbidden(TICKET_TEXT.notYourTicket);
}

type PendingTransfer = Notifications['pendingTransfers'][number];

/**
 * Sold tickets whose transfer waits on the user (the navigation badge): as seller until it is
 * initiated, as buyer until they confirm receipt.
 */
export async function pendingTransfersOf(db: DbOrTx, userId: number): Promise<PendingTransfer[]> {
  const rows = await db
    .select({ id: tickets.id, sellerId: tickets.sellerId, transferStatus: tickets.transferStatus })
    .from(tickets)
    .where(
      and(
        eq(tickets.sold, true),
        eq(tickets.transferComplete, false),
        ne(tickets.status, 'cancelled'),
        or(
          and(eq(tickets.sellerId, userId), eq(tickets.transferStatus, 'not_started')),
          and(eq(tickets.buyerId, userId), eq(tickets.transferStatus, 'initiated')),
        ),
      ),
    )
    .orderBy(asc(tickets.id));
  return rows.map((row) => ({
    ticketId: row.id,
    role: row.sellerId === userId && row.transferStatus === 'not_started' ? 'seller' : 'buyer',
  }));
}
