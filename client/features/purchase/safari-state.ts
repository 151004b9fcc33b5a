/** Spec 001 §4: the Safari result page keeps the session id, ticket id and a timestamp in local storage. */
export const SAFARI_PURCHASE_KEY = 'encore.safariPurchase';
/** Spec 001 §9: cleared 10 s after a settled result (or on redirect). */
export const SAFARI_CLEANUP_MS = 10_000;
export const SAFARI_REDIRECT_SECONDS = 5;

export interface SafariPurchase {
  sessionId: string;
  ticketId: number | null;
  savedAt: number;
}

export function saveSafariPurchase(purchase: SafariPurchase): void {
  localStorage.setItem(SAFARI_PURCHASE_KEY, JSON.stringify(purchase));
}

export function readSafariPurchase(): SafariPurchase | null {
  const text = localStorage.getItem(SAFARI_PURCHASE_KEY);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<SafariPurchase>;
    return typeof value.sessionId === 'string' && value.sessionId
      ? { sessionId: value.sessionId, ticketId: value.ticketId ?? null, savedAt: value.savedAt ?? 0 }
      : null;
  } catch {
    return null;
  }
}

export function clearSafariPurchase(): void {
  localStorage.removeItem(SAFARI_PURCHASE_KEY);
}
