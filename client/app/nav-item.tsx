import type { NotificationCounts } from '@client/features/notifications/api';
import { cn } from '@client/lib/cn';
import { NavLink as RouterNavLink } from 'react-router';
import type { NavBadge, NavLink } from './nav-links';

const BADGE_DESCRIPTION: Record<NavBadge, string> = {
  myTickets: 'pending transfers and unread messages',
  pendingReviews: 'pending reviews',
  unreadAdminMessages: 'unread support messages',
  matchedPriceAlerts: 'price alerts at your price',
};

function CountBadge({ count, description }: { count: number; description: string }) {
  if (count <= 0) return null;
  // The spaces keep the link's accessible name readable: 'Reviews 2 pending reviews'.
  return (
    <>
      {' '}
      <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1.5 py-0.5 text-[11px] font-bold leading-none text-white">
        {count > 99 ? '99+' : count}
      </span>{' '}
      <span className="sr-only">{description}</span>
    </>
  );
}

export function NavItem({
  link,
  counts,
  layout,
  onNavigate,
}: {
  link: NavLink;
  counts: NotificationCounts;
  layout: 'row' | 'sheet';
  onNavigate?: () => void;
}) {
  return (
    <RouterNavLink
      to={link.to}
      end={link.to === '/'}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-2 rounded-md font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring',
          layout === 'row' ? 'px-2.5 py-2 text-sm' : 'justify-between px-3 py-3 text-base',
          isActive
            ? 'bg-primary-soft text-primary'
            : 'text-muted-foreground hover:bg-muted hover:text-foreground',
        )
      }
    >
      {link.label}
      {link.badge ? (
        <CountBadge count={counts[link.badge]} description={BADGE_DESCRIPTION[link.badge]} />
      ) : null}
    </RouterNavLink>
  );
}

export function UserAvatar({ username }: { username: string }) {
  return (
    <span
      role="img"
      aria-label={`Signed in as ${username}`}
      title={username}
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-bold uppercase text-primary"
    >
      {username.slice(0, 1)}
    </span>
  );
}
