import { z } from 'zod';
import { TICKET_MAX_AMOUNT_CENTS, TICKET_MAX_DAYS, TICKET_MAX_QUANTITY } from '../constants.js';
import { INPUT_TEXT, LISTING_TEXT, TICKET_TEXT } from '../messages.js';
import { dollarsToCents } from '../money.js';
import { MARKUP_MAX, MARKUP_MIN } from '../pricing.js';
import { SPLIT_RULES, type SplitRule } from '../splits.js';
import { sellerTrustSchema } from './identity.js';
import { boundedText, hasControlCharacter, INT32_MAX, positiveInt32, TEXT_LIMITS } from './text.js';

/** The three digital ticketing platforms a digital ticket is transferred through (spec 000 §3, §9). */
export const PLATFORMS = ['ticketmaster', 'livenation', 'axs'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const PLATFORM_LABELS: Record<Platform, string> = {
  ticketmaster: 'Ticketmaster',
  livenation: 'Live Nation',
  axs: 'AXS',
};
/** The member's profile field holding their e-mail on each platform, where a seller transfers to them. */
export const PLATFORM_EMAIL_FIELDS = {
  ticketmaster: 'ticketmasterEmail',
  livenation: 'livenationEmail',
  axs: 'axsEmail',
} as const satisfies Record<Platform, string>;

export const TICKET_TYPES = ['digital', 'paper'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

export const TICKET_STATUSES = ['available', 'sold', 'cancelled', 'pending'] as const;
export const TRANSFER_STATUSES = ['not_started', 'initiated', 'completed'] as const;

/** The seller's 'editing' flag lasts this long unless the editor's heartbeat renews it (spec 000 §4). */
export const EDIT_LOCK_TTL_MS = 120_000;
/** The open editor renews its flag this often: well inside the TTL, so one lost beat does not drop it. */
export const EDIT_LOCK_HEARTBEAT_MS = 45_000;

const MONEY_TEXT = /^\d+(\.\d{1,2})?$/;
const WHOLE_NUMBER_TEXT = /^-?\d+$/;
/** Ids and versions are Postgres integers; larger numbers can name nothing. */
const INT_MAX = INT32_MAX;
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/** A wire amount ('12', '12.5', '12.50') in cents, or null when it is not one (negative, 3 decimals, text). */
export function amountTextToCents(text: string): number | null {
  const trimmed = text.trim();
  return MONEY_TEXT.test(trimmed) ? dollarsToCents(trimmed) : null;
}

/** A real calendar date written yyyy-MM-dd. */
export function isCalendarDate(text: string): boolean {
  if (!DATE_TEXT.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export interface TicketRuleInput {
  ticketType: string;
  platform: string | null | undefined;
  isMultiDay: boolean;
  daysCount: number | null;
  cloudinaryUrl: string | null | undefined;
  cloudinaryPublicId: string | null | undefined;
}

export interface TicketRuleIssue {
  path: 'platform' | 'daysCount' | 'cloudinaryUrl';
  message: string;
}

/**
 * The listing form's rules that span fields (spec 000 §5 'Listing form'), shared by the client form and
 * the server: a digital ticket needs one of the three platforms, multi-day needs 2 or more days, and an
 * image is required. `imageMessage` lets the form show its field-level text ('A ticket image is required').
 */
export function ticketRuleIssues(
  values: TicketRuleInput,
  imageMessage: string = LISTING_TEXT.imageRequired,
): TicketRuleIssue[] {
  const issues: TicketRuleIssue[] = [];
  if (values.isMultiDay && (values.daysCount === null || values.daysCount < 2))
    issues.push({ path: 'daysCount', message: LISTING_TEXT.daysCountMin });
  if (values.ticketType === 'digital' && !PLATFORMS.includes(values.platform as Platform))
    issues.push({ path: 'platform', message: LISTING_TEXT.platformRequired });
  if (!values.cloudinaryUrl?.trim() || !values.cloudinaryPublicId?.trim())
    issues.push({ path: 'cloudinaryUrl', message: imageMessage });
  return issues;
}

/**
 * Form fields arrive as text (multipart, urlencoded); JSON callers may send numbers and booleans. Every
 * field is bounded and free of NUL and other control characters (line breaks only where `multiline`).
 */
const formText = z.preprocess(
  (value) =>
    value === null
      ? undefined
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : value,
  boundedText(TEXT_LIMITS.freeText, {
    multiline: true,
    trim: false,
    tooLong: TICKET_TEXT.textTooLong,
  }).optional(),
);
/** A trimmed field of at most `max` characters; one line unless `multiline`. */
const fieldText = (max: number, multiline = false) =>
  formText.transform((value, context) => {
    const trimmed = (value ?? '').trim();
    if (trimmed.length > max) context.addIssue({ code: 'custom', message: TICKET_TEXT.textTooLong });
    else if (!multiline && hasControlCharacter(trimmed))
      context.addIssue({ code: 'custom', message: INPUT_TEXT.singleLine });
    return trimmed;
  });
const requiredText = (message: string, max: number, multiline = false) =>
  fieldText(max, multiline).superRefine((value, context) => {
    if (value === '') context.addIssue({ code: 'custom', message });
  });
const amount = (message: string) =>
  formText.transform((value, context) => {
    const cents = amountTextToCents(value ?? '');
    if (cents === null) context.addIssue({ code: 'custom', message });
    else if (cents > TICKET_MAX_AMOUNT_CENTS)
      context.addIssue({ code: 'custom', message: TICKET_TEXT.amountTooLarge });
    return cents ?? 0;
  });
const wholeNumber = (value: string | undefined): number | null => {
  const trimmed = (value ?? '').trim();
  return WHOLE_NUMBER_TEXT.test(trimmed) ? Number(trimmed) : null;
};
/**
 * What is wrong with a typed quantity, or null: a whole number from 1 to TICKET_MAX_QUANTITY, so that
 * '1.5' is told it must be whole rather than at least 1 (the form and the server say the same).
 */
export function quantityProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed !== '' && !/^-?\d+$/.test(trimmed)) return TICKET_TEXT.quantityWhole;
  const quantity = trimmed === '' ? 0 : Number(trimmed);
  if (quantity < 1) return LISTING_TEXT.quantityMin;
  if (quantity > TICKET_MAX_QUANTITY) return TICKET_TEXT.quantityMax;
  return null;
}
const flag = formText.transform((value) => ['true', 'on', '1', 'yes'].includes((value ?? '').trim()));

/**
 * The ticket form as POST /api/tickets and POST|PATCH /api/tickets/{id} take it (spec 000 §7), parsed into
 * cents and typed values. `listingPrice` is accepted and ignored: the server computes it (decision 0002).
 */
export const ticketFormSchema = z
  .object({
    eventId: formText.transform((value) => {
      const id = wholeNumber(value);
      return id !== null && id > 0 && id <= INT_MAX ? id : null;
    }),
    eventName: requiredText(LISTING_TEXT.eventNameRequired, 200),
    eventDate: formText.transform((value, context) => {
      const trimmed = (value ?? '').trim();
      if (trimmed === '') context.addIssue({ code: 'custom', message: LISTING_TEXT.eventDateRequired });
      else if (!isCalendarDate(trimmed))
        context.addIssue({ code: 'custom', message: TICKET_TEXT.eventDateInvalid });
      return trimmed;
    }),
    description: requiredText(LISTING_TEXT.descriptionRequired, 500, true),
    venue: fieldText(TEXT_LIMITS.shortText),
    isMultiDay: flag,
    daysCount: formText.transform((value) => wholeNumber(value)),
    section: requiredText(LISTING_TEXT.sectionRequired, 50),
    row: requiredText(LISTING_TEXT.rowRequired, 50),
    seats: requiredText(LISTING_TEXT.seatsRequired, 200),
    quantity: formText.transform((value, context) => {
      const text = value ?? '1';
      const problem = quantityProblem(text);
      if (problem) context.addIssue({ code: 'custom', message: problem });
      return wholeNumber(text) ?? 0;
    }),
    /** Left out: a new listing gets the default, an edited one keeps its rule (decision 0062). */
    splitRule: formText.transform((value, context) => {
      const rule = (value ?? '').trim();
      if (rule === '') return undefined;
      if (!SPLIT_RULES.includes(rule as SplitRule))
        context.addIssue({ code: 'custom', message: TICKET_TEXT.splitRuleInvalid });
      return rule as SplitRule;
    }),
    faceValue: amount(TICKET_TEXT.faceValueInvalid),
    serviceFee: amount(TICKET_TEXT.serviceFeeInvalid),
    markup: formText.transform((value, context) => {
      const markup = wholeNumber(value ?? '0');
      if (markup === null || markup < MARKUP_MIN || markup > MARKUP_MAX)
        context.addIssue({ code: 'custom', message: TICKET_TEXT.markupInvalid });
      return markup ?? 0;
    }),
    ticketType: formText.transform((value, context) => {
      const type = (value ?? 'digital').trim();
      if (!TICKET_TYPES.includes(type as TicketType))
        context.addIssue({ code: 'custom', message: TICKET_TEXT.ticketTypeInvalid });
      return type as TicketType;
    }),
    platform: fieldText(TEXT_LIMITS.shortText),
    cloudinaryUrl: fieldText(TEXT_LIMITS.url),
    cloudinaryPublicId: fieldText(TEXT_LIMITS.token),
    listingPrice: fieldText(TEXT_LIMITS.shortText),
  })
  .superRefine((values, context) => {
    for (const issue of ticketRuleIssues(values))
      context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    if (values.isMultiDay && values.daysCount !== null && values.daysCount > TICKET_MAX_DAYS)
      context.addIssue({ code: 'custom', path: ['daysCount'], message: TICKET_TEXT.daysCountMax });
  })
  .transform(({ listingPrice: _ignored, faceValue, serviceFee, platform, ...values }) => ({
    ...values,
    faceValueCents: faceValue,
    serviceFeeCents: serviceFee,
    // Paper tickets carry no platform (spec 000 §5: switching to paper clears it).
    platform: values.ticketType === 'digital' ? (platform as Platform) : null,
    daysCount: values.isMultiDay ? (values.daysCount ?? 2) : 1,
  }));
export type TicketInput = z.output<typeof ticketFormSchema>;

/** The update form also names the ticket and the version it was read at (spec 000 §4, §5, §7). */
export const ticketUpdateFieldsSchema = z.object({
  id: formText.transform((value, context) => {
    const id = wholeNumber(value);
    if (id === null || id < 1 || id > INT_MAX)
      context.addIssue({ code: 'custom', message: TICKET_TEXT.ticketIdRequired });
    return id ?? 0;
  }),
  version: formText.transform((value, context) => {
    const version = wholeNumber(value);
    if (version === null || version < 1 || version > INT_MAX)
      context.addIssue({ code: 'custom', message: TICKET_TEXT.versionRequired });
    return version ?? 0;
  }),
});

export const ticketIdParamsSchema = z.object({ id: positiveInt32() });

const dollars = z.number();

export const ticketSellerSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** From submitted reviews only; null with 0 while there are none, never a made-up score (decision 0016). */
  rating: z.number().nullable(),
  totalReviews: z.number().int().min(0),
  createdAt: z.string(),
  trust: sellerTrustSchema,
});

