/**
 * The words of a sale that texts and schemas share: what refunded it, who disputed it, where a dispute and
 * an unsold listing stand. Plain lists, imported by common/messages.ts and by the schemas alike, so this
 * module imports nothing: the texts and the schemas no longer reach each other through it (issue 43 §13).
 */

/** What refunded a sale from escrow (decisions 0017, 0033, 0035). */
export const REFUND_CAUSES = [
  'transfer_deadline',
  'admin',
  'dispute',
  'event_cancelled',
  'event_postponed',
  'provider',
  'chargeback',
] as const;
export type RefundCause = (typeof REFUND_CAUSES)[number];

/**
 * Who opened a dispute: the buyer, the card issuer, the automatic completion finding an undownloaded barcode
 * (decision 0041), or a partial refund at the provider (0050).
 */
export const DISPUTE_SOURCES = ['report', 'provider', 'barcode', 'partial_refund'] as const;
export type DisputeSource = (typeof DISPUTE_SOURCES)[number];
export const DISPUTE_STATUSES = ['open', 'refunded', 'released', 'lost'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_RESOLUTIONS = ['refund', 'release'] as const;
export type DisputeResolution = (typeof DISPUTE_RESOLUTIONS)[number];

/**
 * Where an unsold listing stands: listed, withdrawn by an admin for review ('pending') or for good
 * ('cancelled'; decision 0036), or withdrawn because its event was cancelled (decision 0042).
 */
/** 'awaiting_verification': above the verification threshold, until its seller is verified (decision 0086). */
export const LISTING_STATES = [
  'active',
  'under_review',
  'withdrawn',
  'event_cancelled',
  'awaiting_verification',
] as const;
export type ListingState = (typeof LISTING_STATES)[number];
