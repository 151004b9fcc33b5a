import { TICKET_MAX_AMOUNT_CENTS, TICKET_MAX_DAYS, TICKET_MAX_QUANTITY } from '../../../common/constants.js';
import { MARKUP_MAX, MARKUP_MIN } from '../../../common/pricing.js';
import { TEXT_LIMITS } from '../../../common/schemas/text.js';
import { PLATFORMS, TICKET_TYPES } from '../../../common/schemas/tickets.js';
import { DEFAULT_SPLIT_RULE, SPLIT_RULES } from '../../../common/splits.js';

/**
 * The listing form as /api/openapi.json describes it (issue 43 §11). The form travels as multipart (the
 * app's own form), urlencoded or JSON fields, read by `ticketFormSchema` (common/schemas/tickets.ts), whose
 * text-to-number rules a JSON Schema cannot carry; this is its description for the document only, so a
 * client can be written from it. The server never validates against it.
 */

const amount = (what: string) => ({
  type: 'string',
  pattern: '^\\d+(\\.\\d{1,2})?$',
  description: `${what}, in dollars with at most two decimals ('80', '80.5', '80.50'); at most ${TICKET_MAX_AMOUNT_CENTS / 100}.`,
  example: '80.00',
});
const text = (maxLength: number, description: string, example?: string) => ({
  type: 'string',
  maxLength,
  description,
  ...(example ? { example } : {}),
});
const whole = (description: string, minimum: number, maximum: number, example: string) => ({
  type: 'string',
  pattern: '^-?\\d+$',
  description: `${description} (a whole number from ${minimum} to ${maximum}, sent as text).`,
  example,
});

/** The fields of a new listing. */
export const LISTING_FORM_BODY = {
  type: 'object',
  description:
    'The listing form. Every field is text (multipart or urlencoded); a JSON body may send numbers and booleans as such. The image is uploaded first (POST /api/upload/direct) and named here by its address and id; a file in this form is refused. An unknown field is ignored.',
  required: [
    'eventName',
    'eventDate',
    'description',
    'section',
    'row',
    'seats',
    'faceValue',
    'serviceFee',
    'cloudinaryUrl',
    'cloudinaryPublicId',
  ],
  properties: {
    eventId: whole(
      'The catalog event (show) the tickets are for; left out for a show outside the catalog',
      1,
      2_147_483_647,
      '42',
    ),
    eventName: text(200, "The show's name as the seller gives it.", 'Luna Ray Live'),
    eventDate: {
      type: 'string',
      format: 'date',
      description:
        "The show's (first) day, yyyy-MM-dd, a calendar day at the venue; it must not have passed.",
      example: '2030-05-01',
    },
    description: text(500, 'What the buyer should know; may span lines.', 'Luna Ray Live at Bayview Hall'),
    venue: text(TEXT_LIMITS.shortText, 'The venue, for a show outside the catalog.', 'Bayview Hall'),
    isMultiDay: {
      type: 'string',
      enum: ['true', 'false', 'on', '1', 'yes', ''],
      description:
        "Whether the tickets are for more than one day: 'true', 'on', '1' or 'yes'; anything else is no.",
      default: 'false',
    },
    daysCount: whole(
      `How many days, with isMultiDay (2 to ${TICKET_MAX_DAYS}); 1 without it`,
      1,
      TICKET_MAX_DAYS,
      '3',
    ),
    section: text(50, 'The section.', '101'),
    row: text(50, 'The row.', 'C'),
    seats: text(200, 'The seats, as printed.', '4, 5'),
    quantity: whole('How many tickets the listing offers', 1, TICKET_MAX_QUANTITY, '2'),
    splitRule: {
      type: 'string',
      enum: [...SPLIT_RULES],
      description: `How the tickets may be bought (decision 0062): any number ('any'), never leaving one ticket ('no_single'), or all together ('all'). Left out: ${DEFAULT_SPLIT_RULE} for a new listing, unchanged for an edited one.`,
    },
    faceValue: amount('The face value of one ticket'),
    serviceFee: amount('The fee the first buyer paid per ticket on top of the face value'),
    markup: whole("The seller's markup in percent over face value plus fee", MARKUP_MIN, MARKUP_MAX, '10'),
    ticketType: {
      type: 'string',
      enum: [...TICKET_TYPES],
      default: 'digital',
      description: 'Digital tickets are transferred on a platform; paper ones by a barcode upload.',
    },
    platform: {
      type: 'string',
      enum: [...PLATFORMS],
      description:
        'Where a digital ticket is transferred; required for digital tickets, ignored for paper ones.',
    },
    cloudinaryUrl: text(
      TEXT_LIMITS.url,
      "The ticket image's address, as POST /api/upload/direct answered it.",
    ),
    cloudinaryPublicId: text(
      TEXT_LIMITS.token,
      "The ticket image's id, as POST /api/upload/direct answered it.",
    ),
    listingPrice: text(
      TEXT_LIMITS.shortText,
      'Accepted and ignored: the server computes the price from face value, fee and markup (decision 0002).',
    ),
  },
} as const;

/** The edit: the same fields, and the listing and the version it was read at. */
export const LISTING_EDIT_FORM_BODY = {
  ...LISTING_FORM_BODY,
  description: `${LISTING_FORM_BODY.description} An edit also names the listing (id, as in the path) and the version it was read at: a stale version answers 409 with currentVersion.`,
  required: ['id', 'version', ...LISTING_FORM_BODY.required],
  properties: {
    id: whole('The listing, the same as in the path', 1, 2_147_483_647, '7'),
    version: whole('The version the form was read at (GET /api/tickets/{id})', 1, 2_147_483_647, '3'),
    ...LISTING_FORM_BODY.properties,
  },
} as const;

/** The routes whose multipart form the document describes, by URL. */
const FORM_BODIES: Record<string, object> = {
  '/api/tickets': LISTING_FORM_BODY,
  '/api/tickets/:id': LISTING_EDIT_FORM_BODY,
};

/**
 * The swagger transform's last step: a listing form route's schema gains its body, for the document only
 * (@fastify/swagger writes it as the requestBody of each content type the route consumes).
 */
export function withListingFormBody<T extends { schema: object; url: string }>(
  transformed: T,
  method: string | string[],
): T {
  const body = FORM_BODIES[transformed.url];
  const methods = Array.isArray(method) ? method : [method];
  if (!body || !methods.some((each) => each === 'POST' || each === 'PATCH')) return transformed;
  return { ...transformed, schema: { ...transformed.schema, body } };
}
