import { EventPage } from '@client/features/event-page/pages/event-page';
import { PriceAlertForm } from '@client/features/price-alerts/components/price-alert-form';
import { PriceStory } from '@client/features/price-story/components/price-story';
import { renderSellerReviews } from './event-seller-reviews';

/**
 * A show's page (decision 0058), with a price alert while it is ahead, its price story, and each seller's
 * rating leading to their reviews.
 */
export function EventRoute() {
  return (
    <EventPage
      renderSeller={renderSellerReviews}
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
