import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ticketIdParams } from '../../../common/schemas/messages.js';
import { googleWalletSaveSchema, walletsSchema } from '../../../common/schemas/wallet.js';
import { WALLET_TEXT } from '../../../common/texts/wallet.js';
import type { ImageStore } from '../../adapters/images/image-store.js';
import type { WalletSettings } from '../../config.js';
import type { Db } from '../../db/client.js';
import { Conflict, NotFound } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { barcodeBytes } from '../barcodes/routes.js';
import { type BarcodeCaller, downloadableBarcode } from '../barcodes/service.js';
import { applePass } from './apple-pass.js';
import { type BoughtTicket, barcodeDownloadable, boughtTicket, ticketUrl } from './bought-ticket.js';
import { googleSaveUrl } from './google-wallet.js';
import { CALENDAR_CONTENT_TYPE, calendarFileName, ticketCalendar } from './ics.js';
import { type TicketBarcode, ticketBarcodes } from './ticket-barcodes.js';

export interface WalletRoutesOptions {
  db: Db;
  images: ImageStore;
  clock: Clock;
  appUrl: string;
  wallet: WalletSettings;
  /** How long reading the ticket's barcodes may take (config.barcodeDecodeTimeoutMs). */
  barcodeDecodeTimeoutMs: number;
}

/** A pass holds the barcode, which is the ticket itself: no shared cache and no browser cache keeps it. */
const PRIVATE_NO_STORE = 'private, no-store';

/**
 * The show in a calendar and wallet passes (issue 47 items 2 and 3, decision 0096). Each route is the
 * buyer's only: the seller, admins and everyone else get 404, as if the ticket did not exist.
 */
export async function walletRoutes(instance: FastifyInstance, options: WalletRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, images, clock, appUrl, wallet, barcodeDecodeTimeoutMs } = options;

  /** The ticket's barcodes for a pass: the buyer's barcode download rule (decision 0041), read again. */
  async function barcodesFor(ticket: BoughtTicket, caller: BarcodeCaller): Promise<TicketBarcode[]> {
    if (!barcodeDownloadable(ticket)) throw new Conflict(WALLET_TEXT.barcodeNotYetAvailable);
    // The same call as the barcode download: it checks again and records that the buyer fetched it.
    const barcode = await downloadableBarcode(db, ticket.id, caller, clock.now());
    const picture = await barcodeBytes(images, barcode);
    return ticketBarcodes(picture, caller.id, barcodeDecodeTimeoutMs);
  }

  app.get(
    '/api/wallets',
    {
      onRequest: requireUser,
      schema: {
        tags: ['wallet'],
        summary:
          'The wallets this Encore is set up for; a bought ticket offers them once its barcode may be downloaded',
        response: { 200: walletsSchema },
      },
    },
    async () => ({ appleWallet: wallet.apple !== undefined, googleWallet: wallet.google !== undefined }),
  );

  app.get(
    '/api/tickets/:id/calendar.ics',
    {
      onRequest: requireUser,
      schema: {
        tags: ['wallet'],
        summary:
          "The show as an iCalendar event in the venue's time zone, with its address and a link back to the ticket (buyer only)",
        params: ticketIdParams,
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const ticket = await boughtTicket(db, request.params.id, currentUser(request).id);
      const ics = ticketCalendar(ticket, { appUrl, url: ticketUrl(appUrl, ticket) });
      return reply
        .header('content-type', CALENDAR_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${calendarFileName(ticket.id)}"`)
        .send(ics);
    },
  );

  app.get(
    '/api/tickets/:id/wallet/apple',
    {
      onRequest: requireUser,
      schema: {
        tags: ['wallet'],
        summary:
          'The ticket as a signed Apple Wallet event ticket (.pkpass; .pkpasses when its picture holds several barcodes), once the buyer may download its barcode; 404 when Apple Wallet is not set up (buyer only)',
        params: ticketIdParams,
        produces: ['application/vnd.apple.pkpass', 'application/vnd.apple.pkpasses'],
      },
      onSend: async (_request, reply) => {
        reply.header('cache-control', PRIVATE_NO_STORE);
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const ticket = await boughtTicket(db, request.params.id, user.id);
      if (!wallet.apple) throw new NotFound(WALLET_TEXT.appleNotConfigured);
      const barcodes = await barcodesFor(ticket, user);
      const pass = await applePass(wallet.apple, ticket, barcodes, ticketUrl(appUrl, ticket));
      return reply
        .header('content-type', pass.contentType)
        .header('content-disposition', `attachment; filename="${pass.fileName}"`)
        .send(pass.bytes);
    },
  );

  app.get(
    '/api/tickets/:id/wallet/google',
    {
      onRequest: requireUser,
      schema: {
        tags: ['wallet'],
        summary:
          "The ticket's Save to Google Wallet link (a JWT signed with the service account's key), once the buyer may download its barcode; 404 when Google Wallet is not set up (buyer only)",
        params: ticketIdParams,
        response: { 200: googleWalletSaveSchema },
      },
      onSend: async (_request, reply) => {
        reply.header('cache-control', PRIVATE_NO_STORE);
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ticket = await boughtTicket(db, request.params.id, user.id);
      if (!wallet.google) throw new NotFound(WALLET_TEXT.googleNotConfigured);
      const barcodes = await barcodesFor(ticket, user);
      return {
        saveUrl: googleSaveUrl(wallet.google, ticket, barcodes, {
          ticketUrl: ticketUrl(appUrl, ticket),
          appUrl,
          now: clock.now(),
        }),
      };
    },
  );
}
