import { getJson } from '@client/lib/api';
import { formatCents } from '@common/money';
import { highestMarkupWithin, maxAllInCents } from '@common/price-caps/lookup';
import type { PriceCap } from '@common/schemas/price-caps';
import { PRICE_CAP_TEXT } from '@common/texts/price-caps';
import { useQuery } from '@tanstack/react-query';
import { Scale } from 'lucide-react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { type ListingFormValues, pricingInput } from '../listing-form-values';

/** GET /api/events/{id}/price-cap: the rule of the chosen show's place (decision 0084). */
function usePriceCap(eventId: number | null) {
  return useQuery({
    queryKey: ['events', eventId, 'price-cap'],
    queryFn: () => getJson<PriceCap>(`/api/events/${eventId}/price-cap`),
    enabled: eventId !== null,
    staleTime: 60_000,
  });
}

/**
 * The price cap of the chosen show's place, said before any price is typed; with a face value and fee, the
 * most a ticket may cost all-in and the highest markup that keeps to it. Nothing without a catalog show.
 */
export function PriceCapStatement({ form }: { form: UseFormReturn<ListingFormValues> }) {
  const [eventId, faceValue, serviceFee] = useWatch({
    control: form.control,
    name: ['eventId', 'faceValue', 'serviceFee'],
  });
  const cap = usePriceCap(eventId);
  if (eventId === null || !cap.data) return null;
  const { rule } = cap.data;
  const placeRule = rule && { ...rule, country: cap.data.country, region: cap.data.region };
  // Per ticket: the quantity does not change the cap.
  const typed = pricingInput({ faceValue, serviceFee, markup: 0, quantity: '1' });
  const limits = placeRule && (placeRule.maxPricePercent !== null || placeRule.maxFeePercent !== null);
  const highest = typed && limits ? highestMarkupWithin(placeRule, typed) : null;
  const ceiling = typed && limits ? maxAllInCents(placeRule, typed) : null;
  return (
    <section
      aria-labelledby="price-cap-title"
      aria-live="polite"
      className="rounded-lg border border-border bg-muted/40 p-3 text-sm"
      data-testid="price-cap-statement"
    >
      <h3 id="price-cap-title" className="flex items-center gap-2 font-semibold">
        <Scale className="size-4" aria-hidden="true" />
        {PRICE_CAP_TEXT.statementTitle}
      </h3>
      <p className="mt-1">{cap.data.statement}</p>
      {typed && limits && (typed.faceValueCents > 0 || typed.serviceFeeCents > 0) && (
        <p className="mt-1 font-medium">
          {highest === null
            ? PRICE_CAP_TEXT.noMarkupFits
            : PRICE_CAP_TEXT.atThisPrice(ceiling === null ? null : formatCents(ceiling), highest)}
        </p>
      )}
      {rule && (
        <p className="mt-1 text-muted-foreground">
          {PRICE_CAP_TEXT.notLegalAdvice}{' '}
          <a className="underline" href={rule.sourceUrl} target="_blank" rel="noopener noreferrer">
            {PRICE_CAP_TEXT.sourceLink}
          </a>
        </p>
      )}
    </section>
  );
}
