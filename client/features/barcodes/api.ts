import { apiFetch, sendForm, sendJson } from '@client/lib/api';
import type { BarcodeDeleteResponse, BarcodeUploadResponse } from '@common/schemas/barcodes';
import { useMutation } from '@tanstack/react-query';

/** POST /api/tickets/barcode/upload (multipart 'barcode' and 'ticketId'). */
export function useUploadBarcode(ticketId: number) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('ticketId', String(ticketId));
      form.append('barcode', file);
      return sendForm<BarcodeUploadResponse>('POST', '/api/tickets/barcode/upload', form);
    },
  });
}

/** DELETE /api/tickets/{id}/barcode. */
export function useRemoveBarcode(ticketId: number) {
  return useMutation({
    mutationFn: () => sendJson<BarcodeDeleteResponse>('DELETE', `/api/tickets/${ticketId}/barcode`),
  });
}

export const barcodeFileName = (ticketId: number) => `ticket-${ticketId}-barcode.jpg`;

/** The barcode's image (the service worker keeps it for the member, decision 0098). */
export const barcodeDownloadPath = (ticketId: number) => `/api/tickets/${ticketId}/barcode/download`;

/** GET /api/tickets/{id}/barcode/download, saved by the browser as ticket-{id}-barcode.jpg. */
export function useDownloadBarcode(ticketId: number) {
  return useMutation({
    mutationFn: async () => {
      const response = await apiFetch(barcodeDownloadPath(ticketId));
      const url = URL.createObjectURL(await response.blob());
      try {
        const link = document.createElement('a');
        link.href = url;
        link.download = barcodeFileName(ticketId);
        document.body.append(link);
        link.click();
        link.remove();
      } finally {
        // Revoked after the click has handed the file to the browser's download.
        setTimeout(() => URL.revokeObjectURL(url), 1_000);
      }
    },
  });
}
