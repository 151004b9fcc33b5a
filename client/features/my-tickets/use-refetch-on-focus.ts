import { useEffect, useRef } from 'react';

/**
 * Coming back to the tab fires both 'focus' and 'visibilitychange'; within this long they are one return,
 * read once (two reads would have the second cancel and repeat the first).
 */
const ONE_RETURN_MS = 1_000;

/** Calls `refetch` whenever the window regains focus or the tab becomes visible (spec 001 §4). */
export function useRefetchOnFocus(refetch: () => unknown): void {
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    let lastCall = Number.NEGATIVE_INFINITY;
    const returned = () => {
      const now = Date.now();
      if (now - lastCall < ONE_RETURN_MS) return;
      lastCall = now;
      latest.current();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') returned();
    };
    window.addEventListener('focus', returned);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', returned);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}
