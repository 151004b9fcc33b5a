import type { KeptCopy } from '@client/pwa/kept-copy';
import { KEPT_TICKETS_TEXT } from '@common/texts/kept-tickets';
import { WifiOff } from 'lucide-react';

// A time in the viewer's zone, as other times of the app are: 'Nov 30, 5:12 AM'.
const UPDATED_AT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Nov 30, 5:12 AM' for an ISO time. */
export function formatUpdatedAt(iso: string): string {
  return UPDATED_AT.format(new Date(iso));
}

/**
 * What My Tickets shows while it cannot reach Encore (decision 0098): the tickets come from the copy this
 * device kept (`keptCopy`, with the time the server last brought it up to date), or the page was loaded
 * before the connection went (`loadedAt`). Null when neither: the tickets are current.
 */
export function keptCopyNoteText(
  keptCopy: KeptCopy | null,
  offline: boolean,
  loadedAt: number,
): { title: string; detail: string } | null {
  if (keptCopy) {
    return {
      title: keptCopy.updatedAt
        ? KEPT_TICKETS_TEXT.keptCopy(formatUpdatedAt(keptCopy.updatedAt))
        : KEPT_TICKETS_TEXT.keptCopyUnknownTime,
      detail: KEPT_TICKETS_TEXT.keptCopyDetail,
    };
  }
  if (!offline || loadedAt <= 0) return null;
  return {
    title: KEPT_TICKETS_TEXT.keptCopy(formatUpdatedAt(new Date(loadedAt).toISOString())),
    detail: KEPT_TICKETS_TEXT.keptCopyDetail,
  };
}

/** The note above the tabs: 'Offline — last updated Nov 30, 5:12 AM', and what that means. */
export function KeptCopyNote({ title, detail }: { title: string; detail: string }) {
  return (
    <div
      role="status"
      data-testid="kept-copy-note"
      className="flex items-start gap-3 rounded-lg border border-border bg-muted px-4 py-3 text-sm"
    >
      <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="space-y-1">
        <p className="font-semibold">{title}</p>
        <p className="text-muted-foreground">{detail}</p>
      </div>
    </div>
  );
}
