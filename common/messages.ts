/**
 * User-visible texts copied from the specification, plus the server's own messages.
 * Server messages are chosen so that the client's substring mapping (spec 000 §8)
 * turns them into the spec's texts; `auth-error-map.test.ts` pins every pair.
 */

export const EXAMPLE_EMAIL = 'name@example.com';

/** Registration rules, in the order the client checks them (spec 000 §5). */
export const REGISTRATION_TEXT = {
  firstNameRequired: 'Please enter your first name.',
  lastNameRequired: 'Please enter your last name.',
  emailRequired: 'Please enter your email address.',
  emailInvalid: `Please enter a valid email address (e.g., ${EXAMPLE_EMAIL}).`,
  usernameRequired: 'Please choose a username for your account.',
  usernameTooShort: 'Your username must be at least 3 characters long.',
  passwordRequired: 'Please enter a password to secure your account.',
  passwordWeak:
    'Please create a stronger password. Try adding uppercase letters, numbers, and special characters like !@#$%.',
  passwordMismatch:
    "The passwords you entered don't match. Please make sure both password fields are identical.",
} as const;

/** Spec 000 §8 'Login and registration' shown texts. */
export const AUTH_ERROR_TEXT = {
  badCredentials: 'The username or password you entered is incorrect. Please double-check and try again.',
  usernameTaken: 'This username is already taken. Please choose a different username.',
  emailTaken:
    'An account with this email already exists. Please use a different email address or try logging in instead.',
  passwordTooShort: 'Your password must be at least 8 characters long.',
  passwordRequirements:
    'Your password must include uppercase and lowercase letters, numbers, and special characters.',
  emailNotVerified:
    'Please verify your email address before logging in. Check your inbox for a verification email.',
  accountSuspended: 'Your account has been suspended. Please contact support for assistance.',
  accountLocked:
    'Your account has been temporarily locked due to multiple failed login attempts. Please try again later or reset your password.',
  network:
    "We're having trouble connecting to our servers. Please check your internet connection and try again.",
  serverError: "We're experiencing technical difficulties. Please try again in a few moments.",
  unavailable: 'Our service is temporarily unavailable. Please try again in a few minutes.',
  tooManyRequests: "You've made too many attempts. Please wait a few minutes before trying again.",
  invalidCode: 'The verification code you entered is incorrect. Please check the code and try again.',
  expiredCode: 'Your verification code has expired. Please request a new one.',
  generic: 'Something went wrong. Please try again or contact support if the problem continues.',
} as const;

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

export const AUTH_SUCCESS_TEXT = {
  registered: 'Registration successful. Please check your email to verify your account.',
  codeSent: 'A verification code has been sent to your email.',
  codeResent: 'A new verification code has been sent to your email.',
  loginVerified: 'Login verified successfully!',
  redirecting: 'Redirecting to homepage...',
  loggedOut: 'Logged out',
} as const;

