import { Badge } from '@client/components/ui/badge';
import type { Role } from '@common/constants';
import { LISTING_STATUS_TEXT } from '@common/messages';

/**
 * Spec 001 §4: available outline, sold default, cancelled destructive, others secondary; named in the
 * member's words (Active, Withdrawn by Encore, Under review; decision 0078).
 */
export function TicketStatusBadge({ status }: { status: string }) {
  const variant =
    status === 'available'
      ? 'outline'
      : status === 'sold'
        ? 'default'
        : status === 'cancelled'
          ? 'destructive'
          : 'secondary';
  return (
    <Badge variant={variant}>
      {LISTING_STATUS_TEXT[status as keyof typeof LISTING_STATUS_TEXT] ?? status}
    </Badge>
  );
}

/** Transactions: completed (and paid out) default, pending states secondary, refunded and failed destructive. */
export function TransactionStatusBadge({ status }: { status: string }) {
  const variant = ['completed', 'paid_out', 'paid'].includes(status)
    ? 'default'
    : ['refunded', 'cancelled', 'failed', 'disputed', 'lost'].includes(status)
      ? 'destructive'
      : 'secondary';
  return <Badge variant={variant}>{status.replace('_', ' ')}</Badge>;
}

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant={role === 'admin' ? 'destructive' : role === 'AMBSD' ? 'info' : 'secondary'}>{role}</Badge>
  );
}
