import { z } from 'zod';

/**
 * GET /api/tickets/{id}/wallet: what the buyer of a ticket is offered (decision 0096). The calendar always;
 * a wallet when its settings are present and the buyer may download the ticket's barcode now.
 */
export const walletOffersSchema = z.object({
  calendar: z.literal(true),
  appleWallet: z.boolean(),
  googleWallet: z.boolean(),
});
export type WalletOffers = z.infer<typeof walletOffersSchema>;

/** GET /api/tickets/{id}/wallet/google: Google's save link, a signed JWT in its path. */
export const googleWalletSaveSchema = z.object({ saveUrl: z.string() });
export type GoogleWalletSave = z.infer<typeof googleWalletSaveSchema>;
