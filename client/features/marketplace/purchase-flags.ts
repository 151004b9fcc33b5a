/**
 * The browser-local in-progress purchase (spec 000 §3): ticket id, amount, version, start time and a
 * per-ticket purchasing flag. Written before the redirect to the hosted checkout, read on return.
 */
export const PURCHASE_STATE_KEY = 'encore.purchaseInProgress';
const PURCHASING_PREFIX = 'encore.purchasing.';

export interface PurchaseInProgress {
  ticketId: number;
  amount: number;
  version: number;
  startedAt: number;
}

export function storePurchase(purchase: PurchaseInProgress): void {
  localStorage.setItem(PURCHASE_STATE_KEY, JSON.stringify(purchase));
  localStorage.setItem(`${PURCHASING_PREFIX}${purchase.ticketId}`, 'true');
}

export function readPurchase(): PurchaseInProgress | null {
  const text = localStorage.getItem(PURCHASE_STATE_KEY);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<PurchaseInProgress>;
    if (
      Number.isInteger(value.ticketId) &&
      typeof value.amount === 'number' &&
      Number.isInteger(value.version) &&
      typeof value.startedAt === 'number'
    )
      return value as PurchaseInProgress;
  } catch {
    // a damaged entry counts as none
  }
  return null;
}

export function isPurchasing(ticketId: number): boolean {
  return localStorage.getItem(`${PURCHASING_PREFIX}${ticketId}`) === 'true';
}

export function clearPurchase(ticketId?: number): void {
  const stored = readPurchase();
  localStorage.removeItem(PURCHASE_STATE_KEY);
  for (const id of new Set([ticketId, stored?.ticketId])) {
    if (id !== undefined) localStorage.removeItem(`${PURCHASING_PREFIX}${id}`);
  }
}
