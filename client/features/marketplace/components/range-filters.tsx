import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@client/components/ui/popover';
import { TICKET_MAX_QUANTITY } from '@common/constants';
import { MARKET_FILTER_TEXT } from '@common/messages';
import { TICKET_CITY_MAX_LENGTH } from '@common/schemas/marketplace';
import { SELLER_TRUST_TEXT } from '@common/texts/verified-sellers';
import { SlidersHorizontal } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { MAX_FILTER_PRICE_DOLLARS } from '../filter-params';
import type { TicketFilters } from '../types';

type RangeKey = 'minPrice' | 'maxPrice' | 'startDate' | 'endDate' | 'quantity' | 'city';
export type RangeFilters = Pick<TicketFilters, RangeKey | CheckKey>;
/** The filters that are a checkbox: the original price, and verified sellers only (decision 0086). */
type CheckKey = 'atOrBelowFace' | 'verifiedOnly';
type Draft = Record<RangeKey, string> & Record<CheckKey, boolean>;
type Problems = Partial<Record<RangeKey, string>>;

const NO_RANGE_FILTERS: RangeFilters = {
  minPrice: undefined,
  maxPrice: undefined,
  startDate: undefined,
  endDate: undefined,
  quantity: undefined,
  city: undefined,
  atOrBelowFace: undefined,
  verifiedOnly: undefined,
};
const PRICE_TEXT = /^\d{1,7}(\.\d{1,2})?$/;

function draftOf(filters: RangeFilters): Draft {
  return {
    minPrice: filters.minPrice?.toString() ?? '',
    maxPrice: filters.maxPrice?.toString() ?? '',
    startDate: filters.startDate ?? '',
    endDate: filters.endDate ?? '',
    quantity: filters.quantity?.toString() ?? '',
    city: filters.city ?? '',
    atOrBelowFace: filters.atOrBelowFace ?? false,
    verifiedOnly: filters.verifiedOnly ?? false,
  };
}

/** The filters a draft asks for, or what is wrong with it field by field. */
function readDraft(draft: Draft): { filters: RangeFilters } | { problems: Problems } {
  const problems: Problems = {};
  const text = (key: RangeKey) => draft[key].trim();
  for (const key of ['minPrice', 'maxPrice'] as const)
    if (text(key) && !(PRICE_TEXT.test(text(key)) && Number(text(key)) <= MAX_FILTER_PRICE_DOLLARS))
      problems[key] = MARKET_FILTER_TEXT.priceInvalid;
  const quantity = text('quantity');
  if (
    quantity &&
    (!/^\d{1,3}$/.test(quantity) || Number(quantity) < 1 || Number(quantity) > TICKET_MAX_QUANTITY)
  )
    problems.quantity = MARKET_FILTER_TEXT.quantityInvalid;
  const minPrice = text('minPrice') ? Number(text('minPrice')) : undefined;
  const maxPrice = text('maxPrice') ? Number(text('maxPrice')) : undefined;
  if (!problems.minPrice && !problems.maxPrice && minPrice !== undefined && maxPrice !== undefined)
    if (minPrice > maxPrice) problems.maxPrice = MARKET_FILTER_TEXT.priceRange;
  if (text('city').length > TICKET_CITY_MAX_LENGTH) problems.city = MARKET_FILTER_TEXT.cityTooLong;
  const startDate = text('startDate') || undefined;
  const endDate = text('endDate') || undefined;
  if (startDate && endDate && startDate > endDate) problems.endDate = MARKET_FILTER_TEXT.dateRange;
  if (Object.keys(problems).length > 0) return { problems };
  return {
    filters: {
      minPrice,
      maxPrice,
      startDate,
      endDate,
      quantity: quantity ? Number(quantity) : undefined,
      city: text('city') || undefined,
      atOrBelowFace: draft.atOrBelowFace || undefined,
      verifiedOnly: draft.verifiedOnly || undefined,
    },
  };
}

export function activeRangeFilters(filters: RangeFilters): number {
  return [
    filters.minPrice,
    filters.maxPrice,
    filters.startDate,
    filters.endDate,
    filters.quantity,
    filters.city,
    filters.atOrBelowFace || undefined,
    filters.verifiedOnly || undefined,
  ].filter((value) => value !== undefined && value !== '').length;
}

