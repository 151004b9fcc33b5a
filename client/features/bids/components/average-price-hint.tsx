import { formatDollars } from '@client/lib/format';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import { BID_SCREEN_TEXT, BID_TEXT } from '@common/messages';
import type { ConcertSearchResult } from '@common/schemas/events';
import { useEffect } from 'react';
import { BID_SEARCH_PAUSE_MS, useAveragePrice } from '../api';

/**
 * The live hint under Maximum Amount (spec 001 §2, §8, §9): what tickets to the chosen event have gone for,
 * read 500 ms after the event or quantity last changed.
 */
export function AveragePriceHint({
  id,
  event,
  quantity,
}: {
  id: string;
  event: ConcertSearchResult | null;
  quantity: number;
}) {
  const askedEventId = useDebouncedValue(event?.id ?? null, BID_SEARCH_PAUSE_MS);
  const askedQuantity = useDebouncedValue(quantity, BID_SEARCH_PAUSE_MS);
  const settled = askedEventId === (event?.id ?? null) && askedQuantity === quantity;
  const average = useAveragePrice(
    settled && event ? { id: event.id, name: event.name.trim() } : null,
    quantity,
  );

  useEffect(() => {
    if (average.error) console.warn(BID_TEXT.averagePriceFailed, average.error);
  }, [average.error]);

  let text = '';
  if (!settled || !average.isEnabled) text = '';
  else if (average.isPending) text = BID_SCREEN_TEXT.averageChecking;
  else if (average.isError) text = BID_TEXT.averagePriceError;
  else if (!average.data.found || average.data.averagePrice === null) text = BID_TEXT.averagePriceNone;
  else {
    const price = formatDollars(average.data.averagePrice);
    text =
      average.data.source === 'historical'
        ? BID_SCREEN_TEXT.averageHistorical(price, average.data.count)
        : BID_SCREEN_TEXT.averageListings(price, average.data.count);
  }
  return (
    <p id={id} aria-live="polite" className="min-h-5 text-xs text-muted-foreground">
      {text}
    </p>
  );
}
