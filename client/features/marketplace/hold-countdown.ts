import { HOLD_EXTEND_OFFER_MS } from '@common/schemas/checkout';

/** Remaining hold time as mm:ss (spec 000 §2, §4). */
export function formatCountdown(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Screen readers hear the remaining time only at these marks, not every second (WCAG 2.2.1, 4.1.3). */
export const ANNOUNCE_AT_SECONDS = [120, 60, 30] as const;

/** The mark just crossed when the remaining time went from `before` to `after` ms, if any. */
export function crossedMark(beforeMs: number, afterMs: number): number | null {
  for (const mark of ANNOUNCE_AT_SECONDS) {
    if (beforeMs > mark * 1000 && afterMs <= mark * 1000) return mark;
  }
  return null;
}

export function announcement(mark: number): string {
  if (mark >= 60) {
    const minutes = mark / 60;
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left on your hold. Extend it if you need more time.`;
  }
  return `${mark} seconds left on your hold. Extend it if you need more time.`;
}

/** The extend action is pressed into view once this little time is left (well before the end). */
export const EXTEND_PROMPT_MS = HOLD_EXTEND_OFFER_MS;
