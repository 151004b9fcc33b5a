/**
 * The visitor pages: the landing signup and the public home.
 * Re-exported by ../messages.ts: a module of its own, so that a first paint carries only these texts.
 */

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

/** Spec 000 §2 'Home for visitors'. */
export const PUBLIC_HOME_TEXT = {
  whatYouPay: 'What you pay',
  loginForDetails: 'Login for Details',
  ticket: 'ticket',
  tickets: 'tickets',
} as const;
