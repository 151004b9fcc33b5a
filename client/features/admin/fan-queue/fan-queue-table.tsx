import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { formatCents } from '@common/money';
import type { AdminFanQueueEntry } from '@common/schemas/fan-queue';
import { FAN_QUEUE_TEXT } from '@common/texts/fan-queue';
import { longDate, tableDate } from '../format';

const COLUMNS = [
  FAN_QUEUE_TEXT.columnPosition,
  FAN_QUEUE_TEXT.columnMember,
  FAN_QUEUE_TEXT.columnQuantity,
  FAN_QUEUE_TEXT.columnMaxPrice,
  FAN_QUEUE_TEXT.columnStatus,
  FAN_QUEUE_TEXT.columnJoined,
  FAN_QUEUE_TEXT.columnOffer,
];

/** The entries of one page of a show's line, in line order, each with its Remove button. */
export function FanQueueTable({
  entries,
  caption,
  onRemove,
}: {
  entries: AdminFanQueueEntry[];
  caption: string;
  onRemove: (entry: AdminFanQueueEntry) => void;
}) {
  return (
    // Focusable so a keyboard can scroll the table on a phone (axe: scrollable-region-focusable).
    <section
      aria-label={`${caption} table`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keys
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full min-w-[640px] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold">
                {column}
              </th>
            ))}
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">{FAN_QUEUE_TEXT.columnActions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-b border-border last:border-0">
              <td className="px-3 py-2 tabular-nums">{entry.position ?? '—'}</td>
              <th scope="row" className="px-3 py-2 font-normal">
                {entry.username}
              </th>
              <td className="px-3 py-2 tabular-nums">{entry.quantity}</td>
              <td className="px-3 py-2 tabular-nums">{formatCents(entry.maxPriceCents)}</td>
              <td className="px-3 py-2">
                <Badge variant={entry.status === 'offered' ? 'success' : 'info'}>
                  {entry.status === 'offered' ? FAN_QUEUE_TEXT.statusOffered : FAN_QUEUE_TEXT.statusWaiting}
                </Badge>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{tableDate(entry.joinedAt)}</td>
              <td className="px-3 py-2">
                {entry.offer
                  ? FAN_QUEUE_TEXT.adminOffer(entry.offer.ticketId, longDate(entry.offer.expiresAt))
                  : FAN_QUEUE_TEXT.adminNoOffer}
              </td>
              <td className="px-3 py-2">
                <Button
                  size="sm"
                  variant="destructive"
                  aria-label={FAN_QUEUE_TEXT.removeLabel(entry.username)}
                  data-fan-queue-remove={entry.id}
                  onClick={() => onRemove(entry)}
                >
                  {FAN_QUEUE_TEXT.remove}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
