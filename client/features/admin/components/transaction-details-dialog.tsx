import { ADMIN_TEXT } from '@common/messages';
import type { AdminTransactionDetail } from '@common/schemas/admin';
import { transactionDetailOptions } from '../api';
import { dollars, longDate } from '../format';
import { TransactionStatusBadge } from './badges';
import { DetailDialog, DetailItem, DetailList } from './detail-dialog';
import { RefundForm } from './refund-form';

/** A payment can be refunded while its money is still in escrow (decision 0037). */
const REFUNDABLE = ['escrow', 'disputed', 'completed'];

/** Spec 001 §2 'Transaction Details', with the sale's movements and the Refund action. */
export function TransactionDetailsDialog({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  return (
    <DetailDialog
      title={ADMIN_TEXT.transactionDetails}
      thing="transaction"
      query={transactionDetailOptions(orderId)}
      onClose={onClose}
    >
      {(transaction) => <TransactionDetails transaction={transaction} />}
    </DetailDialog>
  );
}

function TransactionDetails({ transaction }: { transaction: AdminTransactionDetail }) {
  return (
    <div className="space-y-5">
      <DetailList>
        <DetailItem label="ID">{transaction.id}</DetailItem>
        <DetailItem label="Event">{transaction.eventName}</DetailItem>
        <DetailItem label="Amount">{dollars(transaction.amount)}</DetailItem>
        <DetailItem label="Status">
          <TransactionStatusBadge status={transaction.status} />
        </DetailItem>
        <DetailItem label="Buyer">
          {transaction.buyerName} (ID: {transaction.buyerId})
        </DetailItem>
        <DetailItem label="Seller">
          {transaction.sellerName} (ID: {transaction.sellerId})
        </DetailItem>
        <DetailItem label="Date">{longDate(transaction.createdAt)}</DetailItem>
        {transaction.stripeSessionId ? (
          <DetailItem label="Payment Session" wide>
            <code className="break-all text-xs">{transaction.stripeSessionId}</code>
          </DetailItem>
        ) : null}
      </DetailList>
      {transaction.movements.length > 1 ? (
        <section aria-labelledby="admin-movements">
          <h3 id="admin-movements" className="mb-2 text-sm font-semibold">
            Money movements
          </h3>
          <ul className="divide-y divide-border rounded-lg border border-border text-sm">
            {transaction.movements.map((movement) => (
              <li key={movement.type} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span className="capitalize">{movement.type}</span>
                <span>{dollars(movement.amount)}</span>
                <TransactionStatusBadge status={movement.status} />
                <span className="text-muted-foreground">{longDate(movement.createdAt)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {REFUNDABLE.includes(transaction.status) ? (
        <RefundForm orderId={transaction.id} amount={transaction.amount} />
      ) : null}
    </div>
  );
}
