import { formatDollars } from '@client/lib/format';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import { BID_SCREEN_TEXT, BID_TEXT } from '@common/messages';
import { useEffect } from 'react';
import { BID_SEARCH_PAUSE_MS, useAveragePrice } from '../api';

/**
 * The live hint under Maximum Amount (spec 001 §2, §8, §9): what tickets to this event have gone for, read
 * 500 ms after the event or quantity last changed.
 */
export function AveragePriceHint({
  id,
  eventName,
  quantity,
}: {
  id: string;
  eventName: string;
  quantity: number;
}) {
  const asked = useDebouncedValue({ eventName: eventName.trim(), quantity }, BID_SEARCH_PAUSE_MS);
  const settled = asked.eventName === eventName.trim() && asked.quantity === quantity;
  const average = useAveragePrice(asked.eventName, asked.quantity);

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
