import { z } from 'zod';
import { ROLES } from '../constants.js';
import { AMBASSADOR_TEXT } from '../texts/ambassador.js';
import { boundedText, INT32_MAX, positiveInt32, visibleText } from './text.js';

/** Spec 001 §7: the topics and the selected topic's messages refresh every 10 s. */
export const AMBASSADOR_POLL_MS = 10_000;
export const TOPIC_NAME_MAX_LENGTH = 100;
export const TOPIC_DESCRIPTION_MAX_LENGTH = 500;
export const CHAT_MESSAGE_MAX_LENGTH = 1000;
export const ATTENDEE_QUERY_MAX_LENGTH = 100;
/** Page sizes (decision 0038). */
export const TOPIC_PAGE_SIZE_MAX = 200;
export const CHAT_PAGE_SIZE = 200;
export const ATTENDEE_RESULTS_MAX = 100;

/** Spec 001 §3 Ambassador chat topic. */
export const chatTopicSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  unreadCount: z.number().int().min(0),
});
export type ChatTopic = z.infer<typeof chatTopicSchema>;
export const chatTopicListSchema = z.array(chatTopicSchema);

/** Spec 001 §3 Chat message. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  content: z.string(),
  timestamp: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export const chatMessageListSchema = z.array(chatMessageSchema);

/** Spec 001 §3 Event attendee result. */
export const attendeeSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  eventName: z.string(),
  eventDate: z.string(),
  ticketId: z.number().int(),
  quantity: z.number().int(),
  section: z.string(),
  row: z.string(),
  seats: z.string().nullable(),
  purchaseDate: z.string(),
});
export type Attendee = z.infer<typeof attendeeSchema>;
export const attendeeListSchema = z.array(attendeeSchema);

export const topicListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(TOPIC_PAGE_SIZE_MAX).default(TOPIC_PAGE_SIZE_MAX),
  offset: z.coerce.number().int().min(0).max(INT32_MAX).default(0),
});

export const createTopicBody = z.object({
  name: visibleText(TOPIC_NAME_MAX_LENGTH, {
    blank: AMBASSADOR_TEXT.nameBlank,
    tooLong: AMBASSADOR_TEXT.nameTooLong,
  }),
  description: boundedText(TOPIC_DESCRIPTION_MAX_LENGTH, {
    multiline: true,
    tooLong: AMBASSADOR_TEXT.descriptionTooLong,
  })
    .nullable()
    .optional(),
});
export type CreateTopicBody = z.infer<typeof createTopicBody>;

export const topicIdParams = z.object({ id: positiveInt32() });

/** ?after=lastId: only the messages newer than lastId. */
export const chatMessagesQuery = z.object({
  after: z.coerce.number().int().min(0).max(INT32_MAX).optional(),
});

export const postChatMessageBody = z.object({
  content: visibleText(CHAT_MESSAGE_MAX_LENGTH, {
    multiline: true,
    blank: AMBASSADOR_TEXT.messageBlank,
    tooLong: AMBASSADOR_TEXT.messageTooLong,
  }),
});

export const attendeeQuery = z.object({
  query: boundedText(ATTENDEE_QUERY_MAX_LENGTH, {
    notText: AMBASSADOR_TEXT.queryBlank,
    tooLong: AMBASSADOR_TEXT.queryTooLong,
  }).refine((value) => value.length > 0, { error: AMBASSADOR_TEXT.queryBlank }),
});
