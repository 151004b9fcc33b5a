import { EventPage } from '@client/features/event-page/pages/event-page';
import { lazy, Suspense } from 'react';
import { renderSellerReviews } from './event-seller-reviews';

// Beside the listings and below them on a phone: their code loads after the page's own (decision 0058).
const PriceAlertPanel = lazy(async () => ({
  default: (await import('@client/features/price-alerts/components/price-alert-panel')).PriceAlertPanel,
}));
const FanQueuePanel = lazy(async () => ({
  default: (await import('@client/features/fan-queue/components/fan-queue-panel')).FanQueuePanel,
}));
const PriceStory = lazy(async () => ({
  default: (await import('@client/features/price-story/components/price-story')).PriceStory,
}));

/**
 * A show's page (decision 0058), with its Fan Queue, a price alert while it is ahead, its price story, and
 * each seller's rating leading to their reviews.
 */
export function EventRoute() {
  return (
    <EventPage
      renderSeller={renderSellerReviews}
      aside={(event) => (
        <Suspense fallback={null}>
          {/* The panel shows itself only while the line is open or the member has a place in it. */}
          <FanQueuePanel eventId={event.id} eventName={event.name} />
          {event.state === 'cancelled' || event.state === 'past' ? null : (
            <PriceAlertPanel eventId={event.id} eventName={event.name} />
          )}
          <PriceStory eventId={event.id} />
        </Suspense>
      )}
    />
  );
}
