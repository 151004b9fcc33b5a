import { cn } from '@client/lib/cn';
import { formatEventDate } from '@client/lib/format';
import { atOrBelowOriginal } from '@common/price-comparison';
import type { PriceStoryPoint, PriceStorySoldDay } from '@common/schemas/price-story';
import { PRICE_STORY_TEXT } from '@common/texts/price-story';
import { type LinearScale, linearScale, linePath, niceDomain, stepPath } from '../chart-geometry';
import { pointCents } from '../difference';

/**
 * The price story's chart (decision 0061), loaded only when a story with prices renders: d3's geometry
 * (`chart-geometry.ts`, decision 0082) places the marks, React draws the SVG in the app's theme colours. Each chart is an image with
 * a summary for screen readers; the figures themselves are in the story's table.
 */

const WIDTH = 360;
const HEIGHT = 200;
const MARGIN = { top: 10, right: 10, bottom: 24, left: 48 };
const DAY_MS = 86_400_000;
const Y_TICKS = 4;

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const centsDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
});

/** An axis label: '$250', or '$12.50' where a tick falls between whole dollars. */
function tickLabel(value: number): string {
  return Number.isInteger(value) ? wholeDollars.format(value) : centsDollars.format(value);
}
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** A y scale over `values` from 0 (a price chart that does not start at 0 exaggerates), rounded outwards. */
function priceScale(values: number[]): LinearScale {
  return linearScale(niceDomain(0, Math.max(1, ...values), Y_TICKS), [HEIGHT - MARGIN.bottom, MARGIN.top]);
}

function YAxis({ scale }: { scale: LinearScale }) {
  return (
    <g>
      {scale.ticks(Y_TICKS).map((tick) => (
        <g key={tick} transform={`translate(0, ${scale(tick)})`}>
          <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} className="stroke-border" />
          <text
            x={MARGIN.left - 6}
            dy="0.32em"
            textAnchor="end"
            className="fill-muted-foreground text-[11px]"
          >
            {tickLabel(tick)}
          </text>
        </g>
      ))}
    </g>
  );
}

function Legend({ items }: { items: { label: string; swatch: string; shape: 'dot' | 'line' }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden>
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span className={cn(item.shape === 'dot' ? 'size-2.5 rounded-full' : 'h-0.5 w-4', item.swatch)} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/** Read "at or below the original price", as the filter and the sentence count it (decision 0073). */
function atOrBelow(point: PriceStoryPoint): boolean {
  const { allIn, original } = pointCents(point);
  return atOrBelowOriginal(allIn, original);
}

/** A dot per listing, cheapest first, at its all-in price per ticket; the step line is each one's original price. */
function ListingsChart({ points, sentence }: { points: PriceStoryPoint[]; sentence: string }) {
  const x = linearScale([-0.5, points.length - 0.5], [MARGIN.left, WIDTH - MARGIN.right]);
  const y = priceScale(points.flatMap((point) => [point.perTicketAllIn, point.originalPricePerTicket]));
  const originalLine = stepPath(points.map((point, index) => [x(index), y(point.originalPricePerTicket)]));
  const radius = points.length > 100 ? 2 : 3.5;
  return (
    <figure className="space-y-1">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full max-w-xl"
        role="img"
        aria-label={PRICE_STORY_TEXT.chartLabel(points.length, sentence)}
      >
        <YAxis scale={y} />
        <path d={originalLine} className="fill-none stroke-muted-foreground" strokeWidth={1.5} />
        {points.map((point, index) => (
          <circle
            key={point.listingId}
            cx={x(index)}
            cy={y(point.perTicketAllIn)}
            r={radius}
            className={atOrBelow(point) ? 'fill-success' : 'fill-primary'}
          />
        ))}
        <text x={MARGIN.left} y={HEIGHT - 6} className="fill-muted-foreground text-[11px]">
          {PRICE_STORY_TEXT.axis.cheapest}
        </text>
        <text
          x={WIDTH - MARGIN.right}
          y={HEIGHT - 6}
          textAnchor="end"
          className="fill-muted-foreground text-[11px]"
        >
          {PRICE_STORY_TEXT.axis.dearest}
        </text>
      </svg>
      <Legend
        items={[
          { label: PRICE_STORY_TEXT.legend.above, swatch: 'bg-primary', shape: 'dot' },
          { label: PRICE_STORY_TEXT.legend.atOrBelow, swatch: 'bg-success', shape: 'dot' },
          { label: PRICE_STORY_TEXT.legend.originalPrice, swatch: 'bg-muted-foreground', shape: 'line' },
        ]}
      />
    </figure>
  );
}

/** The median all-in price per ticket sold, by the venue's day. */
function SoldChart({ soldDays }: { soldDays: PriceStorySoldDay[] }) {
  const first = dayNumber(soldDays[0]?.day ?? '');
  const last = dayNumber(soldDays.at(-1)?.day ?? '');
  const x = linearScale([first - DAY_MS / 2, last + DAY_MS / 2], [MARGIN.left, WIDTH - MARGIN.right]);
  const y = priceScale(soldDays.map((day) => day.medianPerTicketAllIn));
  const medianLine = linePath(soldDays.map((day) => [x(dayNumber(day.day)), y(day.medianPerTicketAllIn)]));
  const from = soldDays[0]?.day ?? '';
  const to = soldDays.at(-1)?.day ?? '';
  return (
    <figure className="space-y-1">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full max-w-xl"
        role="img"
        aria-label={PRICE_STORY_TEXT.soldChartLabel(
          soldDays.length,
          formatEventDate(from),
          formatEventDate(to),
        )}
      >
        <YAxis scale={y} />
        <path d={medianLine} className="fill-none stroke-accent" strokeWidth={2} />
        {soldDays.map((day) => (
          <circle
            key={day.day}
            cx={x(dayNumber(day.day))}
            cy={y(day.medianPerTicketAllIn)}
            r={3}
            className="fill-accent"
          />
        ))}
        <text x={MARGIN.left} y={HEIGHT - 6} className="fill-muted-foreground text-[11px]">
          {shortDay.format(first)}
        </text>
        {soldDays.length > 1 ? (
          <text
            x={WIDTH - MARGIN.right}
            y={HEIGHT - 6}
            textAnchor="end"
            className="fill-muted-foreground text-[11px]"
          >
            {shortDay.format(last)}
          </text>
        ) : null}
      </svg>
      <Legend items={[{ label: PRICE_STORY_TEXT.legend.soldMedian, swatch: 'bg-accent', shape: 'line' }]} />
    </figure>
  );
}

export function PriceStoryChart({
  points,
  soldDays,
  sentence,
}: {
  points: PriceStoryPoint[];
  soldDays: PriceStorySoldDay[];
  sentence: string;
}) {
  return (
    <div className="space-y-4">
      {points.length > 0 ? <ListingsChart points={points} sentence={sentence} /> : null}
      {soldDays.length > 0 ? <SoldChart soldDays={soldDays} /> : null}
    </div>
  );
}
