import { PRODUCT_NAME } from '@common/constants';
import { Ticket } from 'lucide-react';
import { Link } from 'react-router';

/** The Encore wordmark; links home. */
export function BrandLogo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onNavigate}
      className="flex shrink-0 items-center gap-2 rounded-md font-bold text-foreground focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex size-9 items-center justify-center rounded-lg bg-gradient-to-br from-primary to-accent text-white shadow-sm">
        <Ticket aria-hidden className="size-5 -rotate-12" />
      </span>
      <span className="text-xl tracking-tight">{PRODUCT_NAME}</span>
    </Link>
  );
}
