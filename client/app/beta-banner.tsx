import { SHELL_TEXT } from '@common/messages';
import { Info, X } from 'lucide-react';
import { useState } from 'react';

export const BETA_BANNER_DISMISSED_KEY = 'encore.betaBannerDismissed';

function wasDismissed(): boolean {
  try {
    return window.localStorage.getItem(BETA_BANNER_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The blue beta notice for signed-in users; dismissing it is remembered in this browser. */
export function BetaBanner() {
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (dismissed) return null;

  function dismiss() {
    setDismissed(true);
    try {
      window.localStorage.setItem(BETA_BANNER_DISMISSED_KEY, 'true');
    } catch {
      // Storage can be unavailable (private mode); the banner then stays hidden for this visit only.
    }
  }

  return (
    <section aria-label="Beta notice" className="border-b border-info/20 bg-info-soft text-info">
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-2.5 text-sm sm:items-center sm:px-6">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0 sm:mt-0" />
        <p className="flex-1 leading-snug">{SHELL_TEXT.betaBanner}</p>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Dismiss beta notice"
          className="-m-1 rounded-md p-1 hover:bg-info/10 focus-visible:ring-2 focus-visible:ring-ring cursor-pointer"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
    </section>
  );
}
