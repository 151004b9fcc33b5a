import { formatVenueDay } from '../../../common/venue-time.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { DbOrTx } from '../../db/client.js';
import { contactOf, loadSale } from '../sales/sale.js';
import { payoutDueAt } from '../sales/timeline.js';
import { saleCompletedMail } from './mail-templates.js';

export interface SaleCompletedMailDeps {
  db: DbOrTx;
  mailer: Mailer;
  appUrl: string;
  /** The payment provider pays only sellers with a connected payout account (Stripe). */
  payoutsNeedAccount: boolean;
  log: { error(details: object, message: string): void };
}

/**
 * Tells the seller the sale is complete and when the payout is due. Runs after the completion's commit: a
 * failing mailer is logged and changes nothing (the seller also sees the sale in My Tickets and Payouts).
 */
export async function mailSaleCompleted(
  deps: SaleCompletedMailDeps,
  orderId: number,
  completedBy: 'buyer' | 'system',
): Promise<void> {
  try {
    const sale = await loadSale(deps.db, orderId);
    if (!sale) return;
    const seller = await contactOf(deps.db, sale.sellerId);
    await deps.mailer.send(
      saleCompletedMail(
        seller.email,
        {
          firstName: seller.firstName,
          eventName: sale.eventName,
          eventDate: sale.eventDate,
          myTicketsUrl: `${deps.appUrl}/my-tickets?tab=sold`,
        },
        {
          completedBy,
          amountCents: sale.sellerProceedsCents,
          payoutDate: formatVenueDay(payoutDueAt(sale), sale.timeZone),
          accountMissing: deps.payoutsNeedAccount && !sale.sellerAccountId,
          profileUrl: `${deps.appUrl}/profile`,
        },
      ),
    );
  } catch (error) {
    deps.log.error({ err: error, orderId }, 'could not send the sale-completed e-mail');
  }
}
