import type { FastifyInstance } from 'fastify';
import { CHECKOUT_TEXT } from '../../../common/messages.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import {
  type PaymentEvent,
  type PaymentProvider,
  WebhookSignatureError,
} from '../../adapters/payments/payment-provider.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { handleProviderEvent } from './service.js';

export interface ProviderEventRoutesOptions {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  /** Told of each verified event's type (the metrics, decision 0067). */
  onReceived?: (providerType: string) => void;
  /** Listings that went on sale when a seller's verification landed (decision 0086). */
  onListingsLive?: (ticketIds: number[]) => Promise<void>;
}

/** POST /api/webhooks/stripe: the provider's events (Stripe only; the sandbox fulfils directly). */
export async function providerEventRoutes(
  app: FastifyInstance,
  options: ProviderEventRoutesOptions,
): Promise<void> {
  if (options.payments.kind !== 'stripe') return;
  // The signature covers the exact bytes Stripe sent, so this route reads its body raw.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/api/webhooks/stripe',
    { schema: { tags: ['checkout'], summary: 'Stripe webhook (Stripe-Signature verified)', hide: true } },
    async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      let event: PaymentEvent;
      try {
        event = options.payments.parseWebhook(
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          typeof signature === 'string' ? signature : undefined,
        );
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          return reply.status(400).send({ message: CHECKOUT_TEXT.webhookSignatureInvalid });
        throw error;
      }
      options.onReceived?.(event.providerType);
      await handleProviderEvent({ ...options, log: request.log }, event);
      return reply.send({ received: true });
    },
  );
}
