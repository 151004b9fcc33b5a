/** A copy of my data (issue 47 item 4; decision 0097): the profile's section, the server's answers, the e-mail. */
export const DATA_EXPORT_TEXT = {
  // The profile's "Your data" section.
  sectionTitle: 'Your data',
  intro:
    'Get a copy of everything Encore keeps about you: your profile, listings, purchases and sales, messages, reviews, bids, price alerts, support conversations, saved cards and sign-in history, as JSON files in a ZIP.',
  requestButton: 'Request a copy of my data',
  requesting: 'Requesting…',
  requested: 'We are preparing your data. We will e-mail you a link within a few minutes.',
  requestFailed: 'Your request could not be sent. Please try again.',
  loadFailed: 'The state of your data copy could not be loaded.',
  pending: (requestedAt: string) =>
    `Requested ${requestedAt}. We are preparing your data and will e-mail you a link when it is ready.`,
  ready: (expiresAt: string) => `Your copy is ready. The link works until ${expiresAt}.`,
  download: 'Download my data',
  size: (bytes: string) => `ZIP file, ${bytes}`,
  truncatedNote: 'Some lists were too long and were cut; each file says what was left out.',
  expired: 'Your last copy has expired and was deleted. You can request a new one.',
  failed: 'We could not prepare your last copy. You can request a new one.',
  // The server's answers.
  alreadyPending:
    'You already asked for a copy of your data. We are preparing it and will e-mail you a link.',
  requestedMessage: 'We are preparing your data. We will e-mail you a link within a few minutes.',
  linkInvalid: 'This download link is not valid. Request a new copy of your data from your profile.',
  linkExpired: 'This download link has expired. Request a new copy of your data from your profile.',
  // The e-mail.
  mailSubject: 'Your Encore data is ready',
  mailParagraphs: (firstName: string, expiresAt: string) => [
    `Hi ${firstName},`,
    `The copy of your Encore data you asked for is ready. Open the link below while signed in to Encore to download it; it works until ${expiresAt}, then the file is deleted.`,
  ],
  mailClosing: 'If you did not ask for this copy, sign in and change your password, then contact support.',
} as const;
