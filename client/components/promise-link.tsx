import { PROMISE_TEXT } from '@common/texts/promise';
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';

/**
 * "Protected by the Encore Promise" (decision 0087), linking its page. In the purchase dialog it opens in
 * a new tab, as the terms do, so the buyer's hold stays where it is.
 */
export function PromiseLink({ newTab = false, className = '' }: { newTab?: boolean; className?: string }) {
  return (
    <p className={`flex items-center gap-1.5 text-sm ${className}`}>
      <ShieldCheck aria-hidden className="size-4 shrink-0 text-primary" />
      <Link
        to="/promise"
        {...(newTab ? { target: '_blank' } : {})}
        className="text-primary underline underline-offset-4 hover:no-underline"
      >
        {PROMISE_TEXT.coveredBy}
      </Link>
    </p>
  );
}
