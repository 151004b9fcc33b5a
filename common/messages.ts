/**
 * User-visible texts copied from the specification, plus the server's own messages.
 * Server messages are chosen so that the client's substring mapping (spec 000 §8)
 * turns them into the spec's texts; `auth-error-map.test.ts` pins every pair.
 */

// Never a module with zod (a schema): every page that reads one text would load zod with it.
import { BARCODE_MAX_BYTES } from './constants.js';
import type { RefundCause } from './sale-vocabulary.js';
// Texts read before a page's first paint live in modules of their own, so that a page's chunks carry
// only those; everything else imports them from here as before.
import { REGISTRATION_TEXT } from './texts/auth.js';
import { NEW_SELLER_TEXT } from './texts/ratings.js';

export { ADMIN_TEXT } from './texts/admin.js';
export {
  AUTH_ERROR_TEXT,
  AUTH_SCREEN_TEXT,
  AUTH_SUCCESS_TEXT,
  EXAMPLE_EMAIL,
  MAIL_SUBJECT,
  REGISTRATION_TEXT,
  RESEND_CODE_TEXT,
  SIGN_IN_TEXT,
  VERIFY_FAILURE_TEXT,
} from './texts/auth.js';
export {
  BID_PAYMENT_TEXT,
  BID_SCREEN_TEXT,
  PAYMENT_METHOD_SCREEN_TEXT,
  QUEUE_PAYMENT_TEXT,
} from './texts/bid-screens.js';
export { BID_TEXT, PAYMENT_METHOD_TEXT } from './texts/bids.js';
export { PRICE_COMPARISON_TEXT } from './texts/price-comparison.js';
export { A11Y_TEXT, SHELL_TEXT } from './texts/shell.js';
export { LISTING_STATUS_TEXT, SUSPENSION_TEXT, WITHDRAW_TEXT } from './texts/suspension.js';
export { LANDING_TEXT, NEWSLETTER_TEXT, PUBLIC_HOME_TEXT, SUBSCRIBE_TEXT } from './texts/visitor.js';

/** Messages the server answers with. Each contains the substring its mapping row needs. */
export const SERVER_MESSAGE = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  usernameRequired: 'Username is required',
  usernameTooShort: REGISTRATION_TEXT.usernameTooShort,
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password too short',
  passwordRequirements: 'Password does not meet the password requirements',
  usernameTaken: 'Username already exists',
  emailTaken: 'Email already registered',
  badCredentials: 'Invalid username or password',
  emailNotVerified: 'Email not verified',
  accountSuspended: 'Account suspended',
  accountLocked: 'Account locked',
  tooManyRequests: 'Too many requests',
  invalidCode: 'Invalid verification code',
  expiredCode: 'Verification code expired',
  codeAttemptsExhausted: 'Verification code expired after too many attempts. Please log in again.',
  notAuthenticated: 'Not authenticated',
  forbidden: 'You do not have permission to do that',
  notFound: 'Not found',
  crossOrigin: 'Cross-origin request refused',
  internal: 'Internal server error',
} as const;

/** Spec 001 §8 'Account recovery'. */
export const RECOVERY_TEXT = {
  verifyEmailInvalid:
    'This verification link is invalid or has expired. Please request a new verification email.',
  verifyEmailSuccess: 'Your email has been successfully verified.',
  verifyEmailAlreadyDone: 'Your email address is already verified. You can log in.',
  resetInvalidToken: 'Invalid or expired reset token',
  resetSuccess: 'Your password has been reset. Please log in with your new password.',
  genericFailure: 'Something went wrong. Please try again.',
  forgotPasswordSent:
    'If an account exists with the email you provided, you will receive a password reset link shortly.',
  forgotUsernameSent:
    'If an account exists with the email you provided, you will receive an email with your username shortly.',
  invalidEmail: 'Please enter a valid email address',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must be at most 100 characters',
  passwordUppercase: 'Password must contain at least one uppercase letter',
  passwordLowercase: 'Password must contain at least one lowercase letter',
  passwordNumber: 'Password must contain at least one number',
  passwordsDoNotMatch: 'Passwords do not match',
  emailChangeConfirmed: 'Your email address has been changed.',
} as const;

/** The local mailbox (/dev/mail, /api/dev/outbox) of a development instance. */
export const DEV_MAIL_TEXT = {
  loopbackOnly: 'The local mailbox can only be read from the machine Encore runs on (localhost).',
} as const;

/** Spec 000 §2, §4, §5 and §8 'Listing form': the List a Ticket / Edit Ticket form. */
export const LISTING_TEXT = {
  createTitle: 'List a Ticket',
  editTitle: 'Edit Ticket',
  clearAll: 'Clear all fields',
  howItWorks: 'How it works',
  searchLabel: 'Search for your concert',
  noEventsFound: 'No events found. Try a different search term.',
  enterManually: 'Enter event details manually',
  availabilityNote: 'Listings may take up to four minutes to appear, and edits a few minutes.',
  agreeTerms: 'I agree to the Terms of Service and Privacy Policy',
  termsRequired: 'You must agree to the terms before listing your ticket',
  platformRequiredTitle: 'Platform Required',
  platformRequired: 'Please select a platform for digital transfer tickets',
  imageRequiredTitle: 'Image Required',
  imageRequired: 'Please upload a ticket image',
  imageFieldRequired: 'A ticket image is required',
  sectionRequired: 'Section is required',
  rowRequired: 'Row is required',
  seatsRequired: 'Seats are required',
  eventNameRequired: 'Event name is required',
  eventDateRequired: 'Event date is required',
  descriptionRequired: 'Description is required',
  quantityMin: 'Quantity must be at least 1',
  daysCountMin: 'Number of days must be at least 2',
  amountInvalid: 'Enter an amount of at least 0 with at most 2 decimals',
  invalidFileTypeTitle: 'Invalid file type',
  invalidFileType: 'Please select an image file',
  fileTooLargeTitle: 'File too large',
  fileTooLarge: 'Please select an image smaller than 5MB',
  uploadFailedTitle: 'Upload failed',
  uploadFailed: 'Error uploading image. Please try again.',
  imageUploaded: 'Image uploaded',
  imageRemoved: 'Image removed',
  cannotLoadImageTitle: 'Cannot load image',
  noTicketId: 'No ticket ID provided',
  fetchTicketFailed: 'Failed to fetch ticket data',
  loadImageFailed: 'Failed to load existing image',
  noImageFoundTitle: 'No image found',
  noImageFound: "This ticket doesn't have an image to load",
  listedTitle: 'Ticket listed successfully',
  listedWithImage: 'Your ticket has been listed with the uploaded image.',
  updatedTitle: 'Ticket updated successfully',
  saveFailedTitle: 'Failed to save ticket',
  createFailed: 'Failed to create ticket. Please try again.',
  updateFailed: 'Failed to update ticket',
} as const;

