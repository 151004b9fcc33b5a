import type { PurchaseResult } from '@common/schemas/checkout';
import type {
  MarketplaceTicket,
  MemberTicketList,
  SortCriterion,
  Suggestion,
  TicketSortBy,
} from '@common/schemas/marketplace';
import type { ListedReview } from '@common/schemas/reviews';

export type { LockResponse, PaymentResponse } from '@common/schemas/checkout';
export type { SortCriterion } from '@common/schemas/marketplace';
export { MAX_SORT_CRITERIA, TICKET_SORT_FIELDS as SORT_FIELDS } from '@common/schemas/marketplace';

export type SortBy = TicketSortBy;
export type SortField = SortCriterion['field'];
export type MarketTicket = MarketplaceTicket;
export type TicketPage = MemberTicketList;
export type SearchSuggestion = Suggestion;
export type UserReview = ListedReview;
export type PurchaseVerifyResponse = PurchaseResult;

/** The filter bar's state (spec 000 §3 'Ticket list filters'); prices in dollars as typed. */
export interface TicketFilters {
  search: string;
  sortBy: SortBy;
  sortCriteria: SortCriterion[];
  minPrice?: number;
  maxPrice?: number;
  startDate?: string;
  endDate?: string;
  /** Listings of exactly this many tickets. */
  quantity?: number;
  /** Listings of events in this city (decision 0059). */
  city?: string;
  /** Only listings priced at or below face value. */
  atOrBelowFace?: boolean;
  /** Only listings whose seller is verified (decision 0086). */
  verifiedOnly?: boolean;
  includeAll?: boolean;
}