export const VERIFY_FAILURE_TEXT = {
  failed: 'Verification failed. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

/** Spec 001 §8 'Account recovery'. */
export const RECOVERY_TEXT = {
  verifyEmailInvalid:
    'This verification link is invalid or has expired. Please request a new verification email.',
  verifyEmailSuccess: 'Your email has been successfully verified.',
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

/** Spec 001 §5 and §8 'Subscribe'. */
export const SUBSCRIBE_TEXT = {
  missingTitle: 'Missing Information',
  missing: 'Please provide both your name and email address.',
  consentTitle: 'Consent Required',
  consent: 'Please check the consent box to receive updates.',
  invalidTitle: 'Invalid Email',
  invalid: 'Please provide a valid email address.',
  failedTitle: 'Subscription Failed',
  failed: 'Failed to subscribe. Please try again.',
  networkFailureTitle: 'Error',
  networkFailure: 'An unexpected error occurred. Please try again later.',
  successTitle: 'Subscription Successful!',
  success: "Thank you for subscribing! We'll notify you when we launch.",
  alreadySubscribed: 'This email address is already subscribed.',
} as const;

/**
 * Server messages of the sign-in hardening (decision 0008). Through the client's substring mapping
 * (spec 000 §8) `pendingLoginExpired` shows as the expired-code text; the others show as they are.
 */
export const SIGN_IN_TEXT = {
  /** verify-login and its resend without a live pending login of this client (cookie missing, expired, used). */
  pendingLoginExpired: 'Verification code expired. Please log in again.',
  resendTooSoon: 'Please wait before requesting another code.',
  usernameInvalidCharacters:
    'Usernames cannot contain control characters, line breaks or text-direction characters.',
} as const;

/** The local mailbox (/dev/mail, /api/dev/outbox) of a development instance. */
export const DEV_MAIL_TEXT = {
  loopbackOnly: 'The local mailbox can only be read from the machine Encore runs on (localhost).',
} as const;

export const MAIL_SUBJECT = {
  verifyEmail: 'Verify Your Email Address',
  loginCode: 'Your Encore login code',
  passwordReset: 'Reset your Encore password',
  usernameRecovery: 'Your Encore username',
  emailChange: 'Confirm your new Encore email address',
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

/** Spec 000 §2 and 001 §2, §6: the app shell (navigation, beta banner, guards) and the landing page. */
export const SHELL_TEXT = {
  betaBanner:
    "Welcome to Encore Beta! We're in active development. If you encounter any issues, please let us know.",
  signIn: 'Sign In',
  signUp: 'Sign Up',
  signOut: 'Sign Out',
  accessDeniedTitle: 'Access Denied',
  accessDenied: "You don't have permission to access this page.",
  landingHeadline: 'A better way to buy and sell tickets is coming soon!',
  copyright: '© 2026 Encore. All rights reserved.',
  comingSoonTitle: 'This page is coming soon',
  givingBackSmallVenues: 'Small Venue Support',
  givingBackArtists: 'Artist Development',
  givingBackMoreDetails: 'More Details Coming Soon',
} as const;

/** Spec 000 §5 'Listing form' and §7: the event catalog (concert search, artist info). */
export const CATALOG_TEXT = {
  searchTooShort: 'Concert search needs at least 3 characters.',
  artistNameRequired: 'Please give an artist or event name.',
  searchTooLong: 'Concert search takes at most 100 characters and 8 words.',
} as const;

/** Spec 000 §2, §5: the authentication screen's own labels, hints and screens. */
export const AUTH_SCREEN_TEXT = {
  errorTitle: 'Authentication Error',
  needAccount: 'Need an account? Register',
  haveAccount: 'Have an account? Login',
  forgotUsername: 'Forgot username?',
  forgotPassword: 'Forgot password?',
  registrationCompleteTitle: 'Registration Complete',
  verifyEmailButton: 'Verify Email Address',
  goToLogin: 'Go to Login',
  returnToHome: 'Return to Home',
  backToLogin: 'Back to Login',
  tryAgain: 'Try Again',
  clear: 'Clear',
  verifying: 'Verifying...',
  verifyingLogin: 'Verifying your login...',
  trustDevice: 'Trust this device for 30 days (skip verification next time)',
  strengthWeak: 'Weak password',
  strengthGood: 'Good password',
  strengthStrong: 'Strong password!',
  strengthAdd: 'Add',
  strengthAlmostThere: 'Almost there!',
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
  faceValueInvalid: 'Face value must be an amount of at least 0 with at most 2 decimals',
  serviceFeeInvalid: 'Service fee must be an amount of at least 0 with at most 2 decimals',
  amountTooLarge: 'Amounts must be at most $100,000.00 per ticket',
  quantityMax: 'Quantity must be at most 100',
  daysCountMax: 'Number of days must be at most 31',
  markupInvalid: 'Markup must be a whole number from -100 to 50',
  eventDateInvalid: 'Event date must be a valid date (yyyy-MM-dd)',
  eventDatePast: 'The event date has already passed',
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
  sortByInvalid: 'sortBy must be one of date, price_asc, price_desc or section',
  sortCriteriaInvalid:
    'sortCriteria must be a JSON list of {field, direction} with field eventDate, price, section or markup and direction asc or desc',
  sortCriteriaTooMany: 'sortCriteria allows at most 4 criteria',
  minPriceInvalid: 'minPrice must be an amount in dollars of at least 0 with at most 2 decimals',
  maxPriceInvalid: 'maxPrice must be an amount in dollars of at least 0 with at most 2 decimals',
  priceRangeInvalid: 'minPrice must not be more than maxPrice',
  startDateInvalid: 'startDate must be a valid date (yyyy-MM-dd)',
  endDateInvalid: 'endDate must be a valid date (yyyy-MM-dd)',
  dateRangeInvalid: 'startDate must not be after endDate',
  includeAllInvalid: 'includeAll must be true or false',
  cursorInvalid: 'This page of results is no longer valid. Please reload the list.',
  limitInvalid: 'limit must be a whole number from 1 to 100',
  suggestionQueryInvalid: 'The search text must be at most 100 characters',
  invalidUserId: 'Invalid user ID provided',
  userNotFound: 'User not found',
} as const;

/** Holds, payment, purchase completion and the sandbox checkout (spec 000 §8, spec 001 §8; decision 0011). */
export const CHECKOUT_TEXT = {
  heldByOther: 'This ticket is currently being viewed by another user. Please try again in a few minutes.',
  beingEditedBySeller: 'The seller is editing this ticket. Please try again in a few minutes.',
  alreadySold: 'This ticket has already been sold',
  ownTicket: 'You cannot buy your own ticket',
  eventPast: 'This event has already taken place',
  notHolding: 'Your hold on this ticket has ended. Please open the ticket again.',
  noMoreExtensions: 'This hold cannot be extended any further.',
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
  newSeller: 'New seller',
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
  advancedSort: 'Advanced Sort',
  addCriterion: 'Add sort criterion',
  clear: 'Clear',
  fieldEventDate: 'Event date',
  fieldPrice: 'Price',
  fieldSection: 'Section',
  fieldMarkup: 'Markup',
  ascending: 'Ascending',
  descending: 'Descending',
  ticketUnavailableTitle: 'Ticket Unavailable',
  ticketUnavailable:
    'This ticket is currently being viewed by another user. Please try again in a few minutes.',
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
  viewMyTickets: 'View My Tickets',
  howPurchasingWorks: 'How purchasing works',
  howItWorks: 'How it Works',
  reviewsLoadFailed: 'Error loading reviews:',
  noReviews: 'No reviews yet',
} as const;

/** Spec 000 §2 'Home for visitors'. */
export const PUBLIC_HOME_TEXT = {
  whatYouPay: 'What you pay',
  loginForDetails: 'Login for Details',
  ticket: 'ticket',
  tickets: 'tickets',
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
  released:
    'Your card was not charged and the ticket has been released. You can reserve it again from the marketplace.',
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
} as const;

/** Per-user upload quotas (decision 0007), answered with 429. */
export const UPLOAD_QUOTA_TEXT = {
  tooManyUploads: 'You have uploaded too many images in the last hour. Please wait before uploading more.',
  tooManyUnattached:
    'You have too many uploaded images that are not on a listing. Please list a ticket with one of them, or wait a day for unused images to be removed, before uploading more.',
} as const;

/** Issue 7: the skip link of every page. */
export const A11Y_TEXT = {
  skipToContent: 'Skip to main content',
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

/** Issue 7: 'Resend code' on the Verification Required screen (POST /api/verify-login/resend; its answers are AUTH_SUCCESS_TEXT.codeResent and SIGN_IN_TEXT). */
export const RESEND_CODE_TEXT = {
  button: 'Resend code',
  countdown: (seconds: number) => `Resend code in ${seconds}s`,
  sending: 'Sending...',
} as const;
