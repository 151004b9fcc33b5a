/**
 * Saved cards and automatic-purchase bids: spec 001 §2, §5, §8 and §9 word for word, plus the server's own
 * refusals (issue 24; decisions 0044 and 0045).
 */

export const PAYMENT_METHOD_TEXT = {
  label: 'Payment Method',
  addButton: 'Add Payment Method',
  dialogTitle: 'Add Payment Method',
  clear: 'Clear',
  /**
   * Spec 001 §2: the dialog says the card is stored by the payment provider, never on Encore's servers. True
   * in both modes: Stripe's Elements field sends the number to Stripe only; the sandbox's form passes it
   * through Encore's server, which keeps only brand, last four digits and expiry (decision 0044).
   */
  storedByProvider: 'Your card details are stored securely by our payment provider, never on our servers.',
  empty: 'No saved payment methods. Add one to enable automatic purchasing.',
  expires: (month: number, year: number) => `Exp ${month}/${year}`,
  addedTitle: 'Payment Method Added',
  added: 'Your payment method has been saved successfully.',
  removedTitle: 'Payment Method Removed',
  removed: 'Your payment method has been removed.',
  loadFailed: 'Failed to load payment methods. Please try again.',
  setupIntentFailed: 'Failed to create setup intent',
  noClientSecret: 'No client secret returned from server',
  setupFailed: 'Failed to set up payment method',
  noPaymentMethodId: 'No payment method ID returned',
  detailsFailed: 'Failed to retrieve payment method details',
  notFoundAfterAdd: 'Could not find the newly added payment method',
  /** Server: another user's card, or one already removed, reads the same as an unknown one. */
  notFound: 'Payment method not found',
  /** Server (decision 0044): a card an active bid pays with is kept until that bid is cancelled. */
  usedByActiveBid: (eventName: string) =>
    `This card pays for your active bid on ${eventName}. Cancel that bid first, then remove the card.`,
  /** Sandbox card form (the local default; Stripe's own Elements field replaces it in production). */
  cardNumber: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvc: 'CVC',
  cardNumberInvalid: 'Your card number is invalid.',
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryPast: "Your card's expiration year is in the past.",
  cvcInvalid: "Your card's security code is invalid.",
  /** Stripe's own words for test card 4000 0000 0000 0002 when it is saved. */
  cardDeclined: 'Your card was declined.',
  setupIntentNotFound: 'Setup intent not found',
  tooManyCards: (max: number) => `You can save at most ${max} cards. Remove one to add another.`,
  /** Stripe's words for an expiry earlier this year. */
  expiryDatePast: "Your card's expiration date is in the past.",
  /** Stripe's words for confirming a setup intent a second time. */
  setupIntentUsed:
    'You cannot confirm this SetupIntent because it has already succeeded after being previously confirmed.',
} as const;

export const BID_TEXT = {
  title: 'My Bids',
  createNew: 'Create New Bid',
  tabActive: 'Active',
  tabMatched: 'Matched',
  tabInactive: 'Inactive',
  emptyActive: "You don't have any active bids.",
  emptyMatched: "You don't have any matched bids.",
  emptyInactive: "You don't have any inactive bids.",
  venueMissing: 'Venue not specified',
  sectionAny: 'Any',
  maxPrice: 'Max Price',
  quantity: 'Quantity',
  section: 'Section',
  minSellerRating: 'Min Seller Rating',
  priority: 'Priority',
  expires: 'Expires',
  created: 'Created',
  matchedWith: (ticketId: number, date: string) => `Matched with ticket #${ticketId} on ${date}`,
  cancelBid: 'Cancel Bid',
  welcomeTitle: 'Welcome to My Bids!',
  dontShowAgain: "Don't show this again",
  dateTba: 'Date TBA',
  searchPlaceholder: 'Search by artist, event name, venue...',
  clearSearch: 'Clear search',
  maximumAmount: 'Maximum Amount',
  sectionOptional: 'Section (Optional)',
  importantNotice: 'Important Notice',
  createBid: 'Create Bid',
  cancel: 'Cancel',
  createdTitle: 'Bid Created',
  createSucceeded: 'Your bid has been created successfully.',
  createFailed: 'An error occurred while creating your bid.',
  createFailedFallback: 'Failed to create bid',
  loadFailed: 'Failed to load your bids. Please try again.',
  cancelledTitle: 'Bid Cancelled',
  cancelled: 'Your bid has been successfully cancelled.',
  cancelFailed: 'An error occurred while cancelling the bid.',
  limitTitle: 'Maximum Bids Reached',
  limit:
    'You can have a maximum of 2 active bids at any time. Please cancel an existing bid before creating a new one.',
  searchFailed: 'Failed to search for concerts',
  averagePriceFailed: 'Failed to fetch average price',
  averagePriceError: 'Error fetching price data',
  averagePriceNone: 'No matching tickets or historical sales data available',
  /** Spec 001 §9 validation (the auto-purchase form's reading), checked on the server too. */
  eventNameRequired: 'Event name is required',
  eventDateRequired: 'Event date is required',
  maxPriceRequired: 'Maximum price is required',
  maxPriceNumber: 'Maximum price must be a number',
  maxPricePositive: 'Maximum price must be greater than 0',
  quantityNumber: 'Quantity must be a number',
  quantityPositive: 'Quantity must be greater than 0',
  quantityTooMany: 'Quantity must be at most 8',
  paymentMethodRequired: 'A payment method is required',
  acknowledgeRequired: 'You must acknowledge the automatic purchase policy',
  /** Server refusals of the issue's own rules. */
  eventDatePast: 'Event date must be today or later',
  notFound: 'Bid not found',
  notActive: 'This bid is no longer active',
  eventNotFound: 'Event not found',
  listed: 'Your bids',
  /** Why an unmatched bid ended (besides the card's own decline reason). */
  endedCancelled: 'cancelled',
  endedExpired: 'expired',
  endedAuthenticationMissed: 'The card needed your confirmation, which did not arrive in time.',
  averagePriceHistorical: 'Average from completed sales',
  averagePriceListings: 'Average of current listings',
  /** The authentication-needed purchase page (issue 24 §3). */
  paymentNotFound: 'Bid payment not found',
  paymentNotWaiting: 'This payment is no longer waiting for your confirmation.',
  paymentRequiresAction: 'Your bank asks you to confirm this purchase.',
  paymentProcessing: 'Your payment is being processed.',
  paymentSucceeded: 'Your automatic purchase is complete. The ticket is in My Tickets.',
  paymentFailed: 'The payment did not go through, so the ticket was not bought.',
  paymentExpired: 'The time to confirm this purchase has passed; the ticket was released.',
  declinedMailSubject: 'Your bid has ended: the card was declined',
  authenticationMailSubject: 'Confirm your automatic ticket purchase',
  /** Decision 0054: the bids of a cancelled event end, and no new one is placed on it. */
  endedEventCancelled: 'event_cancelled',
  eventCancelled: 'This event was cancelled, so bids for it can no longer be placed',
  eventCancelledMailSubject: 'Your bid has ended: the event was cancelled',
  /** Decision 0072: the bids of a postponed event follow its new date. */
  eventPostponedMailSubject: 'Your bid follows the event to its new date',
} as const;