/** Spec 000 §5 'Listing form' and §7: the event catalog (concert search, artist info). */
export const CATALOG_TEXT = {
  searchTooShort: 'Concert search needs at least 3 characters.',
  artistNameRequired: 'Please give an artist or event name.',
  searchTooLong: 'Concert search takes at most 100 characters and 8 words.',
  artistImageNotFound: 'Artist image not found',
} as const;

/** The event page (decision 0058). */
export const EVENT_PAGE_TEXT = {
  notFound: 'Event not found',
  quantityInvalid: 'quantity must be a whole number from 1 to 8',
  sectionInvalid: 'section must be at most 200 characters',
  deliveryInvalid: 'delivery must be digital or paper',
  sortInvalid: 'sort must be price, price_desc, section, quantity or vs_original',
  verifiedInvalid: 'verified must be true',
  cursorInvalid: 'This page of listings is no longer valid. Please reload the event.',
} as const;

/** Spec 001 §2, §5, §8: the account recovery pages' titles, buttons and strength texts. */
export const RECOVERY_SCREEN_TEXT = {
  verifying: 'Verifying your email...',
  verifyEmailAdvice: 'Log in to your account to request a new verification email.',
  goToLogin: 'Go to Login',
  resetSuccessTitle: 'Password Reset Successful',
  invalidLinkTitle: 'Invalid Reset Link',
  requestNewLink: 'Request New Reset Link',
  passwordResetEmailSent: 'Password Reset Email Sent',
  usernameRecoveryEmailSent: 'Username Recovery Email Sent',
  sendResetLink: 'Send Reset Link',
  recoverUsername: 'Recover Username',
  sending: 'Sending...',
  backToLogin: 'Back to login',
  strengthWeak: 'Weak password',
  strengthModerate: 'Moderate password',
  strengthStrong: 'Strong password',
} as const;

/** Listings and image uploads: the server's messages (spec 000 §5, §7 and §8 where the spec names them). */
export const TICKET_TEXT = {
  created: 'Ticket listed successfully',
  updated: 'Ticket updated successfully',
  deleted: 'Ticket deleted successfully',
  editStarted: 'You are editing this ticket',
  editEnded: 'You are no longer editing this ticket',
  ticketIdRequired: 'Ticket ID is required for updates',
  ticketIdMismatch: 'The ticket ID in the form does not match the ticket being updated',
  versionRequired: 'The ticket version is required for updates',
  versionConflict: 'This ticket was changed in the meantime. Please review it and save again.',
  notFound: 'Ticket not found',
  notYourTicket: 'You can only change your own listings',
  sold: 'This ticket has been sold and can no longer be changed',
  hasActivity: 'This ticket has offers or messages and cannot be deleted',
  buyerAtWork:
    'A buyer is holding or paying for this ticket right now. You can change or delete it once they finish or their hold ends.',
  faceValueInvalid: 'Face value must be an amount of at least 0 with at most 2 decimals',
  serviceFeeInvalid: 'Service fee must be an amount of at least 0 with at most 2 decimals',
  amountTooLarge: 'Amounts must be at most $100,000.00 per ticket',
  quantityMax: 'Quantity must be at most 100',
  splitRuleInvalid: 'splitRule must be any, no_single or all',
  quantityWhole: 'Quantity must be a whole number',
  daysCountMax: 'Number of days must be at most 31',
  markupInvalid: 'Markup must be a whole number from -100 to 50',
  eventDateInvalid: 'Event date must be a valid date (yyyy-MM-dd)',
  eventDatePast: 'The event date has already passed',
  eventCancelled: 'This event was cancelled, so tickets for it can no longer be listed',
  textTooLong: 'This text is too long',
  imageNotYours: 'The ticket image was not found. Please upload it again.',
  imageTooLarge: 'File size exceeds 5MB limit',
  imageNotFound: 'Image not found',
  ticketTypeInvalid: 'Ticket type must be digital or paper',
  formHasFile: 'A listing form carries no files: upload the image first',
  oneImageOnly: 'Please send one image at a time',
} as const;

/** The marketplace list, its filters and suggestions (spec 000 §5, §7; decision 0010). */
export const MARKETPLACE_TEXT = {
  searchTooLong: 'Search must be at most 100 characters',
  sortByInvalid: 'sortBy must be one of date, price_asc, price_desc, section or vs_original',
  sortCriteriaInvalid:
    'sortCriteria must be a JSON list of {field, direction} with field eventDate, price, section or markup and direction asc or desc',
  sortCriteriaTooMany: 'sortCriteria allows at most 4 criteria',
  minPriceInvalid: 'minPrice must be an amount in dollars of at least 0 with at most 2 decimals',
  maxPriceInvalid: 'maxPrice must be an amount in dollars of at least 0 with at most 2 decimals',
  priceRangeInvalid: 'minPrice must not be more than maxPrice',
  startDateInvalid: 'startDate must be a valid date (yyyy-MM-dd)',
  endDateInvalid: 'endDate must be a valid date (yyyy-MM-dd)',
  dateRangeInvalid: 'startDate must not be after endDate',
  quantityInvalid: 'quantity must be a whole number from 1 to 100',
  includeAllInvalid: 'includeAll must be true or false',
  cityTooLong: 'city must be at most 100 characters',
  atOrBelowFaceInvalid: 'atOrBelowFace must be true or false',
  verifiedOnlyInvalid: 'verifiedOnly must be true or false',
  cursorInvalid: 'This page of results is no longer valid. Please reload the list.',
  limitInvalid: 'limit must be a whole number from 1 to 100',
  suggestionQueryInvalid: 'The search text must be at most 100 characters',
  invalidUserId: 'Invalid user ID provided',
} as const;

