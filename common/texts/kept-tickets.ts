/** My Tickets from what the device kept (issue 47 item 1, decision 0098). */
export const KEPT_TICKETS_TEXT = {
  /** My Tickets shown from the copy kept on this device; `updated` is when it was last brought up to date. */
  keptCopy: (updated: string) => `Offline — last updated ${updated}`,
  keptCopyUnknownTime: 'Offline — kept on this device',
  keptCopyDetail:
    'Your tickets and barcodes are shown as this device kept them. They refresh when you are back online.',
  /** A My Tickets tab this device has not kept (it was never opened while online). */
  tabNotKept: 'You are offline, and this tab was not kept on this device. It loads when you are back online.',
  /** The buyer's barcode, shown on the card so that it opens at the gate without signal. */
  barcodeAlt: 'Your ticket barcode, to show at the entrance',
} as const;
