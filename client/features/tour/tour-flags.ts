/**
 * Spec 000 §3 'Browser-local state': one flag disables the tour, one marks it completed. Both are kept per
 * user (two people may share a browser) and either one stops the welcome prompt (decision 0030).
 */
export const tourDisabledKey = (userId: number) => `encore.tour.disabled.${userId}`;
export const tourCompletedKey = (userId: number) => `encore.tour.completed.${userId}`;
/** The browser-wide flag earlier versions set: a browser that opted out before stays opted out. */
export const BROWSER_TOUR_DISABLED_KEY = 'encore.tour.disabled';

const isSet = (key: string) => localStorage.getItem(key) === 'true';

/** The welcome prompt is offered until the user finishes or skips the tour, or asks not to see it again. */
export function shouldOfferTour(userId: number): boolean {
  return !(
    isSet(BROWSER_TOUR_DISABLED_KEY) ||
    isSet(tourDisabledKey(userId)) ||
    isSet(tourCompletedKey(userId))
  );
}
export function disableTour(userId: number): void {
  localStorage.setItem(tourDisabledKey(userId), 'true');
}
export function markTourCompleted(userId: number): void {
  localStorage.setItem(tourCompletedKey(userId), 'true');
}