/** Holds, payment, purchase completion and the sandbox checkout (spec 000 §8, spec 001 §8; decision 0011). */
export const CHECKOUT_TEXT = {
  heldByOther: 'This ticket is currently being viewed by another user. Please try again in a few minutes.',
  beingEditedBySeller: 'The seller is editing this ticket. Please try again in a few minutes.',
  alreadySold: 'This ticket has already been sold',
  withdrawn: 'This listing is no longer on sale.',
  ownTicket: 'You cannot buy your own ticket',
  eventPast: 'This event has already taken place',
  notHolding: 'Your hold on this ticket has ended. Please open the ticket again.',
  savedCardPaying:
    'Your saved card is already paying for these tickets. Confirm the payment with your bank from the e-mail we sent you.',
  noMoreExtensions: 'This hold cannot be extended any further.',
  tooManyHolds: (max: number) =>
    `You are already holding ${max} tickets. Please close one of them or complete your purchase before viewing another.`,
  onlyLeft: (left: number) =>
    `Only ${left} ${left === 1 ? 'ticket is' : 'tickets are'} left in this listing. Please choose fewer.`,
  quantityNotOffered: (allowed: string) => `The seller sells these tickets ${allowed} at a time.`,
  quantityInvalid: 'quantity must be a whole number from 1 to 100',
  unlocked: 'Ticket released',
  notHeld: 'You were not holding this ticket',
  amountInvalid: 'amount must be an amount in dollars of at least 0 with at most 2 decimals',
  amountMismatch:
    'The amount does not match the current price of this ticket. Please reopen the ticket and try again.',
  versionInvalid: 'version must be a whole number of at least 1',
  versionChanged: 'This ticket was changed by its seller. Please reopen it to see the current details.',
  ticketIdInvalid: 'ticketId must be a whole number of at least 1',
  paymentUnavailable: 'Could not initialize payment. Please try again.',
  missingSession: 'Missing session information. Unable to complete purchase.',
  sessionNotFound: 'No payment session found',
  purchased: 'Ticket purchased successfully',
  notCompleted: 'Payment not completed',
  expired: 'Your checkout session ended before payment. Your card was not charged.',
  refunded:
    'This ticket could not be delivered to you, so your payment has been refunded in full. Refunds usually reach your card within 5-10 business days.',
  refundPending:
    'This ticket could not be delivered to you, so your payment is being refunded in full. You will receive an e-mail once the refund is on its way.',
  cardNumberInvalid: 'Your card number is invalid.',
  cardDeclined: 'Your card was declined.',
  expMonthInvalid: "Your card's expiration month is invalid.",
  expYearInvalid: "Your card's expiration year is invalid.",
  cardExpired: 'Your card has expired.',
  cvcInvalid: "Your card's security code is invalid.",
  // An empty field is asked for, not called invalid (a retry after a decline has the CVC to type again).
  cardNumberMissing: 'Enter your card number.',
  expMonthMissing: "Enter your card's expiration month.",
  expYearMissing: "Enter your card's expiration year.",
  cvcMissing: "Enter your card's security code.",
  cardFieldInvalid: 'Please check your card details.',
  approveRequired: 'approve must be true or false',
  authenticationFailed: 'Authentication failed. Your card was not charged.',
  sessionNotOpen: 'This checkout session is no longer open.',
  notAuthenticating: 'This payment is not waiting for authentication.',
  webhookSignatureInvalid: 'Invalid webhook signature',
} as const;

/** Spec 000 §2, §5, §8 and §9: the marketplace home, its filter bar, ticket cards and details dialog. */
export const BUYING_TEXT = {
  listTicket: 'List Ticket',
  newSeller: NEW_SELLER_TEXT,
  noListingsTitle: 'No listings available',
  noListings: 'Check back later or adjust your search filters',
  listing: 'listing',
  listings: 'listings',
  reservedTitle: 'Currently Reserved',
  reserved: 'Another user is viewing this ticket',
  cardReservedTitle: 'Ticket Currently Reserved',
  cardReserved: 'Please check back in a few minutes',
  sold: 'SOLD',
  notAvailable: 'N/A',
  whatYouPay: 'What You Pay',
  viewDetails: 'View Details',
  loadMore: 'Load more',
  searchLabel: 'Search events, artists and venues',
  sortLabel: 'Sort by',
  sortDate: 'Date (soonest)',
  sortPriceAsc: 'Price (low to high)',
  sortPriceDesc: 'Price (high to low)',
  sortSection: 'Section',
  sortVsOriginal: 'Lowest vs. original price',
  advancedSort: 'Advanced Sort',
  addCriterion: 'Add sort criterion',
  clear: 'Clear',
  fieldEventDate: 'Event date',
  fieldPrice: 'Price',
  fieldSection: 'Section',
  fieldMarkup: 'Markup',
  fieldVsOriginal: 'Against the original price',
  ascending: 'Ascending',
  descending: 'Descending',
  ticketUnavailableTitle: 'Ticket Unavailable',
  ticketUnavailable:
    'This ticket is currently being viewed by another user. Please try again in a few minutes.',
  stillOffered: 'You can still choose:',
  chooseQuantity: (quantity: number) => `${quantity} ${quantity === 1 ? 'ticket' : 'tickets'}`,
  backToShow: 'Back to the show’s page',
  closeUnavailable: 'Close',
  errorTitle: 'Error',
  lockFailed: 'An error occurred. Please try again later.',
  unlockFailed: 'Failed to unlock ticket. Please try again.',
  paymentSetupFailedTitle: 'Payment Setup Failed',
  paymentSetupFailed: 'Could not initialize payment. Please try again.',
  noPaymentUrl: 'No payment URL received from server',
  paymentStatusTitle: 'Payment Status',
  paymentNotCompleted: 'Payment not completed',
  verifyFailed: 'Failed to verify payment status.',
  sellerInfoFailed: 'Could not load seller information',
  fetchTicketsFailed: 'Failed to fetch tickets',
  ticketPurchased: 'Ticket purchased successfully',
  viewTicketImage: 'View Ticket Image',
  ticketImageFailed: 'Failed to load ticket image',
  noTicketImage: 'No image available for this ticket',
  ticketImageUnavailable: 'Unable to load image. It may have been removed or is no longer available.',
  completePurchase: 'Complete Purchase',
  reservedFor: 'Reserved for you',
  extendHold: 'Extend hold',
  holdExtended: 'Your hold was extended.',
  holdEndingSoon: 'Your hold is about to end. Extend it if you need more time.',
  holdExpired: 'Your hold on this ticket has expired.',
  holdLost: 'This ticket is no longer reserved for you.',
  purchaseSuccessfulTitle: 'Purchase Successful',
  purchasedSummary: (eventName: string, quantity: number, amount: string) =>
    `You paid ${amount} for ${quantity === 1 ? '1 ticket' : `${quantity} tickets`} to ${eventName}.`,
  viewMyTickets: 'View My Tickets',
  howPurchasingWorks: 'How purchasing works',
  howItWorks: 'How it Works',
  reviewsLoadFailed: 'Error loading reviews:',
  noReviews: 'No reviews yet',
} as const;

/** Spec 000 §2 'Welcome tour' and §4 'Tour'. */
export const TOUR_TEXT = {
  welcomeTitle: 'Welcome to Encore',
  skipTour: 'Skip Tour',
  startTour: 'Start Tour',
  dontShowAgain: "Don't show this tour again",
  previous: 'Previous',
  next: 'Next',
  finish: 'Finish Tour',
} as const;

