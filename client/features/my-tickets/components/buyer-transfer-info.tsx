import { Alert } from '@client/components/ui/alert';
import { unlessLive } from '@client/lib/live';
import { NOTIFICATIONS_POLL_MS } from '@common/constants';
import { MY_TICKETS_TEXT } from '@common/messages';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Mail } from 'lucide-react';
import { buyerTransferInfoQueryOptions } from '../api';

/**
 * Seller view: where to send a digital ticket (the buyer's e-mail for the platform), or the spec's warnings.
 * The warnings ask the seller to act before transferring, so once the transfer is initiated they are gone.
 * The address shows once the buyer adds it (issue 34).
 */
export function BuyerTransferInfo({ ticketId, initiated }: { ticketId: number; initiated: boolean }) {
  const { data, isPending } = useQuery({
    ...buyerTransferInfoQueryOptions(ticketId),
    // While the seller waits on the buyer's e-mail, the buyer's change of it is a live notice (migration
    // 0039) that reads this again; without a live stream it is read at the badge's pace.
    refetchInterval: unlessLive((query: { state: { data?: { requiresEmail: boolean } | null } }) =>
      !initiated && query.state.data?.requiresEmail ? NOTIFICATIONS_POLL_MS : false,
    ),
  });
  if (isPending)
    return <p className="text-sm text-muted-foreground">{MY_TICKETS_TEXT.transferInfoLoading}</p>;
  if (!data?.platformDisplayName) return null;
  if (data.platformEmail)
    return (
      <p className="flex flex-wrap items-center gap-1.5 text-sm">
        <Mail aria-hidden className="size-4 text-muted-foreground" />
        <span className="text-muted-foreground">{MY_TICKETS_TEXT.transferTo(data.platformDisplayName)}</span>
        <span className="font-medium break-all">{data.platformEmail}</span>
      </p>
    );
  if (initiated) return null;
  return (
    <Alert variant="warning">
      <AlertTriangle aria-hidden />
      <p className="font-semibold">{MY_TICKETS_TEXT.noEmailOnFile(data.platformDisplayName)}</p>
      {data.requiresEmail ? (
        // Said only once the buyer's purchase e-mail asked them (issue 34); until then, the seller asks.
        <p>
          {data.buyerAsked ? MY_TICKETS_TEXT.buyerNotifiedForEmail : MY_TICKETS_TEXT.buyerNotYetAskedForEmail}
        </p>
      ) : null}
    </Alert>
  );
}
