import { Button } from '@client/components/ui/button';
import { useNotificationCounts } from '@client/features/notifications/api';
import { SHELL_TEXT } from '@common/messages';
import type { CurrentUser } from '@common/schemas/users';
import { LogOut, Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from './brand-logo';
import { NavItem, UserAvatar } from './nav-item';
import { navLinksFor } from './nav-links';
import { useSignOut } from './use-sign-out';

// The dialog code loads once the bar is on screen, not with the first paint.
const NavMenu = lazy(() => import('./nav-menu').then((module) => ({ default: module.NavMenu })));

/** The signed-in navigation bar: a desktop row, and a slide-out menu below 1280 px (spec 000 §2). */
export function NavBar({ user }: { user: CurrentUser }) {
  const counts = useNotificationCounts();
  const links = navLinksFor(user.role);
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

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
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="relative xl:hidden"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-label={counts.total > 0 ? `Open menu, ${counts.total} notifications` : 'Open menu'}
            onClick={() => setMenuOpen(true)}
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
          <Suspense fallback={null}>
            <NavMenu
              open={menuOpen}
              onOpenChange={setMenuOpen}
              username={user.username}
              links={links}
              counts={counts}
              signOut={signOut}
              trigger={menuButton}
            />
          </Suspense>
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