/** Spec 001 §2 'Purchase result pages' and §8 'Purchase results'. */
export const PURCHASE_RESULT_TEXT = {
  safariProcessing: 'Processing your purchase, please wait...',
  goToMyTickets: 'Go to My Tickets',
  safariErrorTitle: 'Error Processing Purchase',
  tryAgain: 'Try Again',
  goToHome: 'Go to Home',
  missingSession: 'Missing session information. Unable to complete purchase.',
  safariFailedPrefix: 'Safari purchase completion failed:',
  completeFailed: 'Failed to complete purchase',
  successToastTitle: 'Purchase Successful!',
  processingErrorTitle: 'Purchase Processing Error',
  statusSuccessTitle: 'Purchase Successful!',
  statusSuccess: "You'll receive confirmation emails with your ticket details.",
  viewMyTickets: 'View My Tickets',
  backToHome: 'Back to Home',
  statusFailedTitle: 'Purchase Failed',
  statusFailed: 'Your payment was not processed. Please try again.',
  retry: 'Retry',
  noPaymentSession: 'No payment session found',
  purchaseFailed: 'Purchase failed',
  processFailed: 'Failed to process purchase',
  releasing: 'Releasing ticket...',
  cancelled: 'Your purchase was cancelled and the ticket has been released for others to purchase.',
  returnToHome: 'Return to Home',
  cancelToastTitle: 'Purchase Cancelled',
  cancelReleased: 'The ticket has been released and is available for others to purchase.',
  cancelUnlockFailed: 'Your purchase was cancelled. The ticket should be available again shortly.',
  cancelNoTicket: 'Your purchase was cancelled.',
  signInToSee: 'Ticket purchased successfully. Sign in to see it in My Tickets.',
} as const;

/** The sandbox hosted checkout page (issue 8: the local stand-in for the card provider's checkout). */
export const SANDBOX_CHECKOUT_TEXT = {
  title: 'Encore test checkout',
  notice: 'Test mode: no real card is charged. Use 4242 4242 4242 4242 with any future expiry and CVC.',
  cardNumber: 'Card number',
  expiry: 'Expiry (MM / YY)',
  expMonth: 'Expiry month',
  expYear: 'Expiry year',
  cvc: 'CVC',
  pay: 'Pay',
  cancel: 'Cancel',
  authenticateTitle: 'Authenticate this payment',
  authenticate: 'Your bank asks you to confirm this payment.',
  approve: 'Approve payment',
  fail: 'Fail authentication',
  notFound: 'This checkout session was not found.',
  closed: 'This checkout session is no longer open.',
  backToEncore: 'Back to Encore',
} as const;

/** Subjects of the purchase e-mails (decision 0012). */
export const CHECKOUT_MAIL_SUBJECT = {
  buyerConfirmation: 'Your ticket purchase is confirmed',
  sellerSold: 'Your ticket sold: please transfer it to the buyer',
  buyerRefund: 'Your payment has been refunded',
} as const;

/** Bounds every request's input (decision 0007): too long, control characters, ids out of range. */
export const INPUT_TEXT = {
  tooLong: (max: number) => `This text is too long (at most ${max} characters)`,
  singleLine: 'This text must be one line without control characters',
  controlCharacters: 'This text contains control characters that are not allowed',
  invalidId: 'The id must be a whole number from 1 to 2147483647',
  malformedMultipart:
    'The form data could not be read: send multipart/form-data with its boundary, ending with the closing boundary',
  unstorable:
    'The request contains a value that cannot be stored. Please check the text and numbers you entered.',
  tooSlow: 'This request took too long and was stopped. Please try again in a moment with a simpler request.',
  /** 429: the caller's own requests queue on one row (a member's holds) longer than the lock wait allows. */
  tooManyAtOnce: 'Too many of your requests are waiting at once. Please try again in a moment.',
  /** 503: a transaction that still deadlocked after the server's own retries (db/retry-transactions.ts). */
  busy: 'Someone else is changing the same thing right now. Please try again in a moment.',
} as const;

/** Per-user upload quotas (decision 0007), answered with 429. */
export const UPLOAD_QUOTA_TEXT = {
  tooManyUploads: 'You have uploaded too many images in the last hour. Please wait before uploading more.',
  tooManyUnattached:
    'You have too many uploaded images that are not on a listing. Please list a ticket with one of them, or wait a day for unused images to be removed, before uploading more.',
} as const;

/** Uploaded images decode a few at a time per instance (decision 0032); too many waiting is a 429. */
export const IMAGE_WORK_TEXT = {
  instanceBusy: 'Many images are being processed right now. Please try again in a moment.',
} as const;

/** Issue 7: the listing form's own notices (the spec's texts stay in LISTING_TEXT). */
export const LISTING_NOTICE_TEXT = {
  /** Spec 000 §5 'Listing form': the image field's text for a file over 5MB (the toast keeps its own). */
  fileTooLargeField: 'File size exceeds 5MB limit',
  soldTitle: 'This ticket has been sold',
  fixFieldsForBreakdown: 'Correct the highlighted fields to see the price breakdown.',
  agreementKept:
    'You agreed to these terms when you listed this ticket, and they apply to your changes. Untick only if you no longer agree.',
  unsavedTitle: 'Leave without saving?',
  unsavedDescription: 'Your changes to this listing have not been saved. If you leave now, they are lost.',
  stay: 'Keep editing',
  leave: 'Leave without saving',
  concertsFound: (count: number) => (count === 1 ? '1 concert found' : `${count} concerts found`),
  concertsHint: 'Use the arrow keys to move through the concerts and Enter to choose one.',
} as const;

