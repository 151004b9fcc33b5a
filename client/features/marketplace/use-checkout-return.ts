import { toast } from '@client/components/ui/toaster';
import { BUYING_TEXT } from '@common/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { marketplaceKeys, serverMessage, unlockTicket, verifyPurchase } from './api';
import { clearPurchase, readPurchase } from './purchase-flags';
import type { PurchaseVerifyResponse } from './types';

export type CheckoutReturn =
  | { state: 'idle' }
  | { state: 'verifying' }
  | { state: 'success'; message: string; purchase: PurchaseVerifyResponse };

/**
 * Spec 000 §4 step 6: back from the hosted checkout with session_id. When the stored purchase is there,
 * verify it: success opens the Purchase Successful dialog; failure unlocks and shows a toast. The stored
 * flags are cleared afterwards. Without a stored purchase (another browser, storage cleared) the result
 * page takes over with the session alone.
 */
export function useCheckoutReturn(
  sessionId: string | null,
  handlers: { onHandled: () => void; onNoStoredPurchase: (sessionId: string) => void },
) {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<CheckoutReturn>({ state: 'idle' });
  const handled = useRef<string | null>(null);
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!sessionId || handled.current === sessionId) return;
    handled.current = sessionId;
    const stored = readPurchase();
    if (!stored) {
      latest.current.onNoStoredPurchase(sessionId);
      return;
    }
    setResult({ state: 'verifying' });
    const { ticketId, amount, version } = stored;
    void (async () => {
      try {
        const verified = await verifyPurchase(sessionId, { ticketId, amount, version });
        if (verified.success) {
          setResult({
            state: 'success',
            message: verified.message || BUYING_TEXT.ticketPurchased,
            purchase: verified,
          });
        } else {
          setResult({ state: 'idle' });
          await unlockTicket(ticketId).catch(() => undefined);
          toast({
            title: BUYING_TEXT.paymentStatusTitle,
            description: verified.message || BUYING_TEXT.paymentNotCompleted,
            variant: 'destructive',
          });
        }
      } catch (error) {
        setResult({ state: 'idle' });
        await unlockTicket(ticketId).catch(() => undefined);
        toast({
          title: BUYING_TEXT.errorTitle,
          description: serverMessage(error, BUYING_TEXT.verifyFailed),
          variant: 'destructive',
        });
      } finally {
        clearPurchase(ticketId);
        void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all });
        latest.current.onHandled();
      }
    })();
  }, [sessionId, queryClient]);

  return { result, dismiss: () => setResult({ state: 'idle' }) };
}
