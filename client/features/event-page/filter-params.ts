import { EVENT_PAGE_MAX_QUANTITY, type EventPageFilters } from '@common/event-page';

/** The filters the page's address keeps (`?quantity=2&section=Floor&delivery=digital`); a bad one is left out. */
export function filtersFromSearch(search: URLSearchParams): EventPageFilters {
  const filters: EventPageFilters = {};
  const quantity = Number(search.get('quantity'));
  if (Number.isInteger(quantity) && quantity >= 1 && quantity <= EVENT_PAGE_MAX_QUANTITY) {
    filters.quantity = quantity;
  }
  const section = search.get('section')?.trim();
  if (section && section.length <= 200) filters.section = section;
  const delivery = search.get('delivery');
  if (delivery === 'digital' || delivery === 'paper') filters.delivery = delivery;
  return filters;
}

/** `search` with `filters` in it, other parameters kept. */
export function searchWithFilters(search: URLSearchParams, filters: EventPageFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of ['quantity', 'section', 'delivery'] as const) {
    const value = filters[key];
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}