/** Issue 9, transfers helper: My Tickets and the transfer steps (spec 001 §2, §4, §8). */
export const MY_TICKETS_TEXT = {
  title: 'My Tickets',
  tabListings: 'Active Listings',
  tabBought: 'Bought',
  tabSold: 'Sold',
  tabPending: 'Pending',
  sellerActionDot: 'Transfers need your action',
  emptyListings: 'No active listings',
  emptyBought: 'No bought tickets',
  emptySold: 'No sold tickets',
  emptyPending: 'No pending transfers',
  pendingHeading: 'Pending Transfers',
  farEventsTitle: 'Events More Than 10 Days Away',
  farEventsBody:
    'Some events cannot be transferred until 7 to 10 days before the event, so these tickets may not be available to transfer yet. Buyers, please communicate with the seller through Messages.',
  sellerSection: 'Transfers Requiring Your Action',
  buyerSection: 'Awaiting Seller Transfer',
  loadMore: 'Load more',
  loadFailed: 'Failed to load your tickets',
  retry: 'Try Again',
  badgeActionRequired: 'Action Required',
  badgeAwaitingConfirmation: 'Awaiting Confirmation',
  badgeAwaitingTransfer: 'Awaiting Transfer',
  badgeConfirmReceipt: 'Confirm Receipt',
  badgePurchased: 'Purchased',
  badgeSold: 'Sold',
  badgeActiveListing: 'Active Listing',
  onHold: 'On hold',
  heldByBuyer: (count: number) => `${count} held by a buyer`,
  // Issue 34 item 2: a listing that is not for sale says so, and why.
  badgeUnderReview: 'Under review by Encore',
  badgeWithdrawn: 'Withdrawn by Encore',
  badgeEventCancelled: 'Event cancelled',
  underReviewNotice: 'Encore is reviewing this listing, so it is not for sale until the review ends.',
  withdrawnNotice:
    'Encore withdrew this listing, so it is not for sale. Contact support if you think this is a mistake.',
  eventCancelledNotice: 'The event was cancelled, so this listing was withdrawn and can no longer be sold.',
  ticketDetails: 'Ticket Details',
  section: 'Section',
  row: 'Row',
  seats: 'Seats',
  quantity: 'Quantity',
  notAvailable: 'N/A',
  priceDetails: 'Price Details',
  faceValue: 'Face Value',
  serviceFee: 'Service Fee',
  markup: 'Markup',
  perTicket: 'Per Ticket',
  total: 'Total',
  purchasePrice: 'Purchase Price',
  totalPaidFor: (quantity: number) => `Total Paid for ${quantity} ${quantity === 1 ? 'ticket' : 'tickets'}`,
  transferProgress: 'Transfer Progress',
  stepPaymentReceived: 'Payment Received',
  stepInitiateTransfer: 'Initiate Transfer',
  stepBuyerConfirms: 'Buyer Confirms',
  stepPaymentSent: 'Payment Sent',
  stepAwaitingTransfer: 'Awaiting Transfer',
  stepConfirmReceipt: 'Confirm Receipt',
  stepComplete: 'Complete',
  stepDone: 'done',
  stepCurrent: 'current',
  stepUpcoming: 'not yet',
  edit: 'Edit',
  delete: 'Delete',
  messages: 'Messages',
  hideMessages: 'Hide Messages',
  confirmReceipt: 'Confirm Receipt',
  initiateTransfer: 'Initiate Transfer',
  buyer: 'Buyer',
  seller: 'Seller',
  checkEmail: 'Check your email for transfer instructions',
  transferTo: (platform: string) => `Transfer through ${platform} to`,
  buyerNotifiedForEmail:
    'The buyer has been notified to enter their transfer email. Please message them before transferring.',
  noEmailOnFile: (platform: string) => `No ${platform} email on file`,
  // Issue 34 item 1: the buyer is asked for the e-mail the seller needs, and the seller hears when it is added.
  buyerNotYetAskedForEmail: 'Ask the buyer for it through Messages before transferring.',
  systemAskedForTransferEmail: (platform: string) =>
    `The buyer has no ${platform} email on file, so we asked them to add it for the transfer.`,
  systemBuyerAddedTransferEmail: (platform: string) =>
    `The buyer added their ${platform} email for the transfer.`,
  transferEmailTitle: (platform: string) => `Add your ${platform} email`,
  transferEmailBody: (platform: string) =>
    `The seller sends your tickets to your ${platform} account and needs the email address you use there. It is saved to your profile.`,
  transferEmailLabel: (platform: string) => `${platform} email`,
  transferEmailSave: 'Save email',
  transferEmailSaving: 'Saving...',
  transferEmailSaved: 'Email saved',
  transferEmailSavedBody: (platform: string) =>
    `The seller can now send your tickets to your ${platform} account.`,
  transferEmailFailed: 'Failed to save your email',
  transferInfoLoading: 'Loading buyer transfer info...',
  deleteTitle: 'Are you sure?',
  deleteDescription: 'This action cannot be undone. This will permanently delete your ticket listing.',
  cancel: 'Cancel',
  initiateDialogTitle: 'Confirm Ticket Transfer',
  initiateDialogBody:
    'Press Proceed only if you have already sent the tickets to the buyer through the ticketing platform. The buyer will be notified and asked to confirm receipt.',
  // A paper ticket travels as its uploaded barcode (spec 001 §1): Proceed is what lets the buyer download it.
  initiateDialogBodyPaper:
    'Press Proceed to hand the ticket over: the buyer can then download the barcode you uploaded from My Tickets, and will be notified and asked to confirm receipt. If you give the buyer the paper ticket itself, do that before you press Proceed.',
  goBack: 'Go Back',
  proceed: 'Proceed',
  successTitle: 'Success',
  errorTitle: 'Error',
  deleted: 'Ticket deleted successfully',
  deleteFailed: 'Failed to delete ticket',
  initiatedTitle: 'Transfer Initiated',
  initiated: 'The ticket transfer has been initiated. The buyer will be notified.',
  initiateFailed: 'Failed to initiate transfer',
  // Issue 21 item 3 (decision 0041): a paper ticket is transferred by its barcode, so it needs one first.
  barcodeRequired: 'Please upload the barcode before initiating the transfer',
  completedTitle: 'Transfer Complete',
  completed: 'Transfer completed successfully. Please leave a review for the seller.',
  alreadyCompleteTitle: 'Already Complete',
  alreadyCompleted: 'This transfer was already completed.',
  confirmFailed: 'Failed to confirm transfer',
  editorBack: 'Back to My Tickets',
  // Issue 20: the confirm dialogs name the ticket; Confirm Receipt asks first; the bought card's all-in total.
  dialogTicketLabel: 'Ticket',
  sectionOf: (section: string) => `Section ${section}`,
  rowOf: (row: string) => `Row ${row}`,
  ticketCount: (quantity: number) => `${quantity} ${quantity === 1 ? 'ticket' : 'tickets'}`,
  confirmDialogTitle: 'Did you receive your tickets?',
  confirmDialogBody:
    'Confirm only once the tickets are in your account and match what you bought. Your payment is then released to the seller, and you can no longer report a problem with this sale.',
  processingFee: 'Card Processing Fee',
  totalPaid: 'Total Paid',
} as const;

/** Issue 9, transfers helper: the transfer e-mails (server). */
export const TRANSFER_MAIL_SUBJECT = {
  initiated: 'Your tickets are on their way: please confirm receipt',
  barcodeReplaced: 'The seller replaced your ticket barcode: please download it again',
} as const;

/** Issue 9: per-ticket messages (spec 001 §2 message thread, §5 message send, §8 Messages). */
export const MESSAGE_TEXT = {
  systemSender: 'System Message',
  empty: 'No messages yet. Start the conversation!',
  placeholder: 'Type your message...',
  send: 'Send',
  sending: 'Sending...',
  threadLabel: 'Messages',
  inputLabel: 'Message',
  fetchFailed: 'Failed to fetch messages:',
  errorTitle: 'Error',
  sendFailed: 'Failed to send message',
  characterCount: (length: number, max: number) => `${length}/${max}`,
  // Server answers.
  notFound: 'Ticket not found',
  blank: 'Message cannot be empty',
  tooLong: 'Message cannot exceed 500 characters',
  tooMany: 'You are sending messages too quickly. Please wait a minute and try again.',
  mailSubject: (eventName: string) => `New message about your ticket for ${eventName}`,
} as const;

/** Issue 9: paper-ticket barcodes (spec 001 §2 paper tickets, §5 barcode upload, §8 barcode toasts). */
const BARCODE_MAX_MB = BARCODE_MAX_BYTES / (1024 * 1024);

