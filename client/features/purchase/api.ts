import { ApiError, apiFetch, sendJson } from '@client/lib/api';
import type { PurchaseResult } from '@common/schemas/checkout';

/** POST /api/purchase/complete (spec 001 §7): the session id, and the ticket id as an integer if known. */
export function completePurchase(sessionId: string, ticketId: number | null): Promise<PurchaseResult> {
  return sendJson<PurchaseResult>('POST', '/api/purchase/complete', {
    sessionId,
    ...(ticketId !== null ? { ticketId } : {}),
  });
}

export interface SafariCompletion {
  ok: boolean;
  message: string;
  ticketId: number | null;
}

/**
 * POST /api/complete-purchase-safari?session_id= with no body and no caching (spec 001 §7): success
 * when the answer is OK or carries success true; otherwise its message.
 */
export async function completeSafariPurchase(sessionId: string): Promise<SafariCompletion> {
  try {
    const response = await apiFetch(
      `/api/complete-purchase-safari?session_id=${encodeURIComponent(sessionId)}`,
      {
        method: 'POST',
        cache: 'no-store',
        headers: { accept: 'application/json' },
      },
    );
    const body = (await response.json().catch(() => ({}))) as Partial<PurchaseResult>;
    const ok = body.success !== false;
    return { ok, message: body.message ?? '', ticketId: body.ticketId ?? null };
  } catch (error) {
    if (error instanceof ApiError) {
      const body = error.body as Partial<PurchaseResult> | null;
      if (body?.success === true)
        return { ok: true, message: body.message ?? '', ticketId: body.ticketId ?? null };
      return { ok: false, message: error.serverMessage ?? error.message, ticketId: null };
    }
    throw error;
  }
}

export function releaseTicket(ticketId: number): Promise<unknown> {
  return sendJson('POST', `/api/tickets/${ticketId}/unlock`);
}
