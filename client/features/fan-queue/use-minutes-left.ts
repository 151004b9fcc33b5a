import { useEffect, useRef, useState } from 'react';

/** How often the minutes left are worked out again: often enough that a minute is never shown late. */
const TICK_MS = 5_000;

/** Whole minutes until `expiresAt`, rounded up (0 once it passed). */
export function minutesLeft(expiresAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 60_000));
}

/** The minutes an offer still holds its tickets, kept current; `onExpired` once it has lapsed. */
export function useMinutesLeft(expiresAt: string, onExpired?: () => void): number {
  const [left, setLeft] = useState(() => minutesLeft(expiresAt));
  const expired = useRef(onExpired);
  expired.current = onExpired;
  useEffect(() => {
    setLeft(minutesLeft(expiresAt));
    const timer = setInterval(() => {
      const next = minutesLeft(expiresAt);
      setLeft(next);
      if (next === 0) {
        clearInterval(timer);
        expired.current?.();
      }
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return left;
}
