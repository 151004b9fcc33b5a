import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGE_TEXT, SALE_STATE_TEXT } from '../../../common/messages.js';
import {
  messageListQuery,
  messageListSchema,
  messageSchema,
  postMessageBody,
  ticketIdParams,
} from '../../../common/schemas/messages.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Db } from '../../db/client.js';
import { Conflict, TooManyRequests } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { countHit } from '../../plugins/rate-limit.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { recordAdminRead } from '../audit/service.js';
import { newMessageMail } from './mail-templates.js';
import { actsAsAdmin, postMessage, readThread, threadFor } from './service.js';

export interface MessageRoutesOptions {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
}

/** A person types far fewer; this only stops a script from flooding a thread. */
const MESSAGES_PER_MINUTE = 20;

/** Names the newest message a client holds; equal tags mean nothing new was written. */
function threadTag(ticketId: number, messageId: number): string {
  return `"t${ticketId}-m${messageId}"`;
}

function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag);
}

/** Per-ticket messages between the buyer and the seller of a sale (spec 001 §2 message thread, §7). */
export async function messageRoutes(instance: FastifyInstance, options: MessageRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, mailer, clock } = options;

  app.get(
    '/api/tickets/:id/messages',
    {
      onRequest: requireUser,
      schema: {
        tags: ['messages'],
        summary:
          'The thread of a sold ticket (its buyer, its seller, admins). ?after=lastId answers only newer messages; If-None-Match answers 304 when nothing was written',
        params: ticketIdParams,
        querystring: messageListQuery,
        response: { 200: messageListSchema, 304: z.null() },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const thread = await threadFor(db, request.params.id, user);
      if (matches(request.headers['if-none-match'], threadTag(thread.ticketId, thread.latestMessageId)))
        return reply.code(304).send(null);
      const page = await readThread(db, thread, user, request.query.after);
      // An admin reading a sale's private messages is audited when the answer shows any (decision 0057).
      if (actsAsAdmin(thread, user) && page.messages.length > 0)
        await recordAdminRead(db, {
          adminId: user.id,
          action: 'ticket.thread',
          targetType: 'ticket',
          targetId: thread.ticketId,
          shown: {
            messages: page.messages.length,
            ...(request.query.after === undefined ? {} : { after: request.query.after }),
          },
        });
      if (!page.truncated) {
        const newest = page.messages.at(-1)?.id ?? request.query.after ?? 0;
        reply.header('etag', threadTag(thread.ticketId, Math.max(newest, thread.latestMessageId)));
      }
      return page.messages;
    },
  );

  app.post(
    '/api/tickets/:id/messages',
    {
      onRequest: requireUser,
      schema: {
        tags: ['messages'],
        summary:
          'Write in the thread of a sold ticket (plain text, 1 to 500 characters after trimming); 409 once refunded',
        params: ticketIdParams,
        body: postMessageBody,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const thread = await threadFor(db, request.params.id, user);
      if (thread.closed) throw new Conflict(SALE_STATE_TEXT.threadClosed);
      const now = clock.now();
      const { count } = await countHit(db, `messages:user:${user.id}`, 60_000, now);
      if (count > MESSAGES_PER_MINUTE) throw new TooManyRequests(MESSAGE_TEXT.tooMany);
      const { message, mails } = await postMessage(db, thread, user, request.body.content, now);
      for (const mail of mails) {
        try {
          await mailer.send(newMessageMail(mail, `${options.appUrl}/my-tickets`));
        } catch (error) {
          request.log.error({ err: error, ticketId: thread.ticketId }, 'could not send a new-message e-mail');
        }
      }
      return reply.code(201).send(message);
    },
  );
}
