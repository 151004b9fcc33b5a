/** Closing my account (issue 47 item 5; decision 0099): the profile's section, the server's answers, the e-mail. */
export const ACCOUNT_CLOSURE_TEXT = {
  // The profile's "Close your account" section.
  sectionTitle: 'Close your account',
  intro:
    'Closing your account ends your listings, bids, price alerts and saved cards, signs you out everywhere and erases your name, e-mail and username. Orders, payments and payouts stay in our records, as the law requires, without your name on them. Reviews you wrote stay, from "Former member". This cannot be undone.',
  exportHint: 'You may want to request a copy of your data first.',
  mustFinishFirst: 'Before you can close your account, these must finish:',
  moreBlockers: (count: number) => `…and ${count} more.`,
  startButton: 'Close my account',
  dialogTitle: 'Close your account?',
  dialogDescription:
    'Enter your password to confirm it is you. Your account closes at once and cannot be reopened.',
  passwordLabel: 'Password',
  confirmButton: 'Close my account for good',
  closing: 'Closing…',
  cancel: 'Keep my account',
  loadFailed: 'Whether your account can close could not be checked. Please try again.',
  closeFailed: 'Your account could not be closed. Please try again.',
  // The server's answers.
  passwordRequired: 'Enter your password to close your account.',
  wrongPassword: 'That password is not right.',
  inFlight: 'Your account cannot close yet: some sales, purchases or payouts must finish first.',
  closed: 'Your account is closed. Thank you for being part of Encore.',
  closedForAdmins: 'This account is closed: it can no longer be suspended or given a role.',
  // Each thing that must finish first.
  saleAwaitingTransfer: (event: string) => `Your sale of ${event}: transfer the ticket to the buyer.`,
  saleAwaitingConfirmation: (event: string) =>
    `Your sale of ${event}: the buyer has not confirmed receipt yet.`,
  payoutPending: (event: string) => `Your payout for ${event} has not been paid yet.`,
  purchaseInEscrow: (event: string) =>
    `Your purchase of ${event}: confirm receipt once you have the ticket, or report a problem.`,
  listingBeingBought: (event: string) => `A buyer is checking out your listing for ${event}.`,
  hold: (event: string) => `You are holding tickets for ${event}: buy them or let the hold end.`,
  disputeOpen: (event: string) => `The dispute about ${event} is still open.`,
  adminRole: 'An admin account cannot be closed. Ask another admin to change your role first.',
  // Why a bid ended (kept on the bid).
  bidEnded: 'Account closed',
  // How a closed member appears to others.
  formerMember: 'Former member',
  messageRemoved: 'This message was removed when its author closed their account.',
  // The e-mail to the address the account had.
  mailSubject: 'Your Encore account is closed',
  mailParagraphs: (firstName: string) => [
    `Hi ${firstName},`,
    'Your Encore account is closed, as you asked. Your listings, bids, price alerts and saved cards have ended, you are signed out everywhere, and your name, e-mail address and username are erased from our records.',
    'We keep the orders, payments and payouts of your sales and purchases, without your name, for as long as the law requires.',
  ],
  mailClosing: 'If you did not close your account, contact support at once.',
} as const;
