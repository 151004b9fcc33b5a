/** The show in a calendar and wallet passes (issue 47 items 2 and 3, decision 0096): what fans and the API say. */
export const WALLET_TEXT = {
  addToCalendar: 'Add to calendar',
  addToAppleWallet: 'Add to Apple Wallet',
  saveToGoogleWallet: 'Save to Google Wallet',
  /** The group of links on a bought ticket's card. */
  groupLabel: 'Keep this show',
  notFound: 'Ticket not found.',
  refunded: 'This sale was refunded: there is no ticket to add.',
  appleNotConfigured: 'Apple Wallet passes are not offered on this Encore.',
  googleNotConfigured: 'Google Wallet passes are not offered on this Encore.',
  notPaper:
    'Only a ticket whose barcode Encore holds can go into a wallet; this one is transferred on its platform.',
  barcodeNotYetAvailable:
    'The wallet pass is available once the seller has initiated the transfer and uploaded the barcode.',
  barcodeUnreadable:
    "This ticket's barcode could not be read, so it cannot go into a wallet. Download the barcode instead.",
  barcodeUnsupported:
    "This ticket's barcode is of a kind the wallet cannot show. Download the barcode instead.",
  /** The pass's and the calendar event's labels. */
  passDescription: (eventName: string) => `Ticket for ${eventName}`,
  calendarDescription: 'Your ticket on Encore',
} as const;
