import { TICKET_MAX_AMOUNT_CENTS, TICKET_MAX_QUANTITY } from '@common/constants';
import {
  sortCriterionSchema,
  TICKET_CITY_MAX_LENGTH,
  TICKET_SORT_BY,
  type TicketSortBy,
} from '@common/schemas/marketplace';
import { isCalendarDate } from '@common/schemas/tickets';
import { z } from 'zod';
import type { TicketFilters } from './types';

/** The filters in the home's address, so a filtered view can be bookmarked and shared (decision 0030). */
export const DEFAULT_FILTERS: TicketFilters = { search: '', sortBy: 'date', sortCriteria: [] };

/** The most a price filter may say: the API's own bound. */
export const MAX_FILTER_PRICE_DOLLARS = (TICKET_MAX_AMOUNT_CENTS * 2) / 100;
const criteriaSchema = z.array(sortCriterionSchema).max(4);

function price(text: string | null): number | undefined {
  if (!text || !/^\d{1,7}(\.\d{1,2})?$/.test(text)) return undefined;
  const dollars = Number(text);
  return dollars <= MAX_FILTER_PRICE_DOLLARS ? dollars : undefined;
}

function date(text: string | null): string | undefined {
  return text && isCalendarDate(text) ? text : undefined;
}

function quantity(text: string | null): number | undefined {
  if (!text || !/^\d{1,3}$/.test(text)) return undefined;
  const count = Number(text);
  return count >= 1 && count <= TICKET_MAX_QUANTITY ? count : undefined;
}

function city(text: string | null): string | undefined {
  const trimmed = text?.trim() ?? '';
  return trimmed && trimmed.length <= TICKET_CITY_MAX_LENGTH ? trimmed : undefined;
}

function criteria(text: string | null): TicketFilters['sortCriteria'] {
  if (!text) return [];
  try {
    const parsed = criteriaSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The filters an address asks for; a value that is not one (typed by hand, an old link) is left out. */
export function filtersFromParams(params: URLSearchParams): TicketFilters {
  const sortBy = params.get('sortBy');
  const filters: TicketFilters = {
    search: (params.get('search') ?? '').slice(0, 100),
    sortBy: TICKET_SORT_BY.includes(sortBy as TicketSortBy) ? (sortBy as TicketSortBy) : 'date',
    sortCriteria: criteria(params.get('sortCriteria')),
  };
  const values = {
    minPrice: price(params.get('minPrice')),
    maxPrice: price(params.get('maxPrice')),
    startDate: date(params.get('startDate')),
    endDate: date(params.get('endDate')),
    quantity: quantity(params.get('quantity')),
    city: city(params.get('city')),
    atOrBelowFace: params.get('atOrBelowFace') === 'true' ? true : undefined,
    verifiedOnly: params.get('verifiedOnly') === 'true' ? true : undefined,
  };
  for (const [key, value] of Object.entries(values))
    if (value !== undefined) Object.assign(filters, { [key]: value });
  return filters;
}

/** The address's query for `filters`: only what differs from the defaults. */
export function filtersToParams(filters: TicketFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.sortBy !== DEFAULT_FILTERS.sortBy) params.set('sortBy', filters.sortBy);
  if (filters.sortCriteria.length > 0) params.set('sortCriteria', JSON.stringify(filters.sortCriteria));
  if (filters.minPrice !== undefined) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice));
  if (filters.startDate) params.set('startDate', filters.startDate);
  if (filters.endDate) params.set('endDate', filters.endDate);
  if (filters.quantity !== undefined) params.set('quantity', String(filters.quantity));
  if (filters.city?.trim()) params.set('city', filters.city.trim());
  if (filters.atOrBelowFace) params.set('atOrBelowFace', 'true');
  if (filters.verifiedOnly) params.set('verifiedOnly', 'true');
  return params;
}

/** Whether `next` differs from `current` in the search text alone (someone typing on). */
export function onlySearchChanged(current: TicketFilters, next: TicketFilters): boolean {
  const rest = (filters: TicketFilters) => {
    const params = filtersToParams(filters);
    params.delete('search');
    return params.toString();
  };
  return current.search.trim() !== next.search.trim() && rest(current) === rest(next);
}
