/**
 * The screens' own words for saved cards, My Bids, the Create Bid dialog and the bid payment page, where
 * spec 001 gives only the shape (issue 24). The spec's own strings are in ./bids.ts.
 */

/** How a card network is named to people; the provider's brand codes are lower case ('visa', 'amex'). */
const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export function cardBrandName(brand: string): string {
  return CARD_BRANDS[brand.toLowerCase()] ?? 'Card';
}

export const PAYMENT_METHOD_SCREEN_TEXT = {
  placeholder: 'Choose a saved card',
  option: (brand: string, last4: string, expires: string) =>
    `${cardBrandName(brand)} •••• ${last4} · ${expires}`,
  loading: 'Loading your saved cards…',
  retry: 'Try again',
  errorTitle: 'Error',
  remove: 'Remove card',
  removeTitle: 'Remove this card?',
  removeBody: (card: string) => `${card} will be deleted from your saved cards at our payment provider.`,
  removeConfirm: 'Remove',
  removeCancel: 'Keep card',
  removeFailed: 'The card could not be removed.',
  saving: 'Saving…',
  preparing: 'Preparing a secure card form…',
  sandboxNotice:
    'Sandbox mode: no real card is charged. Use 4242 4242 4242 4242 with any future date and CVC.',
  cardNumberPlaceholder: '1234 1234 1234 1234',
  expiryPlaceholder: 'MM/YY',
  cvcPlaceholder: '123',
  stripeCardLabel: 'Card details',
} as const;

export const BID_SCREEN_TEXT = {
  infoTitle: 'How automatic purchase works',
  infoBody:
    'Tell us the event and the most you will pay. When a seller lists matching tickets at or under that amount, Encore buys them for you with your saved card, straight away.',
  welcomeIntro: 'Bids let Encore buy tickets for you while you get on with your day.',
  welcomePoints: [
    {
      title: 'Set a maximum price',
      body: 'Choose the event, how many tickets and the most you will pay in total.',
    },
    {
      title: 'Automatic matching',
      body: 'Each new listing is checked against your bid: same event, same quantity, your section if you named one.',
    },
    {
      title: 'No missed opportunities',
      body: 'The first matching ticket is yours, even when you are away from the screen.',
    },
  ],
  welcomeWarningTitle: 'Purchases are automatic',
  welcomeWarning:
    'When a ticket matches, your saved card is charged without asking you again. Cancel a bid you no longer want.',
  welcomeClose: 'Got it',
  loading: 'Loading your bids…',
  retry: 'Try again',
  errorTitle: 'Error',
  statusActive: 'Active',
  statusMatched: 'Matched',
  statusCancelled: 'Cancelled',
  statusExpired: 'Expired',
  statusEnded: 'Ended',
  endedCancelled: 'You cancelled this bid.',
  endedExpired: 'The event date passed without a matching ticket.',
  endedReason: (reason: string) => `Ended: ${reason}`,
  card: (brand: string, last4: string) => `Paid with ${cardBrandName(brand)} •••• ${last4}`,
  cardGone: 'The card of this bid has been removed.',
  viewTicket: 'View in My Tickets',
  cancelTitle: 'Cancel this bid?',
  cancelBody: (eventName: string) =>
    `Encore will stop looking for tickets to ${eventName}. Your card will not be charged for this bid.`,
  cancelKeep: 'Keep Bid',
  createTitle: 'Create a Bid',
  createDescription:
    'Choose the event and the most you will pay. Encore buys the first matching listing with your saved card.',
  searchLabel: 'Event',
  searchTooShort: 'Type at least 3 characters to search.',
  searching: 'Searching…',
  noResults: 'No events found. Try another name.',
  resultsLabel: 'Events found',
  clearSelection: 'Choose another event',
  maximumAmountHint: 'The most your card is charged for all the tickets together, fees included.',
  quantityLabel: 'Quantity',
  sectionPlaceholder: 'Any section',
  averageChecking: 'Checking recent prices…',
  averageHistorical: (price: string, count: number) =>
    `Recent sales averaged ${price} per ticket, all-in (${count} ${count === 1 ? 'sale' : 'sales'}).`,
  averageListings: (price: string, count: number) =>
    `Current listings average ${price} per ticket, all-in (${count} ${count === 1 ? 'listing' : 'listings'}).`,
  noticeBody:
    'When a listing matches this bid, Encore buys it at once and charges your saved card, without asking you again. Purchases through a bid follow the usual transfer and refund rules.',
  acknowledge:
    'I understand that Encore will buy a matching ticket automatically and charge my saved card up to the maximum amount.',
  costTitle: 'What your card can be charged',
  costIntro: (max: string) =>
    `Your maximum of ${max} is the most your card is charged for all the tickets together, including the payment processing fee.`,
  costTickets: 'Tickets up to',
  costFee: (percent: number) => `Processing fee (${percent}%)`,
  costTotal: 'Most your card is charged',
  costExampleNote: 'Example for a maximum of $100.00. Enter your own amount to see its figures.',
  creating: 'Creating…',
  /** Decision 0054: a bid's priority is its bidder's rating; among bids on one listing the higher one buys. */
  priorityValue: (rating: number) => `${rating.toFixed(1)} (your rating)`,
  statusEventCancelled: 'Event cancelled',
  endedEventCancelled: 'The event was cancelled, so this bid ended. Your card was not charged.',
} as const;

export const BID_PAYMENT_TEXT = {
  /** The page's heading until the purchase is read (a bid's or a Fan Queue place's). */
  pendingTitle: 'Confirm your purchase',
  title: 'Confirm your bid purchase',
  intro:
    'Your bank asked to confirm this automatic purchase. Confirm it before the time runs out, or the ticket is released to others.',
  loading: 'Loading the purchase…',
  loadFailed: 'This purchase could not be loaded.',
  event: 'Event',
  section: 'Section',
  quantity: 'Quantity',
  amount: 'Amount charged',
  ticket: (id: number) => `Ticket #${id}`,
  timeLeft: (time: string) => `Time left to confirm: ${time}`,
  timeUp: 'The time to confirm has run out.',
  confirm: 'Confirm payment',
  confirming: 'Confirming…',
  sandboxIntro: 'Sandbox mode: choose what the cardholder answers their bank.',
  approve: 'Approve',
  decline: 'Decline',
  processing: 'Your payment is being processed. This page updates when it is done.',
  succeededTitle: 'The ticket is yours',
  succeeded: 'Your bid bought the ticket. You can follow its transfer in My Tickets.',
  goToMyTickets: 'Go to My Tickets',
  failedTitle: 'Payment not completed',
  failed: 'The payment was not confirmed, so the ticket was released to other buyers.',
  expiredTitle: 'Time ran out',
  expired: 'The purchase was not confirmed in time, so the ticket was released to other buyers.',
  backToBids: 'Back to My Bids',
  actionFailed: 'The payment could not be confirmed. Please try again.',
} as const;

/** The same page for a Fan Queue place's "buy for me" purchase (decision 0100): what differs from a bid's. */
export const QUEUE_PAYMENT_TEXT = {
  title: 'Confirm your Fan Queue purchase',
  intro:
    'Your bank asked to confirm the purchase your Fan Queue place made. Confirm it before the time runs out, or the tickets go to the next fan in line.',
  succeededTitle: 'The tickets are yours',
  succeeded: 'Your Fan Queue place bought the tickets. You can follow their transfer in My Tickets.',
  failed: 'The payment was not confirmed, so the tickets went to the next fan in line.',
  expired: 'The purchase was not confirmed in time, so the tickets went to the next fan in line.',
} as const;
