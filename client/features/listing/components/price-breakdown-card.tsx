import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import { LISTING_NOTICE_TEXT, PRICE_COMPARISON_TEXT } from '@common/messages';
import { formatCents } from '@common/money';
import { comparePrice, originalPriceCents, priceComparisonText } from '@common/price-comparison';
import { MARKUP_BAR_MAX, MARKUP_BAR_MIN, PROCESSING_FEE_PERCENT, priceBreakdown } from '@common/pricing';
import { formatMarkup } from './markup-slider';

interface PriceBreakdownCardProps {
  faceValueCents: number;
  serviceFeeCents: number;
  markupPercent: number;
  quantity: number;
}

function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}

/** A deduction from the seller's total: a true minus sign, and none on a zero amount ('$0.00', not '-$0.00'). */
function formatDeduction(cents: number): string {
  return cents === 0 ? formatCents(0) : `\u2212${formatCents(cents)}`;
}

function Line({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-3 text-sm', className)}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

/** In place of the breakdown while a price input is impossible: the fields show what to correct. */
export function PriceBreakdownUnavailable() {
  return (
    <Card aria-labelledby="price-breakdown-title">
      <CardHeader className="px-4 pt-5 pb-4 sm:px-6 sm:pt-6">
        <CardTitle id="price-breakdown-title">Price breakdown</CardTitle>
        <CardDescription>{LISTING_NOTICE_TEXT.fixFieldsForBreakdown}</CardDescription>
      </CardHeader>
    </Card>
  );
}

/**
 * The seller's live preview; every figure comes from priceBreakdown() (the only fee computation), and how
 * the price reads to buyers from comparePrice() (decision 0073).
 */
export function PriceBreakdownCard(input: PriceBreakdownCardProps) {
  const breakdown = priceBreakdown(input);
  const { quantity, markupPercent } = input;
  // How the price will read to buyers: the one comparison the cards, the event page and the filter use.
  const comparison = comparePrice(
    breakdown.buyerPaysPerTicketCents,
    originalPriceCents(input.faceValueCents, input.serviceFeeCents),
  );
  const barMarkup = Math.min(MARKUP_BAR_MAX, Math.max(MARKUP_BAR_MIN, markupPercent));
  const markerPosition = ((barMarkup - MARKUP_BAR_MIN) / (MARKUP_BAR_MAX - MARKUP_BAR_MIN)) * 100;
  const zeroPosition = ((0 - MARKUP_BAR_MIN) / (MARKUP_BAR_MAX - MARKUP_BAR_MIN)) * 100;
  return (
    <Card aria-labelledby="price-breakdown-title">
      <CardHeader className="px-4 pt-5 pb-4 sm:px-6 sm:pt-6">
        <CardTitle id="price-breakdown-title">Price breakdown</CardTitle>
        <CardDescription>Updates as you type and move the markup.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 pb-5 sm:px-6 sm:pb-6">
        <dl className="grid gap-2" data-testid="price-breakdown">
          <Line label="Price per ticket" value={formatCents(breakdown.perTicketCents)} />
          <Line
            label={`Total for ${quantity} ${quantity === 1 ? 'ticket' : 'tickets'}`}
            value={formatCents(breakdown.totalCents)}
          />
          <Line
            label={`Platform fee (${formatPercent(breakdown.platformFeePercent)})`}
            value={formatDeduction(breakdown.platformFeeCents)}
          />
          <Line
            label={`Processing fee (${formatPercent(PROCESSING_FEE_PERCENT)})`}
            value={formatDeduction(breakdown.processingFeeCents)}
          />
          <Line
            label="You receive"
            value={formatCents(breakdown.sellerReceivesCents)}
            className="mt-1 border-t border-border pt-3 text-base [&_dd]:text-lg [&_dd]:font-bold [&_dd]:text-success [&_dt]:font-semibold [&_dt]:text-foreground"
          />
        </dl>
        <div className="grid gap-1 rounded-lg bg-primary-soft/60 p-3">
          <dl>
            <Line
              label="Buyer pays (all-in)"
              value={formatCents(breakdown.buyerPaysCents)}
              className="[&_dd]:font-bold [&_dd]:text-primary [&_dt]:font-semibold [&_dt]:text-foreground"
            />
            <Line label="Per ticket" value={formatCents(breakdown.buyerPaysPerTicketCents)} />
          </dl>
          {comparison ? (
            <>
              <p className="text-sm font-medium" data-testid="buyers-will-see">
                {PRICE_COMPARISON_TEXT.buyersWillSee(priceComparisonText(comparison))}
              </p>
              <p className="text-xs text-muted-foreground">
                {PRICE_COMPARISON_TEXT.originalPrice} {PRICE_COMPARISON_TEXT.cardFeeIncluded}
              </p>
            </>
          ) : null}
        </div>
        <div className="grid gap-1.5">
          <div className="flex justify-between text-xs font-medium">
            <span>Markup</span>
            <span>{formatMarkup(markupPercent)}</span>
          </div>
          <div
            role="img"
            aria-label={`Markup ${formatMarkup(markupPercent)} on a scale from ${formatMarkup(MARKUP_BAR_MIN)} to ${formatMarkup(MARKUP_BAR_MAX)}`}
            className="relative h-2.5 rounded-full bg-gradient-to-r from-success via-warning to-destructive"
          >
            <span
              className="absolute top-0 h-full w-px bg-foreground/40"
              style={{ left: `${zeroPosition}%` }}
              aria-hidden
            />
            <span
              data-testid="markup-marker"
              className="absolute top-1/2 size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-surface bg-foreground shadow"
              style={{ left: `${markerPosition}%` }}
              aria-hidden
            />
          </div>
          <div className="flex justify-between text-xs text-muted-foreground">
            <span>{formatMarkup(MARKUP_BAR_MIN)}</span>
            <span>0%</span>
            <span>{formatMarkup(MARKUP_BAR_MAX)}</span>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
