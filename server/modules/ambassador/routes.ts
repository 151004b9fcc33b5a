import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  attendeeListSchema,
  attendeeQuery,
  chatMessageListSchema,
  chatMessageSchema,
  chatMessagesQuery,
  chatTopicListSchema,
  chatTopicSchema,
  createTopicBody,
  postChatMessageBody,
  topicIdParams,
  topicListQuery,
} from '../../../common/schemas/ambassador.js';
import { AMBASSADOR_TEXT } from '../../../common/texts/ambassador.js';
import type { Db } from '../../db/client.js';
import { TooManyRequests } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { countHit } from '../../plugins/rate-limit.js';
import { currentUser, requireRole } from '../../plugins/session.js';
import { createTopic, listTopics, postTopicMessage, readTopicMessages, searchAttendees } from './service.js';

export interface AmbassadorRoutesOptions {
  db: Db;
  clock: Clock;
}

/** A person writes far fewer; this only stops a script from flooding the chat or the search log. */
const WRITES_PER_MINUTE = 30;

/**
 * The ambassadors' group chat and event-attendee search (spec 001 §2 Ambassador dashboard, §7): AMBSD and
 * admins only. The reader is always the session's user; the spec's `userId` query parameter is ignored.
 */
export async function ambassadorRoutes(
  instance: FastifyInstance,
  options: AmbassadorRoutesOptions,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = options;
  const ambassadorsOnly = requireRole('AMBSD', 'admin');

  async function throttle(userId: number, now: Date): Promise<void> {
    const { count } = await countHit(db, `ambassador:user:${userId}`, 60_000, now);
    if (count > WRITES_PER_MINUTE) throw new TooManyRequests(AMBASSADOR_TEXT.tooMany);
  }

  app.get(
    '/api/ambsd/chat/topics',
    {
      onRequest: ambassadorsOnly,
      schema: {
        tags: ['ambassador'],
        summary: 'Chat topics oldest first, with the caller’s unread count of each',
        querystring: topicListQuery,
        response: { 200: chatTopicListSchema },
      },
    },
    async (request) => listTopics(db, currentUser(request).id, request.query),
  );

  app.post(
    '/api/ambsd/chat/topics',
    {
      onRequest: ambassadorsOnly,
      schema: {
        tags: ['ambassador'],
        summary: 'A new chat topic: a name (1 to 100 characters) and an optional description (up to 500)',
        body: createTopicBody,
        response: { 201: chatTopicSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const now = clock.now();
      await throttle(user.id, now);
      return reply.code(201).send(await createTopic(db, user.id, request.body, now));
    },
  );

  app.get(
    '/api/ambsd/chat/topics/:id/messages',
    {
      onRequest: ambassadorsOnly,
      schema: {
        tags: ['ambassador'],
        summary:
          'A topic’s newest 200 messages oldest first (?after=lastId: only newer ones); marks them read',
        params: topicIdParams,
        querystring: chatMessagesQuery,
        response: { 200: chatMessageListSchema },
      },
    },
    async (request) => readTopicMessages(db, request.params.id, currentUser(request).id, request.query.after),
  );

  app.post(
    '/api/ambsd/chat/topics/:id/messages',
    {
      onRequest: ambassadorsOnly,
      schema: {
        tags: ['ambassador'],
        summary: 'Write in a topic (plain text, 1 to 1000 characters after trimming)',
        params: topicIdParams,
        body: postChatMessageBody,
        response: { 201: chatMessageSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const now = clock.now();
      await throttle(user.id, now);
      return reply
        .code(201)
        .send(await postTopicMessage(db, request.params.id, user.id, request.body.content, now));
    },
  );

  app.get(
    '/api/ambsd/event-attendees',
    {
      onRequest: ambassadorsOnly,
      schema: {
        tags: ['ambassador'],
        summary:
          'Buyers of sold tickets whose event name, username or e-mail contains the query (at most 100); every search is recorded',
        querystring: attendeeQuery,
        response: { 200: attendeeListSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const now = clock.now();
      await throttle(user.id, now);
      return searchAttendees(db, user.id, request.query.query, now);
    },
  );
}
