import { formatDollars } from '@client/lib/format';
import { EVENT_PAGE_MAX_QUANTITY, type EventPageFilters } from '@common/event-page';
import { EVENT_SCREEN_TEXT } from '@common/texts/event-page';
import { FIND_OTHER_TICKETS_TEXT } from '@common/texts/promise';
import { SELLER_TRUST_TEXT } from '@common/texts/verified-sellers';
import { type Ref, useId } from 'react';

const SELECT =
  'h-10 w-full rounded-md border border-input bg-surface px-3 text-base md:text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1';

/** The orders besides the default, cheapest first (decision 0093). */
const SORT_OPTIONS: [NonNullable<EventPageFilters['sort']>, string][] = [
  ['price_desc', EVENT_SCREEN_TEXT.sortDearest],
  ['section', EVENT_SCREEN_TEXT.sortSection],
  ['quantity', EVENT_SCREEN_TEXT.sortQuantity],
  ['vs_original', EVENT_SCREEN_TEXT.sortVsOriginal],
];

const QUANTITIES = Array.from({ length: EVENT_PAGE_MAX_QUANTITY }, (_, index) => index + 1);

interface ListingFiltersProps {
  filters: EventPageFilters;
  sections: string[];
  onChange: (filters: EventPageFilters) => void;
  /** The first filter, for focus to return to once the filters are cleared. */
  firstFilterRef?: Ref<HTMLSelectElement>;
}

/** How many tickets, which section, which delivery: native selects, usable before the app takes over. */
export function ListingFilters({ filters, sections, onChange, firstFilterRef }: ListingFiltersProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
      {filters.maxPrice !== undefined ? (
        <MaxPriceNote
          maxPrice={filters.maxPrice}
          onClear={() => onChange({ ...filters, maxPrice: undefined })}
        />
      ) : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-quantity`} className="text-sm font-medium">
            {EVENT_SCREEN_TEXT.quantityLabel}
          </label>
          <select
            ref={firstFilterRef}
            id={`${id}-quantity`}
            className={SELECT}
            value={filters.quantity ?? ''}
            onChange={(event) =>
              onChange({ ...filters, quantity: event.target.value ? Number(event.target.value) : undefined })
            }
          >
            <option value="">{EVENT_SCREEN_TEXT.anyQuantity}</option>
            {QUANTITIES.map((quantity) => (
              <option key={quantity} value={quantity}>
                {EVENT_SCREEN_TEXT.ticketsOf(quantity)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-section`} className="text-sm font-medium">
            {EVENT_SCREEN_TEXT.sectionLabel}
          </label>
          <select
            id={`${id}-section`}
            className={SELECT}
            value={filters.section ?? ''}
            onChange={(event) => onChange({ ...filters, section: event.target.value || undefined })}
          >
            <option value="">{EVENT_SCREEN_TEXT.allSections}</option>
            {/* A section chosen in a shared link stays offered even once nothing is listed in it. */}
            {[...new Set([...(filters.section ? [filters.section] : []), ...sections])].map((section) => (
              <option key={section} value={section}>
                {section}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-delivery`} className="text-sm font-medium">
            {EVENT_SCREEN_TEXT.deliveryLabel}
          </label>
          <select
            id={`${id}-delivery`}
            className={SELECT}
            value={filters.delivery ?? ''}
            onChange={(event) =>
              onChange({
                ...filters,
                delivery: event.target.value === '' ? undefined : (event.target.value as 'digital' | 'paper'),
              })
            }
          >
            <option value="">{EVENT_SCREEN_TEXT.anyDelivery}</option>
            <option value="digital">{EVENT_SCREEN_TEXT.digital}</option>
            <option value="paper">{EVENT_SCREEN_TEXT.paper}</option>
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-sort`} className="text-sm font-medium">
            {EVENT_SCREEN_TEXT.sortLabel}
          </label>
          <select
            id={`${id}-sort`}
            className={SELECT}
            value={filters.sort ?? ''}
            onChange={(event) =>
              onChange({ ...filters, sort: SORT_OPTIONS.find(([sort]) => sort === event.target.value)?.[0] })
            }
          >
            <option value="">{EVENT_SCREEN_TEXT.sortCheapest}</option>
            {SORT_OPTIONS.map(([sort, label]) => (
              <option key={sort} value={sort}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={filters.verified === 'true'}
            onChange={(event) =>
              onChange({ ...filters, verified: event.target.checked ? 'true' : undefined })
            }
          />
          {SELLER_TRUST_TEXT.verifiedOnly}
        </label>
      </div>
    </div>
  );
}

/** The price limit a "Find other tickets" link set (decision 0087), with the way to see every price. */
function MaxPriceNote({ maxPrice, onClear }: { maxPrice: number; onClear: () => void }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span>{FIND_OTHER_TICKETS_TEXT.upTo(formatDollars(maxPrice))}</span>
      <button
        type="button"
        className="font-medium text-primary underline underline-offset-4 hover:no-underline"
        onClick={onClear}
      >
        {FIND_OTHER_TICKETS_TEXT.showAll}
      </button>
    </p>
  );
}
