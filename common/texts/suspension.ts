/**
 * Suspending and reinstating a member (decision 0077), and an admin withdrawing a listing with a reason
 * (decision 0078): the admin's dialogs, the server's answers and the e-mails to the member.
 */
export const SUSPENSION_TEXT = {
  // The admin's confirm dialog (User Details → Suspend / Reinstate).
  suspendTitle: 'Suspend member',
  reinstateTitle: 'Reinstate member',
  suspendDescription: (username: string) =>
    `${username} is signed out everywhere and cannot sign in. Their listings are taken off sale, their holds end, their bids and price alerts are paused, and every sale of theirs not yet transferred is refunded to its buyer. They are e-mailed the reason.`,
  reinstateDescription: (username: string) =>
    `${username} can sign in again. Their listings, bids and price alerts that are still valid are restored, and they are e-mailed.`,
  goBack: 'Go Back',
  // The server's answers.
  userSuspended: (username: string, refunded: number) =>
    refunded === 0
      ? `${username} is suspended and signed out everywhere`
      : `${username} is suspended and signed out everywhere; ${refunded === 1 ? '1 sale was' : `${refunded} sales were`} refunded to the buyer`,
  reasonRequired: 'Please give the reason for the suspension.',
  /** Why a sale from a suspended seller was refunded: what the buyer and the seller read. */
  sellerSuspendedRefund: 'The seller’s account was suspended before the ticket was transferred.',
  /** A suspended seller's listing cannot be put back on sale by hand. */
  sellerSuspended: 'The seller is suspended. Reinstate them first: their listings come back with them.',
  /** A paused bid's ended reason, while its member is suspended. */
  bidPaused: 'Paused while the account is suspended.',
  // E-mails to the member.
  suspendedSubject: 'Your Encore account has been suspended',
  reinstatedSubject: 'Your Encore account is active again',
  suspendedMail: (firstName: string, reason: string, supportEmail: string) => [
    `Hi ${firstName},`,
    'An Encore admin suspended your account. You are signed out and cannot sign in while it is suspended.',
    `Reason: ${reason}`,
    'Your listings are off sale and your bids and price alerts are paused. Any sale of yours that was not yet transferred has been refunded to its buyer.',
    `If you think this is a mistake, write to ${supportEmail}.`,
  ],
  reinstatedMail: (firstName: string, appUrl: string) => [
    `Hi ${firstName},`,
    'Your Encore account is active again: you can sign in as before.',
    'Your listings, bids and price alerts that are still valid have been restored.',
    `Sign in: ${appUrl}/login`,
  ],
} as const;

/**
 * A listing's status in the member's words (decision 0078), used by the admin too: what the seller's My
 * Tickets badge says is what the admin chooses. 'sold' is reached only through a paid order.
 */
export const LISTING_STATUS_TEXT = {
  available: 'Active',
  cancelled: 'Withdrawn by Encore',
  pending: 'Under review',
  sold: 'Sold',
} as const;

/** Withdrawing or restoring a listing (admin Ticket Details). */
export const WITHDRAW_TEXT = {
  changeStatus: 'Change status',
  dialogTitle: (status: string) => `Change the listing to “${status}”`,
  dialogDescription: {
    available: 'The listing goes back on sale. The seller is e-mailed the reason.',
    cancelled:
      'The listing is withdrawn for good: it comes off sale, any buyer’s hold on it ends, and the seller is e-mailed the reason.',
    pending:
      'The listing comes off sale while Encore reviews it: any buyer’s hold on it ends, and the seller is e-mailed the reason.',
  },
  confirm: 'Change status',
  reasonRequired: 'Please give the reason for the change.',
  mailSubject: 'Encore changed the status of your listing',
  mail: (firstName: string, listing: string, status: string, reason: string, myTicketsUrl: string) => [
    `Hi ${firstName},`,
    `Encore changed the status of your listing for ${listing} to “${status}”.`,
    `Reason: ${reason}`,
    `You can see it in My Tickets: ${myTicketsUrl}`,
  ],
} as const;
