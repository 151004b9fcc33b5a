import { ApiError, getJson, sendForm, sendJson } from '@client/lib/api';
import type { BarcodeUploadResponse } from '@common/schemas/barcodes';
import type { ConcertSearchResult } from '@common/schemas/events';
import {
  EDIT_LOCK_HEARTBEAT_MS,
  type TicketDetails,
  type TicketSaveResponse,
  type UploadResponse,
} from '@common/schemas/tickets';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ListingFormValues, ticketFormFields } from './listing-form-values';

export const CONCERT_SEARCH_MIN_LENGTH = 3;

/** Cache keys of the listing feature; ticket keys sit under 'tickets' so saving refreshes every ticket list. */
export const listingKeys = {
  concertSearch: (query: string) => ['concerts', 'search', query] as const,
  tickets: ['tickets'] as const,
  ticket: (id: number) => ['tickets', 'detail', id] as const,
};

/** GET /api/concerts/search: stale after 1 s; a failure is only logged and the list stays empty (spec 000 §7). */
export function concertSearchQueryOptions(query: string) {
  return queryOptions({
    queryKey: listingKeys.concertSearch(query),
    queryFn: async (): Promise<ConcertSearchResult[]> => {
      try {
        return await getJson<ConcertSearchResult[]>(
          `/api/concerts/search?query=${encodeURIComponent(query)}`,
        );
      } catch (error) {
        console.warn('Concert search failed', error);
        return [];
      }
    },
    staleTime: 1_000,
    enabled: query.length >= CONCERT_SEARCH_MIN_LENGTH,
  });
}

export function useConcertSearch(query: string) {
  return useQuery(concertSearchQueryOptions(query));
}

export function ticketQueryOptions(id: number) {
  return queryOptions({
    queryKey: listingKeys.ticket(id),
    queryFn: () => getJson<TicketDetails>(`/api/tickets/${id}`),
  });
}

/** The same ticket read again from the server, whatever the cache holds. */
export function freshTicketQueryOptions(id: number) {
  return { ...ticketQueryOptions(id), staleTime: 0 };
}

export function useTicketDetails(id: number | null) {
  return useQuery({ ...ticketQueryOptions(id ?? 0), enabled: id !== null });
}

export function uploadTicketImage(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.append('image', file);
  return sendForm<UploadResponse>('POST', '/api/upload/direct', form);
}

/**
 * POST /api/tickets/barcode/upload for a listing just saved (decision 0085): the barcode chosen in the form.
 */
export function uploadListingBarcode(ticketId: number, file: File): Promise<BarcodeUploadResponse> {
  const form = new FormData();
  form.append('ticketId', String(ticketId));
  form.append('barcode', file);
  return sendForm<BarcodeUploadResponse>('POST', '/api/tickets/barcode/upload', form);
}

export function useUploadTicketImage() {
  return useMutation({ mutationFn: uploadTicketImage });
}

function formDataOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** The version a 409 answer carries, or null when the error is anything else. */
function conflictVersion(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { currentVersion?: unknown } | null;
  return typeof body?.currentVersion === 'number' ? body.currentVersion : null;
}

export interface SaveTicketInput {
  /** null creates a listing; an id updates that listing at `version`. */
  ticketId: number | null;
  version: number;
  values: ListingFormValues;
}

/**
 * Creates or updates a listing. An update sends the form's version; a 409 with currentVersion
 * means someone saved in between: adopt that version and retry once (spec 000 §4 'Listing form').
 */
export async function saveTicket({
  ticketId,
  version,
  values,
}: SaveTicketInput): Promise<TicketSaveResponse> {
  const fields = ticketFormFields(values);
  if (ticketId === null) return sendForm<TicketSaveResponse>('POST', '/api/tickets', formDataOf(fields));
  const update = (atVersion: number) =>
    sendForm<TicketSaveResponse>(
      'POST',
      `/api/tickets/${ticketId}`,
      formDataOf({ ...fields, id: String(ticketId), version: String(atVersion) }),
    );
  try {
    return await update(version);
  } catch (error) {
    const currentVersion = conflictVersion(error);
    if (currentVersion === null) throw error;
    return update(currentVersion);
  }
}

export function useSaveTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.tickets }),
  });
}

function endEdit(ticketId: number) {
  // keepalive lets the release reach the server while the page is being unloaded.
  fetch(`/api/tickets/${ticketId}/end-edit`, {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
  }).catch((error: unknown) => console.warn('Releasing the edit lock failed', error));
}

/**
 * Holds the 'editing' lock on a ticket while its editor is open: start-edit on open and as a
 * heartbeat, end-edit when the editor closes or the page goes away (spec 000 §4 'Listing form').
 */
export function useEditLock(ticketId: number | null) {
  useEffect(() => {
    if (ticketId === null) return;
    const startEdit = () =>
      sendJson('POST', `/api/tickets/${ticketId}/start-edit`).catch((error: unknown) =>
        console.warn('Taking the edit lock failed', error),
      );
    void startEdit();
    const heartbeat = window.setInterval(startEdit, EDIT_LOCK_HEARTBEAT_MS);
    const onPageHide = () => endEdit(ticketId);
    // A page restored from the back-forward cache takes the lock again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void startEdit();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.clearInterval(heartbeat);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      endEdit(ticketId);
    };
  }, [ticketId]);
}
