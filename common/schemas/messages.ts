import { z } from 'zod';
import { MESSAGE_TEXT } from '../messages.js';
import { INT32_MAX, positiveInt32, visibleText } from './text.js';

/** Spec 001 §9: a message is at most 500 characters; the thread is polled every 5 s. */
export const MESSAGE_MAX_LENGTH = 500;
export const MESSAGE_POLL_MS = 5_000;
/** At most this many messages per answer: the newest ones, or the next ones after `after` (decision 0015). */
export const MESSAGE_PAGE_SIZE = 200;

/** Spec 001 §3 Message. */
export const messageSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  messageType: z.enum(['user', 'system']),
  /** Null for system messages. */
  senderId: z.number().int().nullable(),
  sender: z.object({ username: z.string() }).nullable(),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof messageSchema>;

export const messageListSchema = z.array(messageSchema);

export const ticketIdParams = z.object({ id: positiveInt32() });

/** GET /api/tickets/{id}/messages?after={lastId}: only the messages newer than lastId. */
export const messageListQuery = z.object({
  after: z.coerce.number().int().min(0).max(INT32_MAX).optional(),
});

/** POST /api/tickets/{id}/messages: trimmed, something visible, at most 500 characters, plain text over lines. */
export const postMessageBody = z.object({
  content: visibleText(MESSAGE_MAX_LENGTH, {
    multiline: true,
    blank: MESSAGE_TEXT.blank,
    tooLong: MESSAGE_TEXT.tooLong,
  }),
});
export type PostMessageBody = z.infer<typeof postMessageBody>;
