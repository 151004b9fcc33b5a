/**
 * A barcode is sold only once (issue 44 item 3, decision 0085): what sellers, buyers and admins read about
 * the barcodes decoded on upload.
 */
export const BARCODE_CHECK_TEXT = {
  /** The buyer's mark on a card and in the ticket's details. */
  mark: 'Barcode checked: not listed anywhere else on Encore',
  // The seller, after an upload.
  checked: (count: number) =>
    count === 1
      ? 'Barcode checked: not listed anywhere else on Encore. Buyers see the mark on this listing.'
      : `${count} barcodes checked: none is listed anywhere else on Encore. Buyers see the mark on this listing.`,
  someChecked: (found: number, quantity: number) =>
    `${found} of ${quantity} barcodes read. Upload a file that shows every ticket's barcode to earn the Barcode checked mark.`,
  noneFound:
    'No barcode could be read from this file. It was kept for the buyer, but the listing does not carry the Barcode checked mark.',
  // Refusals.
  cancelled: 'This listing was cancelled; its barcode can no longer be changed',
  duplicate:
    'This barcode is already on another live listing or sale on Encore, so it cannot be listed again. Our team has been told. If the ticket is yours, contact support.',
  tooManyPages: 'This PDF has too many pages: upload an e-ticket of at most 10 pages.',
  tooLargeToDecode:
    'This file is too large to read: an image may have at most 50 megapixels, and a PDF’s pictures no more than a photo’s.',
  unreadablePdf:
    'This PDF could not be read. Upload the e-ticket as the ticket seller sent it, or a photo of it.',
  tooSlow: 'This file took too long to read. Upload a simpler file, such as a photo of the ticket.',
  // The seller's form.
  listingLabel: 'Barcode (optional)',
  listingHint:
    'Paper or PDF ticket? Upload its barcode (a photo or the PDF e-ticket) to earn the Barcode checked mark. Only a fingerprint of the barcode is kept for the check.',
  chooseFile: 'Barcode image or PDF',
  clearFile: 'Remove file',
  chosenFile: (name: string) => `Chosen: ${name}`,
  listedWithBarcodeTitle: 'Listed with a checked barcode',
  barcodeNotKeptTitle: 'Listed, but the barcode was not kept',
  // Admin: Duplicate barcodes.
  adminTab: 'Duplicate barcodes',
  adminIntro:
    'Uploads refused because another live listing or sale already carries the same barcode. Only a keyed fingerprint of each barcode is kept; the prefix below identifies it.',
  columnWhen: 'When',
  columnFingerprint: 'Fingerprint',
  columnHolding: 'Listed first',
  columnRefused: 'Refused upload',
  columnStatus: 'Status',
  ticketLine: (ticketId: number, eventName: string) => `Ticket #${ticketId} · ${eventName}`,
  ticketGone: 'Listing deleted',
  sellerLine: (username: string) => `Seller: ${username}`,
  reviewed: 'Reviewed',
  markReviewed: 'Mark reviewed',
  markedReviewed: 'Marked as reviewed',
  markFailed: 'Could not mark it as reviewed',
  notFound: 'Duplicate not found',
  alreadyReviewed: 'This duplicate was already reviewed',
} as const;
