import { z } from 'zod';
import { SUPPORT_TEXT, SUPPORT_TOPICS } from '../texts/support.js';
import { INT32_MAX, positiveInt32, visibleText } from './text.js';

/** Spec 001 §5, §9: a support request is 10 to 1000 characters; a later message in it only non-blank. */
export const SUPPORT_MESSAGE_MIN_LENGTH = 10;
export const SUPPORT_MESSAGE_MAX_LENGTH = 1000;
/** GET /api/admin-messages answers at most this many messages per page (decision 0038). */
export const SUPPORT_PAGE_SIZE_DEFAULT = 100;
export const SUPPORT_PAGE_SIZE_MAX = 200;

export const supportTopicSchema = z.enum(SUPPORT_TOPICS, { error: SUPPORT_TEXT.topicRequired });

/** Spec 001 §3 Support message. `userId` and `username` name the member whose conversation it is. */
export const supportMessageSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  topic: supportTopicSchema,
  message: z.string(),
  resolved: z.boolean(),
  isFromAdmin: z.boolean(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;
export const supportMessageListSchema = z.array(supportMessageSchema);

/** Newest first; `before` pages back past the oldest id already held. */
export const supportListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(SUPPORT_PAGE_SIZE_MAX).default(SUPPORT_PAGE_SIZE_DEFAULT),
  before: z.coerce.number().int().min(1).max(INT32_MAX).optional(),
});

const messageText = (min: number, minMessage: string) =>
  visibleText(SUPPORT_MESSAGE_MAX_LENGTH, {
    multiline: true,
    blank: minMessage,
    tooLong: SUPPORT_TEXT.messageTooLong,
  }).refine((value) => value.length >= min, { error: minMessage });

/** POST /api/admin-messages: a new request (or one more in the topic's conversation). */
export const createSupportMessageBody = z.object({
  topic: supportTopicSchema,
  message: messageText(SUPPORT_MESSAGE_MIN_LENGTH, SUPPORT_TEXT.messageTooShort),
});
export type CreateSupportMessageBody = z.infer<typeof createSupportMessageBody>;

/** POST /api/admin-messages/{id}/reply (admins): `adminId` is accepted as the spec sends it and ignored. */
export const supportReplyBody = z.object({
  message: messageText(1, SUPPORT_TEXT.replyBlank),
  adminId: z.number().int().nullable().optional(),
});

/** POST /api/admin-messages/{id}/follow-up: the member writes again in their own conversation. */
export const supportFollowUpBody = z.object({ message: messageText(1, SUPPORT_TEXT.replyBlank) });

export const supportStatusBody = z.object({ resolved: z.boolean() });

/** PUT /api/admin-messages/read: the member has read their conversation of this topic. */
export const supportReadBody = z.object({ topic: supportTopicSchema });

export const supportIdParams = z.object({ id: positiveInt32() });
