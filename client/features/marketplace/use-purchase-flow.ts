import { toast } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { BUYING_TEXT } from '@common/messages';
import { type LockConflict, lockConflictSchema } from '@common/schemas/checkout';
import type { TicketDetails } from '@common/schemas/tickets';
import type { SplitRule } from '@common/splits';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  extendHold,
  lockTicket,
  marketplaceKeys,
  serverMessage,
  startPayment,
  ticketQueryOptions,
  unlockTicket,
  unlockTicketOnLeave,
} from './api';
import { clearPurchase, storePurchase } from './purchase-flags';

/** Spec 000 §9: closing or leaving within 5 s of a payment redirect keeps the hold for the checkout. */
export const REDIRECT_GRACE_MS = 5_000;

function withinGrace(redirectStartedAt: number): boolean {
  return Date.now() - redirectStartedAt < REDIRECT_GRACE_MS;
}

export interface Hold {
  /** The listing the buyer opened. */
  listingId: number;
  /** The ticket held: the listing, or the part of it carved for this buyer (decision 0062). */
  ticket: TicketDetails;
  /** The tickets the buyer may choose from: what the listing has left, with the ones they hold. */
  available: number;
  splitRule: SplitRule;
  version: number;
  expiresAt: string;
  extensionsLeft: number;
}

/** Why a ticket could not be opened, for anything but someone else's hold: the listing and its way forward. */
export interface Unavailable extends LockConflict {
  listingId: number;
}

