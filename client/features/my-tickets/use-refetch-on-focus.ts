import { useEffect, useRef } from 'react';

/** Calls `refetch` whenever the window regains focus or the tab becomes visible (spec 001 §4). */
export function useRefetchOnFocus(refetch: () => unknown): void {
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    const onFocus = () => latest.current();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') latest.current();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}