export const BARCODE_TEXT = {
  uploadTitle: 'Barcode Upload Required',
  uploadIntro:
    'Upload a clear image of the ticket barcode. The buyer can download it once you initiate the transfer.',
  showUpload: 'Show Upload',
  hideUpload: 'Hide Upload',
  chooseFile: 'Barcode image',
  upload: 'Upload Barcode',
  replace: 'Replace Barcode',
  remove: 'Remove Barcode',
  uploading: 'Uploading...',
  uploaded: 'Barcode uploaded',
  uploadedDescription: 'The buyer can download it once the transfer is initiated.',
  removed: 'Barcode removed',
  removedDescription: 'The barcode image was deleted.',
  current: 'A barcode is uploaded for this ticket.',
  uploadedTitle: 'Barcode Uploaded',
  thumbnailAlt: 'The uploaded barcode',
  none: 'No barcode uploaded yet.',
  accessTitle: 'Barcode Access',
  download: 'Download Barcode',
  availableAfterTransfer: 'Available After Transfer',
  notUploadedYet: 'The seller has not uploaded the barcode yet.',
  downloadStarted: 'Download started',
  // Spec 001 §5 and §8 (inline text, then toast title and description).
  // Issue 44 item 3: a PDF e-ticket is accepted too.
  invalidType: 'Please select an image or PDF file',
  invalidTypeTitle: 'Invalid file type',
  invalidTypeToast: 'Please select an image file (JPEG, PNG, etc.) or a PDF e-ticket',
  // The limit is read from the constant the client and the server check, so the words cannot drift from it.
  tooLarge: `File size exceeds ${BARCODE_MAX_MB}MB limit`,
  tooLargeTitle: 'File too large',
  tooLargeToast: `Please select an image smaller than ${BARCODE_MAX_MB}MB`,
  uploadFailedTitle: 'Upload failed',
  uploadFailedInline: 'Error uploading barcode. Please try again.',
  uploadFailed: 'Failed to upload barcode',
  errorTitle: 'Error',
  removeFailed: 'Failed to remove barcode',
  downloadFailedTitle: 'Download failed',
  downloadFailed: 'Failed to download barcode',
  // Server answers.
  uploadedMessage: 'Barcode uploaded successfully',
  removedMessage: 'Barcode removed successfully',
  notFound: 'Ticket not found',
  noBarcode: 'No barcode has been uploaded for this ticket',
  notYetAvailable: 'The barcode is available once the seller initiates the transfer',
  notSeller: 'Only the seller can change the barcode',
  notPaper: 'Only paper tickets have a barcode',
  transferCompleted: 'The transfer is complete; the barcode can no longer be changed',
  // Decision 0041: once the buyer was told to download it, the barcode can change only visibly.
  notRemovableAfterInitiated: 'The transfer is initiated; the barcode can be replaced but no longer removed',
  replaceHint: 'The buyer is told when you replace the barcode.',
  systemReplaced:
    'The seller uploaded a new barcode. Please download it again from My Tickets: an earlier download may no longer be valid.',
  missingTicket: 'Choose the ticket the barcode belongs to',
  oneFileOnly: 'Upload one barcode file at a time',
} as const;

/** Reviews: Pending Reviews page, review dialog and reviews lists (spec 001 §2, 000 §2, §5, §8). */
export const REVIEW_TEXT = {
  pendingTitle: 'Pending Reviews',
  pendingIntro: 'Rate the people you traded with. Reviews help other fans trade with confidence.',
  noPending: 'No pending reviews at this time.',
  withSeller: 'Review your experience with seller',
  withBuyer: 'Review your experience with buyer',
  writeReview: 'Write Review',
  dialogTitle: 'Write a Review',
  ratingLabel: 'Rating',
  commentLabel: 'Comment',
  commentPlaceholder: 'Share your experience...',
  submit: 'Submit Review',
  submitted: 'Review submitted successfully',
  submitFailed: 'Failed to submit review',
  loadFailed: 'Failed to load pending reviews',
  reviewsLoadFailed: (message: string) => `Error loading reviews: ${message}`,
  noReviews: 'No reviews yet',
  showMore: 'Show more reviews',
  reviewsOf: (username: string) => `Reviews of ${username}`,
  newestFirst: 'Newest first',
  buyerToSeller: 'Buyer → Seller',
  sellerToBuyer: 'Seller → Buyer',
  // Server answers.
  commentRequired: 'Please write a comment about your experience.',
  commentTooLong: (max: number) => `Your comment can be at most ${max} characters.`,
  ratingRange: 'The rating must be a whole number from 1 to 5.',
  notFound: 'No review is waiting for this transaction.',
  notYours: 'Only the buyer or the seller of this sale can write this review.',
  mismatch: 'The ticket or the reviewed user does not match this transaction.',
  alreadyDone: 'This review has already been submitted or dismissed.',
  pendingRemoved: 'Pending review removed',
} as const;

/** Ratings shown for a user: never a made-up score (decision 0016, FTC 16 CFR 465). */
export const RATING_TEXT = {
  noReviews: 'No reviews yet',
  outOf5: (rating: number, total: number) =>
    `${rating.toFixed(1)} out of 5 from ${total} ${total === 1 ? 'review' : 'reviews'}`,
} as const;

/** The profile page (spec 000 §2 Profile, §8). */
export const PROFILE_TEXT = {
  pageTitle: 'Profile',
  settingsTab: 'Profile Settings',
  reviewsTab: 'My Reviews',
  firstName: 'First Name',
  lastName: 'Last Name',
  fullName: 'Full Name',
  fullNameHint: 'Your name as it appears on the ticketing platforms, used for transfers.',
  transferEmailsTitle: 'Transfer Emails',
  transferEmailsHint:
    'The e-mail address you use on each ticketing platform. Sellers send your tickets there; leave a field empty if you do not use that platform.',
  ticketmasterEmail: 'Ticketmaster Email',
  livenationEmail: 'Live Nation Email',
  axsEmail: 'AXS Email',
  save: 'Save Changes',
  saved: 'Profile updated successfully',
  saveFailed: 'Failed to update profile',
  accountTitle: 'Account',
  emailLabel: 'Email',
  changeEmail: 'Change Email',
  changeEmailTitle: 'Change Email',
  changeEmailDescription:
    'Enter your new e-mail address. We will send a confirmation link to your current address, then a link to the new one; the change takes effect once you open both.',
  newEmail: 'New Email',
  sendConfirmation: 'Send Confirmation',
  emailChangeInitiated: 'Email Change Initiated',
  emailChangeSentTo: (address: string) =>
    `We sent a verification email to ${address}. Open the link in it to confirm the change; we will then send a link to your new address.`,
  emailChangeFailed: 'Failed to update email',
  pendingEmail: (address: string) => `Waiting for confirmation: ${address}`,
  done: 'Done',
  quickLinksTitle: 'Ticketing Platforms',
  quickLinksHint: 'Open your accounts to check the transfer e-mail addresses above.',
} as const;

