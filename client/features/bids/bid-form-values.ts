import { BID_TEXT } from '@common/messages';
import { dollarsToCents } from '@common/money';
import { type CreateBid, createBidSchema } from '@common/schemas/bids';
import type { ConcertSearchResult } from '@common/schemas/events';

/** The Create Bid form as typed (spec 001 §2, §5). */
export interface BidFormValues {
  event: ConcertSearchResult | null;
  maxPrice: string;
  quantity: number;
  section: string;
  paymentMethodId: string;
  acknowledged: boolean;
}

export type BidFormField = 'event' | 'maxPrice' | 'quantity' | 'section' | 'paymentMethodId' | 'acknowledged';
export type BidFormErrors = Partial<Record<BidFormField, string>>;

export const EMPTY_BID_FORM: BidFormValues = {
  event: null,
  maxPrice: '',
  quantity: 1,
  section: '',
  paymentMethodId: '',
  acknowledged: false,
};

/** The typed amount in cents, or null while it is not a positive amount with at most two decimals. */
export function maxPriceCents(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const cents = dollarsToCents(trimmed);
  return cents > 0 ? cents : null;
}

/** The field a schema path names on this form. */
function formField(path: PropertyKey | undefined): BidFormField | null {
  switch (path) {
    case 'eventName':
    case 'eventDate':
    case 'venue':
      return 'event';
    case 'maxPrice':
    case 'quantity':
    case 'section':
      return path;
    case 'stripePaymentMethodId':
      return 'paymentMethodId';
    default:
      return null;
  }
}

/**
 * The request the form sends, checked by the same schema as the server (amount as a decimal number,
 * quantity a whole one), plus the acknowledgement only the form has.
 */
export function toCreateBid(values: BidFormValues): { bid: CreateBid } | { errors: BidFormErrors } {
  const amount = values.maxPrice.trim();
  const errors: BidFormErrors = {};
  const parsed = createBidSchema.safeParse({
    eventId: values.event?.id ?? null,
    eventName: values.event?.name ?? '',
    venue: values.event?.venue || null,
    eventDate: values.event?.date ?? '',
    maxPrice: amount === '' ? undefined : Number(amount),
    quantity: values.quantity,
    section: values.section.trim() || null,
    stripePaymentMethodId: values.paymentMethodId,
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = formField(issue.path[0]);
      if (field && !errors[field]) errors[field] = issue.message;
    }
  // Three decimals or '1e3' pass as numbers but are not amounts the card can be charged.
  if (!errors.maxPrice && amount !== '' && maxPriceCents(amount) === null)
    errors.maxPrice = BID_TEXT.maxPriceNumber;
  if (!values.acknowledged) errors.acknowledged = BID_TEXT.acknowledgeRequired;
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { bid: parsed.data };
}

/** The server's `fieldErrors` (request field → message) as the form's fields. */
export function serverFieldErrors(body: unknown): BidFormErrors {
  const fieldErrors = (body as { fieldErrors?: Record<string, unknown> } | null)?.fieldErrors ?? {};
  const errors: BidFormErrors = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const field = formField(path);
    if (field && typeof message === 'string' && !errors[field]) errors[field] = message;
  }
  return errors;
}
