import { Badge } from '@client/components/ui/badge';
import type { MyTicket } from '@common/schemas/my-tickets';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { PAYOUTS_KEY, useSalePayout } from './api';
import { payoutLine, statusText, statusTone } from './format';

/** The sale as its card shows it: when this moves (a transfer step, a report, a refund), so may the payout. */
export function saleStateOf(
  ticket: Pick<MyTicket, 'transferStatus' | 'transferComplete' | 'disputedAt' | 'refunded'>,
): string {
  return [ticket.transferStatus, ticket.transferComplete, ticket.disputedAt, ticket.refunded].join('|');
}

/**
 * On a sold or pending-seller card: what the sale's proceeds are doing and when they are paid. Read again
 * whenever the card's own state of the sale changes, so the chip never contradicts the card beside it.
 */
export function SalePayout({ ticketId, saleState }: { ticketId: number; saleState: string }) {
  const { payout } = useSalePayout(ticketId);
  const queryClient = useQueryClient();
  const seen = useRef(saleState);
  useEffect(() => {
    if (seen.current === saleState) return;
    seen.current = saleState;
    void queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY });
  }, [saleState, queryClient]);
  if (!payout) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="sale-payout">
      <Badge variant={statusTone(payout.status)}>{statusText(payout.status)}</Badge>
      <span className="text-muted-foreground">{payoutLine(payout)}</span>
    </div>
  );
}