/** Issue 9 §2, §7 (payouts helper): payouts, the escrow timeline and report a problem (decision 0017). */
export const PAYOUT_TEXT = {
  panelTitle: 'Payouts',
  panelIntro: 'Your proceeds are held in escrow and paid to you 3 days after the event.',
  pendingLabel: 'Pending',
  paidLabel: 'Paid out',
  nextPaymentLabel: 'Next payment',
  noNextPayment: 'No payment scheduled',
  noPayouts: 'No sales yet. When you sell a ticket, its payout appears here.',
  loadError: 'Could not load your payouts. Please try again.',
  connectTitle: 'Payout account',
  connectNeeded: 'Connect a payout account with Stripe to receive your proceeds. Payouts wait until you do.',
  connectOptional: 'Sandbox mode: payouts are recorded without a payout account. You may connect a test one.',
  connected: 'Payout account connected',
  connectButton: 'Connect payout account',
  continueButton: 'Update payout account',
  connecting: 'Opening...',
  connectFailed: 'Could not open the payout account setup. Please try again.',
  previous: 'Previous',
  next: 'Next',
  status: {
    awaiting_transfer: 'Waiting for the transfer',
    awaiting_confirmation: 'Waiting for the buyer to confirm receipt',
    scheduled: 'Scheduled',
    processing: 'Being paid',
    needs_account: 'Waiting for your payout account',
    on_hold: 'On hold: the buyer reported a problem',
    paid: 'Paid',
    refunded: 'Refunded to the buyer',
  },
  saleDue: (amount: string, date: string) => `Payout ${amount} on ${date}`,
  salePaid: (amount: string, date: string) => `Paid ${amount} on ${date}`,
  notFound: 'Sale not found',
  reportButton: 'Report a problem',
  reportTitle: 'Report a problem with this transfer',
  reportDescription:
    'Tell us what went wrong. The payment stays in escrow and the seller is not paid until Encore support has looked into it.',
  reportLabel: 'What went wrong?',
  reportPlaceholder: 'For example: the tickets never arrived, or they are for a different event.',
  reportSubmit: 'Report problem',
  reportSubmitting: 'Reporting...',
  reportCancel: 'Cancel',
  reportRequired: 'Please describe the problem',
  reported: 'Problem reported. The payout to the seller is on hold while Encore support looks into it.',
  reportedBadge: 'Problem reported',
  notBuyer: 'Only the buyer can report a problem with this transfer',
  alreadyReported: 'You have already reported a problem with this sale',
  settled: 'This sale is already settled and can no longer be disputed',
  systemSold: (deadline: string) =>
    `Ticket sold. The seller must transfer the ticket by ${deadline}; otherwise the buyer is refunded automatically.`,
  systemRefunded:
    'The seller did not transfer the ticket before the deadline. The sale was cancelled and the buyer refunded in full.',
  systemDisputed:
    'The buyer reported a problem with this transfer. The payout is on hold until Encore support resolves it.',
  // Decision 0041: a paper ticket whose barcode the buyer never downloaded is not completed automatically.
  barcodeNotDownloadedReason:
    'The buyer never downloaded the barcode of this paper ticket, so the sale was not completed automatically.',
  systemBarcodeNotDownloaded:
    'The transfer was not completed automatically because the buyer has not downloaded the barcode. The payment stays in escrow until Encore support has looked into this sale.',
} as const;

/** Subjects of the escrow timeline's e-mails (decision 0017). */
export const PAYOUT_MAIL_SUBJECT = {
  transferReminder: 'Reminder: transfer the ticket you sold',
  sellerCancelled: 'Your sale was cancelled: the ticket was not transferred in time',
  buyerRefunded: 'Your payment has been refunded: the seller did not transfer the ticket',
  problemReported: 'The buyer reported a problem with a ticket you sold',
  paid: 'Your payout has been sent',
  saleCompleted: 'Sale complete: your payout is scheduled',
} as const;

/** A sale's after-sale state on My Tickets, which spec 001 does not word (decision 0020). */
export const SALE_STATE_TEXT = {
  problemReported: 'Problem reported',
  buyerReportedOn: (when: string) =>
    `You reported a problem on ${when}. The payment stays in escrow while Encore support looks into it.`,
  payoutOnHold: 'Payout on hold',
  sellerReportedOn: (when: string) =>
    `The buyer reported a problem on ${when}. Your payout is on hold until Encore support resolves it.`,
  badgeRefunded: 'Refunded',
  /** Why the buyer's sale was refunded, by the order's refund cause (decision 0042). */
  buyerRefunded: {
    transfer_deadline: (amount: string) =>
      `The seller did not transfer the ticket before the deadline. ${amount} was refunded to your card.`,
    event_cancelled: (amount: string) => `The event was cancelled. ${amount} was refunded to your card.`,
    event_postponed: (amount: string) =>
      `The event was postponed and you asked for a refund. ${amount} was refunded to your card.`,
    admin: (amount: string) => `Encore support refunded this purchase. ${amount} was refunded to your card.`,
    dispute: (amount: string) =>
      `Encore support looked into the problem you reported. ${amount} was refunded to your card.`,
    provider: (amount: string) =>
      `The payment was refunded through the payment provider. ${amount} was refunded to your card.`,
    chargeback: (amount: string) =>
      `Your bank took the payment back (chargeback). ${amount} was returned through your bank.`,
  } satisfies Record<RefundCause, (amount: string) => string>,
  /** Why the seller's sale was refunded, by the order's refund cause (decision 0042). */
  sellerRefunded: {
    transfer_deadline: (amount: string) =>
      `The ticket was not transferred before the deadline, so the buyer was refunded ${amount}. This sale is not paid out.`,
    event_cancelled: (amount: string) =>
      `The event was cancelled, so the buyer was refunded ${amount}. This sale is not paid out.`,
    event_postponed: (amount: string) =>
      `The event was postponed and the buyer asked for a refund, so they were refunded ${amount}. This sale is not paid out.`,
    admin: (amount: string) => `Encore support refunded the buyer ${amount}. This sale is not paid out.`,
    dispute: (amount: string) =>
      `Encore support looked into the problem the buyer reported and refunded them ${amount}. This sale is not paid out.`,
    provider: (amount: string) =>
      `The payment was refunded through the payment provider, so the buyer got ${amount} back. This sale is not paid out.`,
    chargeback: (amount: string) =>
      `The buyer's bank took the payment of ${amount} back (chargeback). This sale is not paid out.`,
  } satisfies Record<RefundCause, (amount: string) => string>,
  /** The buyer's refund of a ticket to a postponed event (decision 0042). */
  eventPostponed: 'Event postponed',
  requestRefund: 'Request a refund',
  refundUntil: (newDate: string, until: string) =>
    `The event was postponed to ${newDate}. If you cannot go, you can ask for a full refund until ${until}.`,
  refundDialogTitle: 'Request a refund?',
  refundDialogBody: (amount: string) =>
    `${amount} goes back to your card and the ticket is cancelled. This cannot be undone.`,
  refundConfirm: 'Request refund',
  refundRequestedTitle: 'Refund requested',
  refundFailed: 'The refund could not be requested. Please try again.',
  threadClosed: 'This sale was refunded. The conversation is closed.',
  // Decision 0041: the system, not the buyer, sent the sale to support.
  underReview: 'Under review',
  buyerBarcodeReview:
    'You did not download the barcode before the sale was due to complete, so Encore support is looking into this sale. The payment stays in escrow until then.',
  sellerBarcodeReview:
    'The buyer did not download the barcode, so this sale was not completed automatically. Your payout is on hold until Encore support resolves it.',
  // Decision 0050: part of the payment went back at the payment provider; support decides the rest.
  buyerPartialRefundReview:
    'Part of your payment was refunded at the payment provider. Encore support is deciding the rest of this sale; the remaining payment stays in escrow until then.',
  sellerPartialRefundReview:
    "Part of the buyer's payment was refunded at the payment provider, so your payout is lower by that amount. It is on hold until Encore support has looked at the sale.",
} as const;

