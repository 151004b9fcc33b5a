import { sql } from 'drizzle-orm';
import { tickets } from '../../db/schema/index.js';

/**
 * The folded city of a listing's event, as the marketplace's city filter compares it (decision 0059): its
 * catalog venue's; '' for a listing without a catalog event. Written against the unqualified `tickets`.
 */
export const listingCitySql = sql.raw(`coalesce((select search_fold(v.city) from events e
  join venues v on v.id = e.venue_id where e.id = tickets.event_id), '')`);

/**
 * The listing's columns that both a marketplace card and a ticket's details are made from: what is
 * listed, its price, its sale and transfer state, and who holds or edits it. Each reader adds its own.
 */
export const listingColumns = {
  id: tickets.id,
  version: tickets.version,
  sellerId: tickets.sellerId,
  buyerId: tickets.buyerId,
  eventId: tickets.eventId,
  eventName: tickets.eventName,
  eventDate: tickets.eventDate,
  description: tickets.description,
  venue: tickets.venue,
  daysCount: tickets.daysCount,
  isMultiDay: tickets.isMultiDay,
  section: tickets.section,
  row: tickets.row,
  seats: tickets.seats,
  quantity: tickets.quantity,
  splitRule: tickets.splitRule,
  faceValueCents: tickets.faceValueCents,
  serviceFeeCents: tickets.serviceFeeCents,
  markup: tickets.markup,
  listingPriceCents: tickets.listingPriceCents,
  ticketType: tickets.ticketType,
  platform: tickets.platform,
  sold: tickets.sold,
  barcodeChecked: tickets.barcodeChecked,
  transferStatus: tickets.transferStatus,
  currentViewerId: tickets.currentViewerId,
  lockExpiresAt: tickets.lockExpiresAt,
  editingBy: tickets.editingBy,
  editExpiresAt: tickets.editExpiresAt,
  createdAt: tickets.createdAt,
};
