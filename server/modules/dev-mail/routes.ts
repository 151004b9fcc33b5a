import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEV_MAIL_TEXT } from '../../../common/messages.js';
import { outboxQuerySchema } from '../../../common/schemas/dev-mail.js';
import type { OutboxMailer } from '../../adapters/mail/outbox.js';
import { Forbidden } from '../../errors.js';
import { comesFromThisMachine } from './loopback.js';
import { renderOutboxPage } from './page.js';

const outboxEntrySchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** The mail's files (decision 0096), their content in base64. */
  attachments: z.array(
    z.object({ filename: z.string(), contentType: z.string(), contentBase64: z.string() }),
  ),
  createdAt: z.string(),
});

/**
 * The local outbox, readable outside production only (app.ts decides whether to register it) and only
 * from this machine: its mails hold login codes and password-reset links (see loopback.ts).
 */
export async function devMailRoutes(
  instance: FastifyInstance,
  options: { mailer: OutboxMailer },
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // This plugin is encapsulated, so the hook guards its two routes only.
  app.addHook('onRequest', async (request) => {
    if (!comesFromThisMachine({ socket: request.raw.socket, headers: request.headers }))
      throw new Forbidden(DEV_MAIL_TEXT.loopbackOnly);
  });

  app.get(
    '/api/dev/outbox',
    { schema: { hide: true, querystring: outboxQuerySchema, response: { 200: z.array(outboxEntrySchema) } } },
    async (request) => {
      const mails = await options.mailer.list(request.query.to || undefined);
      return mails.map((mail) => ({ ...mail, createdAt: mail.createdAt.toISOString() }));
    },
  );

  app.get('/dev/mail', { schema: { hide: true, querystring: outboxQuerySchema } }, async (request, reply) => {
    const filter = request.query.to || undefined;
    const mails = await options.mailer.list(filter);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderOutboxPage(mails, filter));
  });
}
