/**
 * The visitor pages: the landing signup and the public home.
 * Re-exported by ../messages.ts: a module of its own, so that a first paint carries only these texts.
 */

import { NEWSLETTER_CONFIRM_TTL_HOURS } from '../constants.js';

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
  // Double opt-in (decision 0064): the address counts once its owner follows the e-mailed link. The same
  // answer for a new, a pending and a confirmed address, so it tells nobody who subscribed.
  successTitle: 'Check your inbox',
  success: 'Thank you for subscribing! Follow the link we e-mailed you to confirm your address.',
} as const;

/** The landing page at / (spec 001 §2): the marketplace is live, so it leads to the listings at /home. */
export const LANDING_TEXT = {
  intro:
    "Encore is a fan-to-fan marketplace for concert tickets. Sell the tickets you can't use at a fair price, buy from real fans, and know exactly what you pay.",
  browse: 'Browse tickets on sale',
  newsTitle: 'Get Encore news',
  newsDescription:
    "Leave your name and e-mail for news from Encore and an early-adopter discount on your first purchase. We'll first e-mail you a link to confirm your address.",
  consent:
    'I agree to receive e-mail updates from Encore, including my early-adopter discount. I can unsubscribe at any time.',
} as const;

/** The newsletter's confirmation and unsubscribe pages and mails (decision 0064). */
export const NEWSLETTER_TEXT = {
  confirmMailSubject: 'Confirm your Encore newsletter subscription',
  confirmMailIntro:
    'Someone, hopefully you, asked for Encore news at this address. Nothing is sent until you confirm:',
  confirmMailExpiry: `The link works for ${NEWSLETTER_CONFIRM_TTL_HOURS} hours. If you did not ask, ignore this e-mail: you will hear nothing more.`,
  unsubscribeMailLine: 'Stop all Encore news e-mails:',
  confirmTitle: 'Confirm your subscription',
  confirmIntro: 'Confirm that you want Encore news and your early-adopter discount at this address.',
  confirmButton: 'Confirm subscription',
  confirmed: "Your address is confirmed. We'll e-mail you Encore news and your early-adopter discount.",
  alreadyConfirmed: 'This address is already confirmed. There is nothing more to do.',
  confirmInvalid: 'This confirmation link is invalid or has expired. Please sign up again on the home page.',
  confirmFailed: 'We could not confirm your subscription. Please try again.',
  unsubscribeTitle: 'Unsubscribe from Encore news',
  unsubscribeIntro: 'Stop all Encore news e-mails to this address.',
  unsubscribeButton: 'Unsubscribe',
  unsubscribed: 'You are unsubscribed. We will not send you Encore news again.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  unsubscribeFailed: 'We could not unsubscribe you. Please try again.',
  browse: 'Browse tickets on sale',
} as const;

/** Spec 000 §2 'Home for visitors'. */
export const PUBLIC_HOME_TEXT = {
  whatYouPay: 'What you pay',
  loginForDetails: 'Login for Details',
  ticket: 'ticket',
  tickets: 'tickets',
} as const;
