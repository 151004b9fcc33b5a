import { EventPage } from '@client/features/event-page/pages/event-page';
import { PriceStory } from '@client/features/price-story/components/price-story';

/** A show's page (decision 0058), with what other features add about the show. */
export function EventRoute() {
  return <EventPage aside={(event) => <PriceStory eventId={event.id} />} />;
}