/** GET /api/tickets/{id} (spec 000 §3 Ticket, §7). Money in dollars with two decimals. */
export const ticketDetailsSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  eventId: z.number().int().nullable(),
  eventName: z.string(),
  /** yyyy-MM-dd */
  eventDate: z.string(),
  /** When the show starts (and doors open) in the venue's zone, '8:00 PM EDT (doors 7:00 PM)'; null when unknown. */
  showTime: z.string().nullable(),
  description: z.string(),
  venue: z.string(),
  daysCount: z.number().int(),
  isMultiDay: z.boolean(),
  section: z.string(),
  row: z.string(),
  seats: z.string(),
  quantity: z.number().int(),
  /** How the listing may sell (decision 0062). */
  splitRule: z.enum(SPLIT_RULES),
  /** Per ticket. */
  faceValue: dollars,
  serviceFee: dollars,
  markup: z.number().int(),
  /** Seller listing price per ticket. */
  listingPrice: dollars,
  /** Listing price × quantity. */
  totalPrice: dollars,
  /** What the buyer pays for all the tickets, processing fee included (decision 0003). */
  buyerPays: dollars,
  ticketType: z.enum(TICKET_TYPES),
  platform: z.enum(PLATFORMS).nullable(),
  cloudinaryUrl: z.string().nullable(),
  cloudinaryPublicId: z.string().nullable(),
  /** Same as cloudinaryUrl (the spec names both). */
  ticketImage: z.string().nullable(),
  sold: z.boolean(),
  /** Every ticket's barcode was read on upload and is on no other live listing or sale (decision 0085). */
  barcodeChecked: z.boolean(),
  status: z.enum(TICKET_STATUSES),
  /** Real for the sale's seller, its buyer and admins; 'not_started' for everyone else (decision 0032). */
  transferStatus: z.enum(TRANSFER_STATUSES),
  /** True while a buyer holds the ticket or its seller has it open in the editor (and that has not expired). */
  isBeingEdited: z.boolean(),
  lockExpiresAt: z.string().nullable(),
  /** The viewer's own id when that lock is theirs (their hold, or their editor), else null (decision 0032). */
  currentViewerId: z.number().int().nullable(),
  sellerId: z.number().int(),
  seller: ticketSellerSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketDetails = z.infer<typeof ticketDetailsSchema>;

