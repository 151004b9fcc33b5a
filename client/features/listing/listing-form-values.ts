import { IMAGE_MAX_BYTES } from '@common/constants';
import { LISTING_NOTICE_TEXT, LISTING_TEXT, TICKET_TEXT } from '@common/messages';
import { centsToDollars, dollarsToCents } from '@common/money';
import { listingPriceCents, MARKUP_DEFAULT, MARKUP_MAX, MARKUP_MIN } from '@common/pricing';
import {
  PLATFORMS,
  quantityProblem,
  TICKET_TYPES,
  type TicketDetails,
  ticketRuleIssues,
} from '@common/schemas/tickets';
import { DEFAULT_SPLIT_RULE, SPLIT_RULES } from '@common/splits';
import { z } from 'zod';

export interface TicketImage {
  url: string;
  publicId: string;
}

/** A typed amount ('12', '12.5', '12.') in cents, or null when it is not one. */
export function typedDollarsToCents(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{0,2})?$/.test(trimmed)) return null;
  return dollarsToCents(trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed);
}

/** A whole number typed into a field, or null. */
export function typedWholeNumber(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

export function centsToTypedDollars(cents: number): string {
  return centsToDollars(cents).toFixed(2);
}

const amount = (message: string) => z.string().refine((text) => typedDollarsToCents(text) !== null, message);
const required = (message: string) => z.string().trim().min(1, message);

/** The form's fields as typed (inputs hold text); the spec's messages (000 §5 'Listing form'). */
export const listingFormSchema = z
  .object({
    eventId: z.number().int().nullable(),
    eventName: required(LISTING_TEXT.eventNameRequired),
    eventDate: required(LISTING_TEXT.eventDateRequired),
    description: required(LISTING_TEXT.descriptionRequired),
    venue: z.string(),
    isMultiDay: z.boolean(),
    daysCount: z.string(),
    section: required(LISTING_TEXT.sectionRequired),
    row: required(LISTING_TEXT.rowRequired),
    seats: required(LISTING_TEXT.seatsRequired),
    quantity: z.string().superRefine((text, context) => {
      const problem = quantityProblem(text);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
    splitRule: z.enum(SPLIT_RULES),
    faceValue: amount(TICKET_TEXT.faceValueInvalid),
    serviceFee: amount(TICKET_TEXT.serviceFeeInvalid),
    markup: z.number().int().min(MARKUP_MIN).max(MARKUP_MAX),
    ticketType: z.enum(TICKET_TYPES),
    platform: z.enum(PLATFORMS).or(z.literal('')),
    cloudinaryUrl: z.string(),
    cloudinaryPublicId: z.string(),
    agreeTerms: z.boolean().refine((agreed) => agreed, LISTING_TEXT.termsRequired),
  })
  .superRefine((values, context) => {
    // The rules that span fields are the server's own (common/schemas/tickets.ts), with the form's image text.
    const issues = ticketRuleIssues(
      { ...values, daysCount: typedWholeNumber(values.daysCount) },
      LISTING_TEXT.imageFieldRequired,
    );
    for (const issue of issues)
      context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });

export type ListingFormValues = z.infer<typeof listingFormSchema>;

export const emptyListingForm: ListingFormValues = {
  eventId: null,
  eventName: '',
  eventDate: '',
  description: '',
  venue: '',
  isMultiDay: false,
  daysCount: '',
  section: '',
  row: '',
  seats: '',
  quantity: '1',
  splitRule: DEFAULT_SPLIT_RULE,
  faceValue: '',
  serviceFee: '',
  markup: MARKUP_DEFAULT,
  ticketType: 'digital',
  platform: '',
  cloudinaryUrl: '',
  cloudinaryPublicId: '',
  agreeTerms: false,
};

/**
 * The edit form starts from the stored ticket, with the terms ticked: the seller agreed to them
 * when listing it and may untick them (decision 0009).
 */
export function formValuesFromTicket(ticket: TicketDetails): ListingFormValues {
  return {
    eventId: ticket.eventId ?? null,
    eventName: ticket.eventName,
    eventDate: ticket.eventDate,
    description: ticket.description,
    venue: ticket.venue ?? '',
    isMultiDay: ticket.isMultiDay,
    daysCount: ticket.isMultiDay ? String(ticket.daysCount) : '',
    section: ticket.section,
    row: ticket.row,
    seats: ticket.seats,
    quantity: String(ticket.quantity),
    splitRule: ticket.splitRule,
    faceValue: ticket.faceValue.toFixed(2),
    serviceFee: ticket.serviceFee.toFixed(2),
    markup: ticket.markup,
    ticketType: ticket.ticketType,
    platform: ticket.ticketType === 'digital' ? (ticket.platform ?? '') : '',
    cloudinaryUrl: ticket.cloudinaryUrl ?? '',
    cloudinaryPublicId: ticket.cloudinaryPublicId ?? '',
    agreeTerms: true,
  };
}

export interface PricingInput {
  faceValueCents: number;
  serviceFeeCents: number;
  markupPercent: number;
  quantity: number;
}

/**
 * The price inputs of the fee module, read from what is typed so far: a blank amount counts as 0;
 * an impossible one (negative, malformed) or a quantity that is not a whole number of at least 1
 * gives null, so no misleading total is shown.
 */
export function pricingInput(
  values: Pick<ListingFormValues, 'faceValue' | 'serviceFee' | 'markup' | 'quantity'>,
): PricingInput | null {
  const amount = (text: string) => (text.trim() === '' ? 0 : typedDollarsToCents(text));
  const faceValueCents = amount(values.faceValue);
  const serviceFeeCents = amount(values.serviceFee);
  const quantity = typedWholeNumber(values.quantity);
  if (faceValueCents === null || serviceFeeCents === null || quantity === null) return null;
  if (quantityProblem(values.quantity)) return null;
  return { faceValueCents, serviceFeeCents, markupPercent: values.markup, quantity };
}

/** The multipart fields POST /api/tickets and POST /api/tickets/{id} take (spec 000 §7). */
export function ticketFormFields(values: ListingFormValues): Record<string, string> {
  const pricing = pricingInput(values);
  if (!pricing) throw new Error('ticketFormFields takes values that passed listingFormSchema');
  const { faceValueCents, serviceFeeCents, markupPercent, quantity } = pricing;
  const fields: Record<string, string> = {
    eventName: values.eventName.trim(),
    eventDate: values.eventDate,
    description: values.description.trim(),
    venue: values.venue.trim(),
    section: values.section.trim(),
    row: values.row.trim(),
    seats: values.seats.trim(),
    quantity: String(quantity),
    splitRule: values.splitRule,
    faceValue: centsToTypedDollars(faceValueCents),
    serviceFee: centsToTypedDollars(serviceFeeCents),
    markup: String(markupPercent),
    listingPrice: centsToTypedDollars(listingPriceCents(faceValueCents, serviceFeeCents, markupPercent)),
    ticketType: values.ticketType,
    isMultiDay: String(values.isMultiDay),
    daysCount: values.isMultiDay ? values.daysCount.trim() : '1',
    cloudinaryUrl: values.cloudinaryUrl,
    cloudinaryPublicId: values.cloudinaryPublicId,
  };
  if (values.ticketType === 'digital') fields.platform = values.platform;
  if (values.eventId !== null) fields.eventId = String(values.eventId);
  return fields;
}

/** Whether bytes start like one of the formats the server accepts: JPEG, PNG, GIF or WebP. */
export function looksLikeImage(head: Uint8Array): boolean {
  const startsWith = (signature: number[], at = 0) =>
    signature.every((byte, index) => head[at + index] === byte);
  const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
  return (
    startsWith([0xff, 0xd8, 0xff]) ||
    startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    startsWith(ascii('GIF87a')) ||
    startsWith(ascii('GIF89a')) ||
    (startsWith(ascii('RIFF')) && startsWith(ascii('WEBP'), 8))
  );
}

/** Why a file cannot be uploaded: the toast's title and text, and the field's own text (spec 000 §5, §8). */
export interface ImageFileProblem {
  title: string;
  description: string;
  fieldText: string;
}

/**
 * Client-side checks before an upload (spec 000 §8 'Listing form'). A browser types a file by its
 * name, so a text file renamed .png claims image/png: its first bytes decide.
 */
export async function checkImageFile(file: File): Promise<ImageFileProblem | null> {
  const invalidType = {
    title: LISTING_TEXT.invalidFileTypeTitle,
    description: LISTING_TEXT.invalidFileType,
    fieldText: LISTING_TEXT.invalidFileType,
  };
  if (!file.type.startsWith('image/')) return invalidType;
  if (file.size > IMAGE_MAX_BYTES)
    return {
      title: LISTING_TEXT.fileTooLargeTitle,
      description: LISTING_TEXT.fileTooLarge,
      fieldText: LISTING_NOTICE_TEXT.fileTooLargeField,
    };
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return looksLikeImage(head) ? null : invalidType;
}

/** Face value for a multi-day ticket: the event's lowest price times the number of days. */
export function multiDayFaceValue(minPriceDollars: number, days: number): string {
  return centsToTypedDollars(dollarsToCents(minPriceDollars) * days);
}
