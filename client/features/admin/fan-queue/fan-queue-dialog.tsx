import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import type { AdminEvent } from '@common/schemas/admin-money';
import { FAN_QUEUE_TEXT } from '@common/texts/fan-queue';
import { eventDay } from '../format';
import { useReturnFocus } from '../use-return-focus';
import { FanQueueLine } from './fan-queue-line';

/** The events tab's Fan Queue of one show (decision 0100): its line, wide enough for the table. */
export function FanQueueDialog({ event, onClose }: { event: AdminEvent; onClose: () => void }) {
  useReturnFocus(`[data-event-action="${event.id}-fan-queue"]`);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>{FAN_QUEUE_TEXT.adminTitle(event.name)}</DialogTitle>
          <DialogDescription>
            {event.venue} · {eventDay(event.date)}
          </DialogDescription>
        </DialogHeader>
        <FanQueueLine eventId={event.id} eventName={event.name} />
      </DialogContent>
    </Dialog>
  );
}
