import { MONEY_TEXT } from '../../../common/messages.js';
import { centsToDollars, formatCents } from '../../../common/money.js';
import type { AdminRefundResponse } from '../../../common/schemas/admin-money.js';
import { recordAdminAction } from '../audit/service.js';
import { refundFromEscrow, refundNow } from '../refunds/service.js';
import type { MoneyDeps } from '../sales/deps.js';
import { refundableCents } from '../sales/sale.js';

/**
 * POST /api/admin/transactions/{id}/refund: support refunds an order from escrow, once (decision 0033).
 * The refund, its journal and its audit entry commit together; the provider is asked right after.
 */
export async function adminRefundOrder(
  deps: MoneyDeps,
  adminId: number,
  orderId: number,
  reason: string,
): Promise<AdminRefundResponse> {
  const now = deps.clock.now();
  const sale = await deps.db.transaction(async (tx) => {
    const refunded = await refundFromEscrow(tx, { orderId, cause: 'admin', reason, now });
    await recordAdminAction(tx, {
      adminId,
      action: 'order.refund',
      targetType: 'order',
      targetId: orderId,
      before: { status: refunded.status, disputeStatus: refunded.disputeStatus },
      after: { status: 'refunded', amountCents: refundableCents(refunded), reason },
    });
    return refunded;
  });
  await refundNow(deps, orderId);
  return {
    message: MONEY_TEXT.refundStarted(formatCents(refundableCents(sale))),
    orderId,
    refundedAmount: centsToDollars(refundableCents(sale)),
    status: 'refunded',
  };
}
