import type { Role } from '@common/constants';

/** Which notification count a link's badge shows (spec 000 §2 Navigation bar). */
export type NavBadge = 'myTickets' | 'pendingReviews' | 'unreadAdminMessages' | 'matchedPriceAlerts';

export interface NavLink {
  label: string;
  to: string;
  /** Only these roles see the link; every signed-in user when absent. */
  roles?: readonly Role[];
  badge?: NavBadge;
}

export const NAV_LINKS: readonly NavLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Giving Back', to: '/giving-back' },
  { label: 'List Ticket', to: '/listing' },
  { label: 'Profile', to: '/profile' },
  { label: 'My Tickets', to: '/my-tickets', badge: 'myTickets' },
  { label: 'My Bids', to: '/my-bids', badge: 'matchedPriceAlerts' },
  { label: 'Reviews', to: '/pending-reviews', badge: 'pendingReviews' },
  { label: 'Support', to: '/messages', badge: 'unreadAdminMessages' },
  { label: 'Admin', to: '/admin', roles: ['admin'] },
  { label: 'Ambassador', to: '/ambsd', roles: ['AMBSD', 'admin'] },
];

export function navLinksFor(role: Role): NavLink[] {
  return NAV_LINKS.filter((link) => !link.roles || link.roles.includes(role));
}
