import { apiFetch, getJson } from '@client/lib/api';
import type { GoogleWalletSave, Wallets } from '@common/schemas/wallet';
import { queryOptions, useMutation } from '@tanstack/react-query';

/** The wallets' query key. */
export const WALLET_KEY = ['wallet'] as const;

/** GET /api/wallets: the wallets this Encore is set up for, asked once for every card of the page. */
export const walletsQueryOptions = queryOptions({
  queryKey: WALLET_KEY,
  queryFn: () => getJson<Wallets>('/api/wallets'),
  // Settings change only with a restart of the server.
  staleTime: Number.POSITIVE_INFINITY,
});

/** Hands a downloaded file to the browser under `fileName`. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
}

/** The file name the server gave (Content-Disposition), else `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/** GET /api/tickets/{id}/calendar.ics, saved as encore-ticket-{id}.ics. */
export function useDownloadCalendar(ticketId: number) {
  return useMutation({
    mutationFn: async () => {
      const response = await apiFetch(`/api/tickets/${ticketId}/calendar.ics`);
      saveFile(await response.blob(), fileNameOf(response, `encore-ticket-${ticketId}.ics`));
    },
  });
}

/** GET /api/tickets/{id}/wallet/apple: the signed .pkpass (or .pkpasses), which the phone opens in Wallet. */
export function useAppleWalletPass(ticketId: number) {
  return useMutation({
    mutationFn: async () => {
      const response = await apiFetch(`/api/tickets/${ticketId}/wallet/apple`);
      saveFile(await response.blob(), fileNameOf(response, `encore-ticket-${ticketId}.pkpass`));
    },
  });
}

/** GET /api/tickets/{id}/wallet/google, then Google's save page in this tab. */
export function useGoogleWalletSave(ticketId: number, open: (url: string) => void) {
  return useMutation({
    mutationFn: async () => {
      const { saveUrl } = await getJson<GoogleWalletSave>(`/api/tickets/${ticketId}/wallet/google`);
      open(saveUrl);
    },
  });
}
