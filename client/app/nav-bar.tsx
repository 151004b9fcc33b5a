import { Button } from '@client/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@client/components/ui/sheet';
import { type NotificationCounts, useNotificationCounts } from '@client/features/notifications/api';
import { cn } from '@client/lib/cn';
import { SHELL_TEXT } from '@common/messages';
import type { CurrentUser } from '@common/schemas/users';
import { LogOut, Menu } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { BrandLogo } from './brand-logo';
import { type NavBadge, type NavLink, navLinksFor } from './nav-links';
import { useSignOut } from './use-sign-out';

const BADGE_DESCRIPTION: Record<NavBadge, string> = {
  pendingTransfers: 'pending transfers',
  pendingReviews: 'pending reviews',
  unreadAdminMessages: 'unread support messages',
};

function CountBadge({ count, description }: { count: number; description: string }) {
  if (count <= 0) return null;
  // The spaces keep the link's accessible name readable: 'My Tickets 2 pending transfers'.
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

function NavItem({
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

function UserAvatar({ username }: { username: string }) {
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

/** The signed-in navigation bar: a desktop row, and a slide-out menu below 1280 px (spec 000 §2). */
export function NavBar({ user }: { user: CurrentUser }) {
  const counts = useNotificationCounts();
  const links = navLinksFor(user.role);
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-border bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLogo />
        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center gap-0.5">
            {links.map((link) => (
              <li key={link.to}>
                <NavItem link={link} counts={counts} layout="row" />
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <UserAvatar username={user.username} />
          <Button
            variant="outline"
            size="sm"
            className="hidden xl:inline-flex"
            onClick={signOut.run}
            disabled={signOut.pending}
          >
            <LogOut aria-hidden />
            {SHELL_TEXT.signOut}
          </Button>
          <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
            <SheetTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="relative xl:hidden"
                aria-label={counts.total > 0 ? `Open menu, ${counts.total} notifications` : 'Open menu'}
              >
                <Menu aria-hidden className="!size-6" />
                {counts.total > 0 ? (
                  <span
                    data-testid="menu-badge"
                    aria-hidden
                    className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-accent px-1 py-0.5 text-[11px] font-bold leading-none text-white ring-2 ring-surface"
                  >
                    {counts.total > 99 ? '99+' : counts.total}
                  </span>
                ) : null}
              </Button>
            </SheetTrigger>
            <SheetContent aria-describedby={undefined}>
              <div className="flex items-center gap-3 border-b border-border px-5 py-4 pr-14">
                <UserAvatar username={user.username} />
                <div className="min-w-0">
                  <SheetTitle className="truncate text-base font-semibold">{user.username}</SheetTitle>
                  <SheetDescription className="text-xs text-muted-foreground">Menu</SheetDescription>
                </div>
              </div>
              <nav aria-label="Main" className="flex-1 px-3 py-3">
                <ul className="flex flex-col gap-1">
                  {links.map((link) => (
                    <li key={link.to}>
                      <NavItem link={link} counts={counts} layout="sheet" onNavigate={closeMenu} />
                    </li>
                  ))}
                </ul>
              </nav>
              <div className="border-t border-border p-4">
                <Button
                  variant="outline"
                  className="w-full"
                  onClick={() => {
                    closeMenu();
                    signOut.run();
                  }}
                  disabled={signOut.pending}
                >
                  <LogOut aria-hidden />
                  {SHELL_TEXT.signOut}
                </Button>
              </div>
            </SheetContent>
          </Sheet>
        </div>
      </div>
    </header>
  );
}

/** The compact bar visitors see: the wordmark, 'Sign In' and 'Sign Up'. */
export function VisitorTopBar() {
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-border bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <BrandLogo />
        <nav aria-label="Account" className="flex items-center gap-2">
          <Button asChild variant="ghost" size="sm" className="h-9 px-3 text-sm">
            <Link to="/login">{SHELL_TEXT.signIn}</Link>
          </Button>
          <Button asChild size="sm" className="h-9 px-4 text-sm">
            <Link to="/signup">{SHELL_TEXT.signUp}</Link>
          </Button>
        </nav>
      </div>
    </header>
  );
}