/** The 409's body as the lock describes it, or null when it is not one. */
function lockConflictOf(error: ApiError): LockConflict | null {
  const parsed = lockConflictSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

export type CloseReason = 'closed' | 'expired' | 'lost';

/** Sends the browser to the hosted checkout (its own function so tests can watch it). */
export const redirectTo = { assign: (url: string) => window.location.assign(url) };

/**
 * The hold and purchase of spec 000 §4 steps 1-5: lock on 'View Details', extend on request, unlock on
 * close, expiry, a lost hold or page leave (except within 5 s of a payment redirect), and the payment call.
 */
export function usePurchaseFlow() {
  const queryClient = useQueryClient();
  const [hold, setHold] = useState<Hold | null>(null);
  const [openingId, setOpeningId] = useState<number | null>(null);
  const [extending, setExtending] = useState(false);
  const [resizing, setResizing] = useState(false);
  const [paying, setPaying] = useState(false);
  const [unavailable, setUnavailable] = useState<Unavailable | null>(null);
  const redirectStartedAt = useRef(0);
  const heldId = useRef<number | null>(null);
  heldId.current = hold?.ticket.id ?? null;

  /** Holds `wanted` of the listing (all of it without) and reads what is held, and what is left. */
  const holdOf = useCallback(
    async (listingId: number, wanted?: number): Promise<Hold> => {
      const lock = await lockTicket(listingId, wanted);
      const [ticket, listing] = await Promise.all([
        queryClient.fetchQuery(ticketQueryOptions(lock.ticketId)),
        lock.ticketId === listingId ? null : queryClient.fetchQuery(ticketQueryOptions(listingId)),
      ]);
      return {
        listingId,
        ticket,
        available: ticket.quantity + (listing?.sold === false ? listing.quantity : 0),
        splitRule: listing?.splitRule ?? ticket.splitRule,
        version: lock.version,
        expiresAt: lock.expiresAt,
        extensionsLeft: lock.extensionsLeft,
      };
    },
    [queryClient],
  );

  const open = useCallback(
    async (ticketId: number, wanted?: number) => {
      setOpeningId(ticketId);
      setUnavailable(null);
      try {
        setHold(await holdOf(ticketId, wanted));
      } catch (error) {
        const conflict = error instanceof ApiError && error.status === 409 ? lockConflictOf(error) : null;
        // Only someone else's hold is the spec's text; every other reason is the server's own (issue 43).
        if (conflict && conflict.code !== undefined && conflict.code !== 'held')
          setUnavailable({ ...conflict, listingId: ticketId });
        else if (conflict)
          toast({
            title: BUYING_TEXT.ticketUnavailableTitle,
            description: BUYING_TEXT.ticketUnavailable,
            variant: 'destructive',
          });
        else
          toast({
            title: BUYING_TEXT.errorTitle,
            description: serverMessage(error, BUYING_TEXT.lockFailed),
            variant: 'destructive',
          });
        void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all });
      } finally {
        setOpeningId(null);
      }
    },
    [queryClient, holdOf],
  );

  /** The buyer picks another quantity in the dialog: the server resizes their hold (decision 0062). */
  const changeQuantity = useCallback(
    async (wanted: number) => {
      const current = hold;
      if (!current || wanted === current.ticket.quantity) return;
      setResizing(true);
      try {
        setHold(await holdOf(current.listingId, wanted));
      } catch (error) {
        toast({
          title: BUYING_TEXT.errorTitle,
          description: serverMessage(error, BUYING_TEXT.lockFailed),
          variant: 'destructive',
        });
      } finally {
        setResizing(false);
      }
    },
    [hold, holdOf],
  );

  const release = useCallback(
    async (ticketId: number) => {
      try {
        await unlockTicket(ticketId);
      } catch {
        toast({
          title: BUYING_TEXT.errorTitle,
          description: BUYING_TEXT.unlockFailed,
          variant: 'destructive',
        });
      }
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all });
    },
    [queryClient],
  );

  const close = useCallback(
    (reason: CloseReason = 'closed') => {
      const ticketId = heldId.current;
      setHold(null);
      if (ticketId === null || withinGrace(redirectStartedAt.current)) return;
      if (reason === 'expired') toast({ title: BUYING_TEXT.holdExpired });
      if (reason === 'lost') toast({ title: BUYING_TEXT.holdLost });
      void release(ticketId);
    },
    [release],
  );

  const extend = useCallback(async () => {
    const ticketId = heldId.current;
    if (ticketId === null) return;
    setExtending(true);
    try {
      const lock = await extendHold(ticketId);
      setHold((current) =>
        current && current.ticket.id === ticketId
          ? {
              ...current,
              version: lock.version,
              expiresAt: lock.expiresAt,
              extensionsLeft: lock.extensionsLeft,
            }
          : current,
      );
      toast({ title: BUYING_TEXT.holdExtended });
    } catch (error) {
      toast({
        title: BUYING_TEXT.errorTitle,
        description: serverMessage(error, BUYING_TEXT.lockFailed),
        variant: 'destructive',
      });
    } finally {
      setExtending(false);
    }
  }, []);

  /** Step 5: store the purchase flags, ask for the checkout and go there. */
  const pay = useCallback(async () => {
    if (!hold) return;
    const { ticket, version } = hold;
    setPaying(true);
    storePurchase({ ticketId: ticket.id, amount: ticket.buyerPays, version, startedAt: Date.now() });
    try {
      const payment = await startPayment(ticket.id, ticket.buyerPays, version);
      if (!payment?.url) throw new Error(BUYING_TEXT.noPaymentUrl);
      redirectStartedAt.current = Date.now();
      redirectTo.assign(payment.url);
    } catch (error) {
      const message =
        error instanceof ApiError
          ? (error.serverMessage ?? BUYING_TEXT.paymentSetupFailed)
          : error instanceof Error && error.message
            ? error.message
            : BUYING_TEXT.paymentSetupFailed;
      clearPurchase(ticket.id);
      setHold(null);
      toast({
        title: BUYING_TEXT.paymentSetupFailedTitle,
        description: message,
        variant: 'destructive',
        duration: 5_000,
      });
      setPaying(false);
      void release(ticket.id);
    }
  }, [hold, release]);

  // Leaving the page (or the route) releases the hold, unless the checkout redirect just began.
  useEffect(() => {
    const onPageHide = () => {
      const ticketId = heldId.current;
      if (ticketId !== null && !withinGrace(redirectStartedAt.current)) unlockTicketOnLeave(ticketId);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      onPageHide();
    };
  }, []);

  const dismissUnavailable = useCallback(() => setUnavailable(null), []);

  return {
    hold,
    openingId,
    extending,
    resizing,
    paying,
    unavailable,
    open,
    close,
    extend,
    changeQuantity,
    pay,
    dismissUnavailable,
  };
}
