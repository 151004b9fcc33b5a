import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { cn } from '@client/lib/cn';
import { formatDollars, formatEventDate } from '@client/lib/format';
import type { PriceStory as PriceStoryData } from '@common/schemas/price-story';
import { FAN_QUEUE_LINE_TEXT } from '@common/texts/fan-queue-line';
import { PRICE_STORY_TEXT } from '@common/texts/price-story';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { priceStoryQueryOptions } from '../api';
import { differenceOf } from '../difference';

// The chart and its library load only once a story with prices renders (decision 0061).
const PriceStoryChart = lazy(async () => ({
  default: (await import('./price-story-chart')).PriceStoryChart,
}));

/** The chart's room while its code loads, so the page does not jump. */
const CHART_PLACEHOLDER = 'h-56 w-full rounded-md bg-muted';

/**
 * The price story of a show (decision 0061): one sentence, the tickets that went through its Fan Queue at
 * or below face value (decision 0100), a chart of its listings' all-in prices against
 * face value and of its sold prices by day, and the same figures as a table, hidden until asked for but
 * always there for screen readers.
 */
export function PriceStory({ eventId }: { eventId: number }) {
  const story = useQuery(priceStoryQueryOptions(eventId));
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {PRICE_STORY_TEXT.title}
      </h2>
      {story.isPending ? (
        <Spinner label={PRICE_STORY_TEXT.loading} />
      ) : story.isError ? (
        <p className="text-sm text-destructive">{PRICE_STORY_TEXT.loadFailed}</p>
      ) : (
        <StoryBody story={story.data} />
      )}
    </section>
  );
}

function StoryBody({ story }: { story: PriceStoryData }) {
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const hasFigures = story.points.length > 0 || story.soldDays.length > 0;
  return (
    <>
      <p>{story.sentence}</p>
      {story.throughFanQueueTickets > 0 ? (
        <p className="text-sm">{FAN_QUEUE_LINE_TEXT.throughQueue(story.throughFanQueueTickets)}</p>
      ) : null}
      {hasFigures ? (
        <>
          <Suspense fallback={<div aria-hidden className={CHART_PLACEHOLDER} />}>
            <PriceStoryChart points={story.points} soldDays={story.soldDays} sentence={story.sentence} />
          </Suspense>
          {story.listingCount > story.points.length ? (
            <p className="text-xs text-muted-foreground">
              {PRICE_STORY_TEXT.capped(story.points.length, story.listingCount)}
            </p>
          ) : null}
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-expanded={tableShown}
            aria-controls={tableId}
            onClick={() => setTableShown((shown) => !shown)}
          >
            {tableShown ? PRICE_STORY_TEXT.hideTable : PRICE_STORY_TEXT.showTable}
          </Button>
          <div id={tableId} className={cn(tableShown ? 'space-y-4' : 'sr-only')}>
            <StoryTables story={story} />
          </div>
        </>
      ) : null}
    </>
  );
}

const CELL = 'px-2 py-1.5 text-right tabular-nums';
const HEAD = 'px-2 py-1.5 text-right font-medium';

function StoryTables({ story }: { story: PriceStoryData }) {
  const { columns } = PRICE_STORY_TEXT;
  return (
    <>
      {story.points.length > 0 ? (
        <div>
          <table className="w-full text-sm">
            <caption className="pb-1 text-left font-medium">{PRICE_STORY_TEXT.listingsCaption}</caption>
            <thead className="border-b border-border text-muted-foreground">
              <tr>
                <th scope="col" className={HEAD}>
                  {columns.allIn}
                </th>
                <th scope="col" className={HEAD}>
                  {columns.originalPrice}
                </th>
                <th scope="col" className={HEAD}>
                  {columns.difference}
                </th>
              </tr>
            </thead>
            <tbody>
              {story.points.map((point) => (
                <tr key={point.listingId} className="border-b border-border last:border-0">
                  <td className={CELL}>{formatDollars(point.perTicketAllIn)}</td>
                  <td className={CELL}>{formatDollars(point.originalPricePerTicket)}</td>
                  <td className={CELL}>{differenceOf(point) ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {story.soldDays.length > 0 ? (
        <div>
          <table className="w-full text-sm">
            <caption className="pb-1 text-left font-medium">{PRICE_STORY_TEXT.soldCaption}</caption>
            <thead className="border-b border-border text-muted-foreground">
              <tr>
                <th scope="col" className={cn(HEAD, 'text-left')}>
                  {columns.day}
                </th>
                <th scope="col" className={HEAD}>
                  {columns.median}
                </th>
                <th scope="col" className={HEAD}>
                  {columns.sales}
                </th>
              </tr>
            </thead>
            <tbody>
              {story.soldDays.map((day) => (
                <tr key={day.day} className="border-b border-border last:border-0">
                  <th scope="row" className={cn(CELL, 'text-left font-normal')}>
                    {formatEventDate(day.day)}
                  </th>
                  <td className={CELL}>{formatDollars(day.medianPerTicketAllIn)}</td>
                  <td className={CELL}>{day.sales}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
