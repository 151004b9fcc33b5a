import { z } from 'zod';

/**
 * GET /api/wallets: the wallets this Encore is set up for (decision 0096). A bought ticket offers each of them
 * once its buyer may download its barcode, which My Tickets already knows (the barcode shows on the card),
 * and the calendar always: one request for the page instead of one per ticket.
 */
export const walletsSchema = z.object({
  appleWallet: z.boolean(),
  googleWallet: z.boolean(),
});
export type Wallets = z.infer<typeof walletsSchema>;

/** GET /api/tickets/{id}/wallet/google: Google's save link, a signed JWT in its path. */
export const googleWalletSaveSchema = z.object({ saveUrl: z.string() });
export type GoogleWalletSave = z.infer<typeof googleWalletSaveSchema>;
