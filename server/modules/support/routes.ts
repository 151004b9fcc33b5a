import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVER_MESSAGE } from '../../../common/messages.js';
import {
  createSupportMessageBody,
  supportFollowUpBody,
  supportIdParams,
  supportListQuery,
  supportMessageListSchema,
  supportMessageSchema,
  supportReadBody,
  supportReplyBody,
  supportStatusBody,
} from '../../../common/schemas/support.js';
import { SUPPORT_TEXT } from '../../../common/texts/support.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Db } from '../../db/client.js';
import { Forbidden, TooManyRequests } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { countHit } from '../../plugins/rate-limit.js';
import { currentUser, requireRole, requireUser } from '../../plugins/session.js';
import { recordAdminRead } from '../audit/service.js';
import { supportAnswerMail } from './mail-templates.js';
import {
  listSupportMessages,
  markConversationRead,
  postAdminReply,
  postMemberMessage,
  setResolved,
  supportMessageFor,
} from './service.js';

export interface SupportRoutesOptions {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
}

/** A person writes far fewer; this only stops a script from flooding the support team. */
const SUPPORT_MESSAGES_PER_MINUTE = 10;

/** Customer support (spec 001 §2 Customer Support, §7 admin-messages calls; decision 0038). */
export async function supportRoutes(instance: FastifyInstance, options: SupportRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, mailer, clock } = options;

  async function throttle(userId: number, now: Date): Promise<void> {
    const { count } = await countHit(db, `support:user:${userId}`, 60_000, now);
    if (count > SUPPORT_MESSAGES_PER_MINUTE) throw new TooManyRequests(SUPPORT_TEXT.tooMany);
  }

  app.get(
    '/api/admin-messages',
    {
      onRequest: requireUser,
      schema: {
        tags: ['support'],
        summary:
          'Support messages newest first: every conversation for an admin, the caller’s own for anyone else; ?before=id pages back',
        querystring: supportListQuery,
        response: { 200: supportMessageListSchema },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const messages = await listSupportMessages(db, caller, request.query);
      // An admin reads every member's conversations: audited (decision 0057); a member's own are not, and
      // an empty answer (the dashboard's count of none pending) shows nobody's.
      if (caller.role === 'admin' && messages.length > 0)
        await recordAdminRead(db, {
          adminId: caller.id,
          action: 'support.list',
          targetType: 'admin_list',
          targetId: 'support_messages',
          shown: {
            ...(request.query.before === undefined ? {} : { before: request.query.before }),
            messages: messages.length,
            members: [...new Set(messages.map((message) => message.userId))],
          },
        });
      return messages;
    },
  );

  app.post(
    '/api/admin-messages',
    {
      onRequest: requireUser,
      schema: {
        tags: ['support'],
        summary:
          'Write to support: a topic of seven and 10 to 1000 characters (one more in that topic’s conversation)',
        body: createSupportMessageBody,
        response: { 201: supportMessageSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const now = clock.now();
      await throttle(user.id, now);
      const message = await postMemberMessage(db, user, request.body.topic, request.body.message, now);
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/api/admin-messages/:id/follow-up',
    {
      onRequest: requireUser,
      schema: {
        tags: ['support'],
        summary:
          'The member writes again in their own conversation (the one message {id} belongs to); non-blank, at most 1000 characters',
        params: supportIdParams,
        body: supportFollowUpBody,
        response: { 201: supportMessageSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const original = await supportMessageFor(db, request.params.id, user);
      // Admins answer through /reply, which mails the member; a follow-up is the member's own voice.
      if (original.userId !== user.id) throw new Forbidden(SERVER_MESSAGE.forbidden);
      const now = clock.now();
      await throttle(user.id, now);
      const message = await postMemberMessage(db, user, original.topic, request.body.message, now);
      return reply.code(201).send(message);
    },
  );

  app.put(
    '/api/admin-messages/read',
    {
      onRequest: requireUser,
      schema: {
        tags: ['support'],
        summary: 'The caller has read their conversation of this topic (the Support badge drops)',
        body: supportReadBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await markConversationRead(db, currentUser(request).id, request.body.topic);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin-messages/:id/reply',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['support'],
        summary:
          'Admins answer the conversation of message {id}; the member is e-mailed at most once per 15 minutes. adminId is ignored: the answer is the session’s admin’s',
        params: supportIdParams,
        body: supportReplyBody,
        response: { 201: supportMessageSchema },
      },
    },
    async (request, reply) => {
      const admin = currentUser(request);
      const original = await supportMessageFor(db, request.params.id, admin);
      const { reply: answer, mail } = await postAdminReply(
        db,
        original,
        admin,
        request.body.message,
        clock.now(),
      );
      if (mail) {
        try {
          await mailer.send(supportAnswerMail(mail, `${options.appUrl}/messages`));
        } catch (error) {
          request.log.error(
            { err: error, supportMessageId: answer.id },
            'could not send a support-answer e-mail',
          );
        }
      }
      return reply.code(201).send(answer);
    },
  );

  app.put(
    '/api/admin-messages/:id/status',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['support'],
        summary: 'Admins mark a support message resolved or pending again',
        params: supportIdParams,
        body: supportStatusBody,
        response: { 200: supportMessageSchema },
      },
    },
    async (request) => setResolved(db, currentUser(request).id, request.params.id, request.body.resolved),
  );
}
