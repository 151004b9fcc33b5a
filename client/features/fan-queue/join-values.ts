import { FAN_QUEUE_TEXT } from '@common/texts/fan-queue';

export type Errors = Partial<Record<'quantity' | 'maxPrice' | 'paymentMethodId' | 'form', string>>;

/**
 * The request's schema (zod, with the shared texts) loads once a member's form shows: a visitor, who sees
 * only the sign-in prompt, never loads it (decision 0082). A failed load is tried again by the next submit.
 */
type JoinSchema = typeof import('@common/schemas/fan-queue')['joinFanQueueSchema'];
let joinSchema: Promise<JoinSchema> | undefined;
export function loadJoinSchema(): Promise<JoinSchema> {
  joinSchema ??= import('@common/schemas/fan-queue').then(
    (module) => module.joinFanQueueSchema,
    (error: unknown) => {
      joinSchema = undefined;
      throw error;
    },
  );
  return joinSchema;
}

const QUANTITY_MESSAGES = new Set<string>([FAN_QUEUE_TEXT.quantityInvalid]);
const PRICE_MESSAGES = new Set<string>([
  FAN_QUEUE_TEXT.maxPriceRequired,
  FAN_QUEUE_TEXT.maxPriceInvalid,
  FAN_QUEUE_TEXT.maxPricePositive,
]);
/** "The Fan Queue is at face value or less: at most ": the start of the refusal, whatever the amount. */
const ABOVE_REFERENCE_START = FAN_QUEUE_TEXT.aboveReference('\u0000').split('\u0000')[0] ?? '';

const CARD_MESSAGES = new Set<string>([FAN_QUEUE_TEXT.cardRequired, FAN_QUEUE_TEXT.cardInUse]);

/**
 * Where a refusal of the server shows: a field's message (from `fieldErrors`, or a message that is one of
 * the field's own texts) beside that field, any other above the form.
 */
export function refusalErrors(fields: Record<string, string>, message: string): Errors {
  const quantity = fields.quantity ?? (QUANTITY_MESSAGES.has(message) ? message : undefined);
  const maxPrice =
    fields.maxPrice ??
    (PRICE_MESSAGES.has(message) || message.startsWith(ABOVE_REFERENCE_START) ? message : undefined);
  const paymentMethodId = fields.paymentMethodId ?? (CARD_MESSAGES.has(message) ? message : undefined);
  return quantity || maxPrice || paymentMethodId
    ? { quantity, maxPrice, paymentMethodId }
    : { form: message };
}
