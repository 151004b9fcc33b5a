import { Button } from '@client/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@client/components/ui/sheet';
import type { NotificationCounts } from '@client/features/notifications/api';
import { SHELL_TEXT } from '@common/messages';
import { LogOut } from 'lucide-react';
import { type RefObject, useRef } from 'react';
import { NavItem, UserAvatar } from './nav-item';
import type { NavLink } from './nav-links';

export interface NavMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  username: string;
  links: NavLink[];
  counts: NotificationCounts;
  signOut: { run: () => void; pending: boolean };
  /** The menu button: focus goes back there when the menu closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}

/**
 * The slide-out menu below 1280 px (spec 000 §2). It is a module of its own so that the dialog code
 * loads after the first paint; the menu button stays in the bar.
 */
export function NavMenu({ open, onOpenChange, username, links, counts, signOut, trigger }: NavMenuProps) {
  const closeMenu = () => onOpenChange(false);
  const linkList = useRef<HTMLUListElement | null>(null);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        aria-describedby={undefined}
        onOpenAutoFocus={(event) => {
          // Focus starts on the first item, never on Sign Out, where the next Enter would sign the user out.
          const first = linkList.current?.querySelector<HTMLElement>('a[href]');
          if (!first) return;
          event.preventDefault();
          first.focus();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <div className="flex items-center gap-3 border-b border-border px-5 py-4 pr-14">
          <UserAvatar username={username} />
          <div className="min-w-0">
            <SheetTitle className="truncate text-base font-semibold">{username}</SheetTitle>
            <SheetDescription className="text-xs text-muted-foreground">Menu</SheetDescription>
          </div>
        </div>
        <nav aria-label="Main" className="flex-1 px-3 py-3">
          <ul ref={linkList} className="flex flex-col gap-1">
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
  );
}
