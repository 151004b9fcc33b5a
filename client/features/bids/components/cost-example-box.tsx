import { BID_SCREEN_TEXT } from '@common/messages';
import { formatCents } from '@common/money';
import { useId } from 'react';
import { bidCostSplit, EXAMPLE_MAX_CENTS } from '../cost-example';

/**
 * What the card can be charged (decision 0045): the maximum bounds the all-in amount, so the box splits it
 * into tickets and the processing fee. It shows the entered maximum, or the $100.00 example until there is one.
 */
export function CostExampleBox({ maxCents }: { maxCents: number | null }) {
  const titleId = useId();
  const example = maxCents === null;
  const max = maxCents ?? EXAMPLE_MAX_CENTS;
  const split = bidCostSplit(max);
  const rows: Array<[string, number]> = [
    [BID_SCREEN_TEXT.costTickets, split.ticketsCents],
    [BID_SCREEN_TEXT.costFee(split.feePercent), split.processingFeeCents],
  ];
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-2 rounded-lg border border-border bg-muted/40 p-4 text-sm"
      data-testid="bid-cost-example"
    >
      <h3 id={titleId} className="font-semibold">
        {BID_SCREEN_TEXT.costTitle}
      </h3>
      <p className="text-muted-foreground">{BID_SCREEN_TEXT.costIntro(formatCents(max))}</p>
      <dl className="grid gap-1">
        {rows.map(([label, cents]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt>{label}</dt>
            <dd className="tabular-nums">{formatCents(cents)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-border pt-1 font-semibold">
          <dt>{BID_SCREEN_TEXT.costTotal}</dt>
          <dd className="tabular-nums">{formatCents(split.chargedCents)}</dd>
        </div>
      </dl>
      {example ? <p className="text-xs text-muted-foreground">{BID_SCREEN_TEXT.costExampleNote}</p> : null}
    </section>
  );
}
