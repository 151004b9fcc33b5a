import { eventPath } from '@common/event-path';
import { Link } from 'react-router';

/** A show's name: a link to its event page when it is a catalog event, plain text otherwise. */
export function ShowName({ eventId, eventName }: { eventId: number | null; eventName: string }) {
  return eventId === null ? (
    eventName
  ) : (
    <Link to={eventPath(eventId, eventName)} className="underline-offset-4 hover:underline">
      {eventName}
    </Link>
  );
}