interface FieldProps {
  id: string;
  name: RangeKey;
  label: string;
  draft: Draft;
  problems: Problems;
  onChange: (name: RangeKey, value: string) => void;
  type?: 'text' | 'date';
  inputMode?: 'decimal' | 'numeric';
  maxLength?: number;
}

function FilterField({
  id,
  name,
  label,
  draft,
  problems,
  onChange,
  type = 'text',
  inputMode,
  maxLength = 10,
}: FieldProps) {
  const problem = problems[name];
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        type={type}
        inputMode={inputMode}
        maxLength={maxLength}
        value={draft[name]}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-${name}-problem` : undefined}
        onChange={(event) => onChange(name, event.target.value)}
      />
      {problem ? (
        <p id={`${id}-${name}-problem`} className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Price per ticket (all-in, the figure on the cards), event dates and the number of tickets (spec 000 §3
 * 'Ticket list filters'), the event's city and 'at or below face value' (decision 0059), in a popover beside Advanced Sort; applied together, so a half-typed price does
 * not reload the list on every key.
 */
export function RangeFiltersPopover({
  filters,
  onApply,
}: {
  filters: RangeFilters;
  onApply: (filters: RangeFilters) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const [problems, setProblems] = useState<Problems>({});
  const active = activeRangeFilters(filters);

  const onOpenChange = (next: boolean) => {
    if (next) {
      setDraft(draftOf(filters));
      setProblems({});
    }
    setOpen(next);
  };
  const onChange = (name: RangeKey, value: string) => setDraft((current) => ({ ...current, [name]: value }));
  const onCheck = (name: CheckKey, checked: boolean) =>
    setDraft((current) => ({ ...current, [name]: checked }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const read = readDraft(draft);
    if ('problems' in read) {
      setProblems(read.problems);
      return;
    }
    onApply(read.filters);
    setOpen(false);
  };
  const reset = () => {
    onApply(NO_RANGE_FILTERS);
    setOpen(false);
  };
  const field = { id, draft, problems, onChange };

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button variant="outline" className="shrink-0">
          <SlidersHorizontal aria-hidden />
          {MARKET_FILTER_TEXT.filters}
          {active > 0 ? (
            <span className="text-primary">
              ({active}
              <span className="sr-only"> active</span>)
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        aria-label={MARKET_FILTER_TEXT.filters}
        className="w-[min(24rem,calc(100vw-2rem))]"
      >
        <form onSubmit={apply} noValidate className="flex flex-col gap-3">
          <div className="grid grid-cols-2 gap-3">
            <FilterField {...field} name="minPrice" label={MARKET_FILTER_TEXT.minPrice} inputMode="decimal" />
            <FilterField {...field} name="maxPrice" label={MARKET_FILTER_TEXT.maxPrice} inputMode="decimal" />
            <FilterField {...field} name="startDate" label={MARKET_FILTER_TEXT.startDate} type="date" />
            <FilterField {...field} name="endDate" label={MARKET_FILTER_TEXT.endDate} type="date" />
            <FilterField {...field} name="quantity" label={MARKET_FILTER_TEXT.quantity} inputMode="numeric" />
            <FilterField
              {...field}
              name="city"
              label={MARKET_FILTER_TEXT.city}
              maxLength={TICKET_CITY_MAX_LENGTH}
            />
          </div>
          {(
            [
              ['atOrBelowFace', MARKET_FILTER_TEXT.atOrBelowFace],
              ['verifiedOnly', SELLER_TRUST_TEXT.verifiedOnly],
            ] as const
          ).map(([name, label]) => (
            <div key={name} className="flex items-center gap-2">
              <Checkbox
                id={`${id}-${name}`}
                checked={draft[name]}
                onCheckedChange={(checked) => onCheck(name, checked === true)}
              />
              <Label htmlFor={`${id}-${name}`}>{label}</Label>
            </div>
          ))}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={reset}>
              {MARKET_FILTER_TEXT.reset}
            </Button>
            <Button type="submit">{MARKET_FILTER_TEXT.apply}</Button>
          </div>
        </form>
      </PopoverContent>
    </Popover>
  );
}
