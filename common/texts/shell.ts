/**
 * The app shell: nav bar, banner, footer, notices (read before the first paint).
 * Re-exported by ../messages.ts: a module of its own, so that a first paint carries only these texts.
 */

/** Spec 000 §2 and 001 §2, §6: the app shell (navigation, beta banner, guards) and the landing page. */
export const SHELL_TEXT = {
  betaBanner:
    "Welcome to Encore Beta! We're in active development. If you encounter any issues, please let us know.",
  signIn: 'Sign In',
  signUp: 'Sign Up',
  signOut: 'Sign Out',
  accessDeniedTitle: 'Access Denied',
  accessDenied: "You don't have permission to access this page.",
  // Spec 001 says 'is coming soon!'; the marketplace is live, so the page says so (issue 34).
  landingHeadline: 'A better way to buy and sell tickets is here!',
  copyright: '© 2026 Encore. All rights reserved.',
  givingBackSmallVenues: 'Small Venue Support',
  givingBackArtists: 'Artist Development',
  givingBackMoreDetails: 'More Details Coming Soon',
} as const;

/** Issue 7: the skip link of every page. */
export const A11Y_TEXT = {
  skipToContent: 'Skip to main content',
} as const;
