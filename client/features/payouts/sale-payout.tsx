import { Badge } from '@client/components/ui/badge';
import { useSalePayout } from './api';
import { payoutLine, statusText, statusTone } from './format';

/** On a sold or pending-seller card: what the sale's proceeds are doing and when they are paid. */
export function SalePayout({ ticketId }: { ticketId: number }) {
  const { payout } = useSalePayout(ticketId);
  if (!payout) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="sale-payout">
      <Badge variant={statusTone(payout.status)}>{statusText(payout.status)}</Badge>
      <span className="text-muted-foreground">{payoutLine(payout)}</span>
    </div>
  );
}