/** The marketplace's price, date and quantity filters (spec 000 §3 'Ticket list filters'; decision 0030). */
export const MARKET_FILTER_TEXT = {
  filters: 'Filters',
  minPrice: 'Min price per ticket ($)',
  maxPrice: 'Max price per ticket ($)',
  startDate: 'From date',
  endDate: 'To date',
  quantity: 'Number of tickets',
  apply: 'Apply filters',
  reset: 'Reset filters',
  priceInvalid: 'Enter an amount from 0 to 200,000 with at most 2 decimals',
  priceRange: 'The max price must not be below the min price',
  dateRange: 'The end date must not be before the start date',
  quantityInvalid: 'Enter a whole number from 1 to 100',
  city: 'City',
  cityTooLong: 'Enter at most 100 characters',
  /** The one comparison with the original price, face value plus the original fee (decision 0073). */
  atOrBelowFace: 'At or below the original price',
  advancedSortActive: 'Advanced Sort',
  /** The listings shown are a one-letter correction's; the button runs that search (decision 0059). */
  noMatchFor: (search: string) => `No listings match “${search}”.`,
  didYouMean: (suggestion: string) => `Did you mean “${suggestion}”?`,
  /** The listings shown are the corrected search's (decision 0059). */
  showingFor: (suggestion: string) => `Showing listings for “${suggestion}”.`,
  searchCorrected: (suggestion: string) => `Search for “${suggestion}”`,
} as const;

/** The back office's money actions and what they tell buyers and sellers (decisions 0033–0035). */
export const MONEY_TEXT = {
  /** A payment provider's failure, in Encore's words: its own status and text are never shown (decision 0079). */
  providerFailed:
    'Our payment provider could not complete this just now. Nothing has changed; please try again in a few minutes.',
  orderNotFound: 'Order not found',
  alreadyRefunded: 'This order has already been refunded',
  paidOut: 'This order has already been paid out to the seller and can no longer be refunded from escrow',
  payoutInProgress: 'The payout of this order has started and it can no longer be refunded from escrow',
  refundStarted: (amount: string) => `Refund of ${amount} to the buyer started`,
  disputeNotFound: 'No dispute on this order',
  disputeResolved: 'This dispute has already been resolved',
  disputeRefunded: (amount: string) => `Dispute resolved: ${amount} refunded to the buyer`,
  disputeReleased: 'Dispute resolved: the payout to the seller is released',
  providerDisputeOpen:
    "This payment is disputed with the buyer's bank; the bank decides it. Encore records its outcome when the provider reports it",
  releaseNotTransferred: 'The seller has not transferred the ticket yet, so there is no payout to release',
  eventNotFound: 'Event not found',
  eventCancelled: 'This event is already cancelled',
  eventCancelledNow: (orders: number) =>
    `Event cancelled. ${orders === 1 ? '1 order is' : `${orders} orders are`} being refunded to the buyers`,
  postponeSameDate: 'Please choose a date other than the current one',
  postponePast: 'Please choose a date in the future',
  eventPostponed: (date: string) => `Event postponed to ${date}`,
  reportAfterConfirmation: 'You confirmed receipt of this ticket, so a problem can no longer be reported',
  reportWindowClosed: 'The time to report a problem with this sale has ended',
  refundRequestNotPostponed: 'A refund can only be requested for a postponed event',
  refundRequestClosed: 'Refunds for this postponed event could be requested until the new date',
  refundRequested: (amount: string) => `Your refund of ${amount} is on its way to your card`,
  notBuyer: 'Only the buyer can request a refund of this order',
  systemRefunded: (reason: string) => `Encore support refunded the buyer in full. Reason: ${reason}`,
  systemEventCancelled: (reason: string) =>
    `The event was cancelled, so the buyer is refunded in full. Reason: ${reason}`,
  systemPostponedRefund:
    'The event was postponed and the buyer asked for a refund. The buyer is refunded in full.',
  systemProviderRefund: 'The payment was refunded at the payment provider. The sale is cancelled.',
  systemChargeback: "The buyer's bank took the payment back (chargeback). The sale is cancelled.",
  systemProviderDispute:
    'The buyer disputed the payment with their bank. The payout is on hold until the dispute is decided.',
  systemDisputeReleased: (reason: string) =>
    `Encore support resolved the reported problem and released the payout. Reason: ${reason}`,
  systemDisputeWon: 'The bank decided the payment dispute for the seller. The payout is released.',
  refundedAtProvider: 'Refunded at the payment provider',
  refundedAfterPayout: 'Refunded at the payment provider after the payout',
  chargebackLost: 'Chargeback lost at the card issuer',
  issuerDisputeReason: (reason: string) => `Disputed with the card issuer: ${reason}`,
  partialRefundReason: (refunded: string, amount: string) =>
    `Partly refunded at the payment provider (${refunded} of ${amount}). Release the rest to the seller, or refund it to the buyer.`,
  systemPartialRefund: (refunded: string) =>
    `${refunded} of the payment was refunded at the payment provider, so the seller's payout is lower. The rest of the sale waits for Encore support.`,
} as const;

/** What a request about a sale that has already ended is told (409), whichever request came first. */
export const SALE_TEXT = {
  refunded: 'This sale was refunded',
  paidOut: 'This sale was paid out to the seller',
} as const;

/** Subjects of the back office's money e-mails. */
export const MONEY_MAIL_SUBJECT = {
  buyerRefunded: 'Your payment has been refunded',
  sellerRefunded: 'A sale of yours was refunded to the buyer',
  eventCancelledBuyer: 'Your event was cancelled: your payment is refunded',
  eventCancelledSeller: 'An event you sold tickets for was cancelled',
  listingsWithdrawn: 'An event you listed tickets for was cancelled: your listings are withdrawn',
  eventPostponed: 'Your event was postponed',
  disputeReleased: 'The reported problem was resolved: the payout is released',
} as const;
