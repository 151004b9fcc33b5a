import { EventPage } from '@client/features/event-page/pages/event-page';
import { PriceAlertForm } from '@client/features/price-alerts/components/price-alert-form';
import { PriceStory } from '@client/features/price-story/components/price-story';

/** A show's page (decision 0058), with a price alert while it is ahead, and its price story. */
export function EventRoute() {
  return (
    <EventPage
      aside={(event) => (
        <>
          {event.state === 'cancelled' || event.state === 'past' ? null : (
            <PriceAlertForm eventId={event.id} eventName={event.name} />
          )}
          <PriceStory eventId={event.id} />
        </>
      )}
    />
  );
}
