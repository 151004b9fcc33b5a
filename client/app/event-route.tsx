import { EventPage } from '@client/features/event-page/pages/event-page';

/** A show's page (decision 0058), with what other features add about the show. */
export function EventRoute() {
  return <EventPage />;
}