/** POST /api/tickets (201) and POST|PATCH /api/tickets/{id} (200). */
/**
 * What the seller is asked about their identity after saving a listing (decision 0086): 'required' when it
 * waits for their verification (above the threshold), 'suggested' on an unverified seller's first listing.
 */
export const VERIFICATION_PROMPTS = ['none', 'suggested', 'required'] as const;
export type VerificationPrompt = (typeof VERIFICATION_PROMPTS)[number];

export const ticketSaveResponseSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  /** The listing price per ticket the server computed, in dollars. */
  listingPrice: dollars,
  message: z.string(),
  verificationPrompt: z.enum(VERIFICATION_PROMPTS),
});
export type TicketSaveResponse = z.infer<typeof ticketSaveResponseSchema>;

/** 409 on a stale version. */
export const ticketConflictSchema = z.object({ message: z.string(), currentVersion: z.number().int() });

/** POST /api/tickets/{id}/start-edit and /end-edit. */
export const editLockResponseSchema = z.object({
  isBeingEdited: z.boolean(),
  lockExpiresAt: z.string().nullable(),
  message: z.string(),
});
export type EditLockResponse = z.infer<typeof editLockResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

/** POST /api/upload/direct (spec 000 §3 Upload response). */
export const uploadResponseSchema = z.object({
  success: z.literal(true),
  cloudinaryUrl: z.string(),
  cloudinaryPublicId: z.string(),
  message: z.string(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const uploadFailureSchema = z.object({ success: z.literal(false), message: z.string() });
