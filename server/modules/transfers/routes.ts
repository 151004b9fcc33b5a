import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MY_TICKETS_TEXT } from '../../../common/messages.js';
import {
  buyerTransferInfoSchema,
  completeTransferResponseSchema,
  myTicketsPageSchema,
  myTicketsQuerySchema,
} from '../../../common/schemas/my-tickets.js';
import { messageResponseSchema, ticketIdParamsSchema } from '../../../common/schemas/tickets.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { listMyTickets } from './my-tickets.js';
import { mailSaleCompleted } from './sale-completed.js';
import {
  buyerTransferInfo,
  completeTransfer,
  initiateTransfer,
  mailTransferInitiated,
  TRANSFER_TEXT,
} from './service.js';

export interface TransferRoutesOptions {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  /** Whether the payment provider pays only sellers with a connected payout account (the seller's mail says so). */
  payoutsNeedAccount: boolean;
}

/** My Tickets and the transfer steps (spec 001 §2, §4, §7; decision 0014). */
export async function transferRoutes(
  instance: FastifyInstance,
  options: TransferRoutesOptions,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, mailer, clock, appUrl, payoutsNeedAccount } = options;

  app.get(
    '/api/my-tickets',
    {
      onRequest: requireUser,
      schema: {
        querystring: myTicketsQuerySchema,
        tags: ['transfers'],
        summary: "One page of one My Tickets tab, with every tab's count and the seller's red-dot count",
        response: { 200: myTicketsPageSchema },
      },
    },
    async (request) => listMyTickets(db, currentUser(request).id, request.query, clock.now()),
  );

  app.post(
    '/api/tickets/:id/initiate-transfer',
    {
      onRequest: requireUser,
      schema: {
        params: ticketIdParamsSchema,
        tags: ['transfers'],
        summary: 'The seller says the tickets were sent (not_started → initiated); the buyer is e-mailed',
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const sale = await initiateTransfer(db, request.params.id, currentUser(request).id, clock.now());
      await mailTransferInitiated({ db, mailer, appUrl, log: request.log }, sale);
      return { message: TRANSFER_TEXT.initiatedResponse };
    },
  );

  app.post(
    '/api/tickets/:id/complete-transfer',
    {
      onRequest: requireUser,
      schema: {
        params: ticketIdParamsSchema,
        tags: ['transfers'],
        summary:
          'The buyer confirms receipt (initiated → completed) and the seller is e-mailed; repeating it answers alreadyCompleted',
        response: { 200: completeTransferResponseSchema },
      },
    },
    async (request) => {
      const { sale, alreadyCompleted } = await completeTransfer(
        db,
        request.params.id,
        { kind: 'buyer', userId: currentUser(request).id },
        clock.now(),
      );
      if (!alreadyCompleted)
        await mailSaleCompleted(
          { db, mailer, appUrl, payoutsNeedAccount, log: request.log },
          sale.orderId,
          'buyer',
        );
      return alreadyCompleted
        ? { message: MY_TICKETS_TEXT.alreadyCompleted, alreadyCompleted: true }
        : { message: MY_TICKETS_TEXT.completed };
    },
  );

  app.get(
    '/api/tickets/:id/buyer-transfer-info',
    {
      onRequest: requireUser,
      schema: {
        params: ticketIdParamsSchema,
        tags: ['transfers'],
        summary: "The sale's platform and the buyer's transfer e-mail for it; the seller of the sale only",
        response: { 200: buyerTransferInfoSchema },
      },
    },
    async (request) => buyerTransferInfo(db, request.params.id, currentUser(request).id),
  );
}
