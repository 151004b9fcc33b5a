/** Spec 000 §3 'Browser-local state': one flag disables the tour, one marks it completed. */
export const TOUR_DISABLED_KEY = 'encore.tour.disabled';
export const TOUR_COMPLETED_KEY = 'encore.tour.completed';

export function isTourDisabled(): boolean {
  return localStorage.getItem(TOUR_DISABLED_KEY) === 'true';
}
export function disableTour(): void {
  localStorage.setItem(TOUR_DISABLED_KEY, 'true');
}
export function markTourCompleted(): void {
  localStorage.setItem(TOUR_COMPLETED_KEY, 'true');
}
