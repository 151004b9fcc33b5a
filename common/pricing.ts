/**
 * Encore's fee rules (spec 000 §9 'Pricing'; decision records 0002-0004). This is the only place fees
 * are computed; the server and the client both call it.
 *
 * Every amount is an integer number of cents. Rounding rule: each money step (price per ticket,
 * processing fee per ticket, platform fee) is computed exactly as a fraction of integers and rounded once,
 * half up to the nearest cent (0.5 cent goes up). Everything else is exact integer addition, subtraction
 * and multiplication, so the parts always add up to the totals.
 *
 *   per ticket         = round((faceValue + serviceFee) × (100 + markup) / 100)
 *   all-in per ticket  = per ticket + round(per ticket × 1.95 / 100)        (decision 0073)
 *   total              = per ticket × quantity
 *   processing fee     = round(per ticket × 1.95 / 100) × quantity
 *   platform fee       = round(total × platformFeePercent(markup) / 100)
 *   seller receives    = total − platform fee − processing fee
 *   buyer pays         = all-in per ticket × quantity = total + processing fee   (all-in, decision 0003)
 *
 * The processing fee is rounded per ticket, so the all-in price of a ticket is the same at every
 * quantity and "per ticket × quantity" is exactly the amount charged (decision 0073).
 */

/** The one card processing fee, in percent (decision 0004). */
export const PROCESSING_FEE_PERCENT = 1.95;
/** 1.95% as an exact fraction: 195 / 10 000. */
const PROCESSING_FEE_NUMERATOR = 195;
const PROCESSING_FEE_DENOMINATOR = 10_000;

/** The listing form's markup slider (percent). */
export const MARKUP_MIN = -100;
export const MARKUP_MAX = 50;
export const MARKUP_STEP = 1;
export const MARKUP_DEFAULT = 0;
/** The breakdown's markup bar spans a wider range than the slider. */
export const MARKUP_BAR_MIN = -100;
export const MARKUP_BAR_MAX = 100;

/** Platform fee at markup 0, at +50 or more, and at -100 (percent). */
export const PLATFORM_FEE_BASE_PERCENT = 7.2;
export const PLATFORM_FEE_MAX_PERCENT = 30;
export const PLATFORM_FEE_MIN_PERCENT = 6;

/**
 * The platform fee rate is kept as an exact fraction over 2 500 000 (that is, in units of 1/25 000
 * percent), so fees never pass through a binary fraction:
 *   markup > 0:  7.2 + 22.8 × (m/50)²  percent  = (180 000 + 228·m²) / 25 000 percent
 *   markup ≤ 0:  7.2 + 1.2 × (m/100)   percent  = (180 000 + 300·m)  / 25 000 percent
 */
const PLATFORM_RATE_DENOMINATOR = 2_500_000;
const PERCENT_UNIT = 25_000;

/** a / b rounded half up, for integers a ≥ 0 and b > 0 (exact: no floating-point division). */
function divideRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

function assertCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a whole, non-negative number of cents (got ${value})`);
}

function assertMarkup(markupPercent: number): void {
  if (!Number.isInteger(markupPercent) || markupPercent < MARKUP_MIN)
    throw new RangeError(`markup must be a whole percent of at least ${MARKUP_MIN} (got ${markupPercent})`);
}

/** The markup the platform fee is computed from: clamped to -100..50 (spec 000 §9). */
export function clampFeeMarkup(markupPercent: number): number {
  return Math.min(MARKUP_MAX, Math.max(MARKUP_MIN, Math.trunc(markupPercent)));
}

function platformRateNumerator(markupPercent: number): number {
  const m = clampFeeMarkup(markupPercent);
  return m > 0 ? 180_000 + 228 * m * m : 180_000 + 300 * m;
}

/** Platform fee percent for a markup: 6 at -100, 7.2 at 0, 30 at +50 and above. */
export function platformFeePercent(markupPercent: number): number {
  return platformRateNumerator(markupPercent) / PERCENT_UNIT;
}

/**
 * What a fan pays for one ticket listed at `perTicketCents`, all-in: the listing price and its processing
 * fee. The same at every quantity; the generated column tickets.buyer_pays_per_ticket_cents is this in SQL.
 */
export function allInPerTicketCents(perTicketCents: number): number {
  return perTicketCents + processingFeeCents(perTicketCents);
}

/** The seller's platform fee on a sale total. */
export function platformFeeCents(totalCents: number, markupPercent: number): number {
  assertCents('total', totalCents);
  return divideRoundHalfUp(totalCents * platformRateNumerator(markupPercent), PLATFORM_RATE_DENOMINATOR);
}

/** The 1.95% card processing fee on an amount (a ticket's listing price, or a bid). */
export function processingFeeCents(amountCents: number): number {
  assertCents('amount', amountCents);
  return divideRoundHalfUp(amountCents * PROCESSING_FEE_NUMERATOR, PROCESSING_FEE_DENOMINATOR);
}

/** Seller listing price per ticket = (faceValue + serviceFee) × (1 + markup/100), to the cent. */
export function listingPriceCents(
  faceValueCents: number,
  serviceFeeCents: number,
  markupPercent: number,
): number {
  assertCents('faceValue', faceValueCents);
  assertCents('serviceFee', serviceFeeCents);
  assertMarkup(markupPercent);
  return divideRoundHalfUp((faceValueCents + serviceFeeCents) * (100 + markupPercent), 100);
}

export interface SaleInput {
  /** Listing price of one ticket (what listingPriceCents() returned, or the stored listing price). */
  perTicketCents: number;
  markupPercent: number;
  quantity: number;
}

export interface PriceBreakdown {
  perTicketCents: number;
  quantity: number;
  /** Per ticket × quantity: the sale total before the buyer's processing fee. */
  totalCents: number;
  platformFeePercent: number;
  platformFeeCents: number;
  processingFeePercent: number;
  processingFeeCents: number;
  /** Total − platform fee − processing fee. */
  sellerReceivesCents: number;
  /** All-in: total + processing fee = buyerPaysPerTicketCents × quantity. The amount charged at checkout. */
  buyerPaysCents: number;
  /** All-in per ticket (allInPerTicketCents): the same at every quantity, and × quantity it is buyerPaysCents. */
  buyerPaysPerTicketCents: number;
}

/** The breakdown of a sale of `quantity` tickets at a known per-ticket listing price. */
export function saleBreakdown({ perTicketCents, markupPercent, quantity }: SaleInput): PriceBreakdown {
  assertCents('perTicket', perTicketCents);
  if (!Number.isSafeInteger(quantity) || quantity < 1)
    throw new RangeError(`quantity must be a whole number of at least 1 (got ${quantity})`);
  const totalCents = perTicketCents * quantity;
  const platformFee = platformFeeCents(totalCents, markupPercent);
  const processingFee = processingFeeCents(perTicketCents) * quantity;
  const buyerPaysPerTicketCents = perTicketCents + processingFeeCents(perTicketCents);
  return {
    perTicketCents,
    quantity,
    totalCents,
    platformFeePercent: platformFeePercent(markupPercent),
    platformFeeCents: platformFee,
    processingFeePercent: PROCESSING_FEE_PERCENT,
    processingFeeCents: processingFee,
    sellerReceivesCents: totalCents - platformFee - processingFee,
    buyerPaysCents: totalCents + processingFee,
    buyerPaysPerTicketCents,
  };
}

export interface PricingInput {
  faceValueCents: number;
  serviceFeeCents: number;
  markupPercent: number;
  quantity: number;
}

/** The full breakdown from the listing form's inputs. */
export function priceBreakdown(input: PricingInput): PriceBreakdown {
  return saleBreakdown({
    perTicketCents: listingPriceCents(input.faceValueCents, input.serviceFeeCents, input.markupPercent),
    markupPercent: input.markupPercent,
    quantity: input.quantity,
  });
}

export type MarkupTone = 'green' | 'yellow' | 'red';

/**
 * Markup badge colour: red above 30, yellow above 0, green at 0. Below 0 is also green: a ticket
 * below face value is the best deal a fan can get, so it reads as 'good' like face value does.
 */
export function markupTone(markupPercent: number): MarkupTone {
  if (markupPercent > 30) return 'red';
  if (markupPercent > 0) return 'yellow';
  return 'green';
}

export const MARKUP_COMMENTARY = {
  below:
    'Below the original price: a real gift to another fan. Your platform fee drops too, down to 6% at the lowest price.',
  zero: 'The original price, face value plus the original fee: the fairest price there is. Fans love it, and you pay the standard 7.2% platform fee.',
  modest: 'A modest markup that still feels fair to fans. Your platform fee rises slightly.',
  moderate: 'A moderate markup. Fans will notice it, and your platform fee grows with it.',
  high: 'A high markup. Expect fewer interested fans and a noticeably higher platform fee.',
  steep:
    'A steep markup: this is scalper territory. Your platform fee climbs toward 30%, and your ticket may not sell.',
} as const;

/**
 * The slider's commentary for a markup tier: below 0, 0, 1-10, 11-20, 21-30, 31-50 (spec 000 §2). It speaks
 * of the seller's price against the original price; the form says beside it how the all-in price, card
 * processing fee included, reads to buyers (decision 0073).
 */
export function markupCommentary(markupPercent: number): string {
  if (markupPercent < 0) return MARKUP_COMMENTARY.below;
  if (markupPercent === 0) return MARKUP_COMMENTARY.zero;
  if (markupPercent <= 10) return MARKUP_COMMENTARY.modest;
  if (markupPercent <= 20) return MARKUP_COMMENTARY.moderate;
  if (markupPercent <= 30) return MARKUP_COMMENTARY.high;
  return MARKUP_COMMENTARY.steep;
}
