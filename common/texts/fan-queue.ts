import { FAN_QUEUE_LINE_TEXT, fansAre } from './fan-queue-line.js';

/**
 * The Fan Queue (issue 46, decision 0100): the event page's panel, My Bids' section, refusals and e-mails;
 * what the panel shows a visitor is in `fan-queue-line.ts`, so a visitor's first load carries only that.
 */

/** "1st", "2nd", "3rd", "4th", "11th", "21st", "112th". */
export function ordinal(position: number): string {
  const lastTwo = position % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${position}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][position % 10] ?? 'th';
  return `${position}${suffix}`;
}

const tickets = (quantity: number) => (quantity === 1 ? '1 ticket' : `${quantity} tickets`);

export const FAN_QUEUE_TEXT = {
  ...FAN_QUEUE_LINE_TEXT,
  // Labels of their own: the price alert form beside the panel asks for tickets and a price too.
  quantityLabel: 'Quantity',
  maxPriceLabel: 'Most you will pay per ticket (USD, all-in)',
  maxPriceHint: (reference: string) => `At most ${reference}, the show's face value with its original fee.`,
  howLegend: 'When tickets reach you',
  howOffer: 'Hold them for me to pay (10 minutes)',
  howBuyForMe: 'Buy them for me with a saved card',
  cardLabel: 'Card',
  cardOption: (brand: string, last4: string) => `${brand.toUpperCase()} ending in ${last4}`,
  noCards: 'Save a card in your profile to have tickets bought for you.',
  cardsLoadFailed: 'Failed to load your saved cards. Please try again.',
  buyForMeSummary: (brand: string, last4: string) =>
    `Bought for you at once with your ${brand.toUpperCase()} ending in ${last4}`,
  buyingTitle: 'Buying your tickets',
  buying: 'Your card is being charged for the tickets held for you.',
  confirmPayment: 'Confirm the payment with your bank',
  /** Starts with confirmPayment, the link's visible text (WCAG 2.5.3). */
  confirmPaymentLabel: (eventName: string) => `Confirm the payment with your bank: ${eventName}`,
  join: 'Join the Fan Queue',
  joining: 'Joining…',
  update: 'Update my place',
  updating: 'Saving…',
  leave: 'Leave the Fan Queue',
  leaving: 'Leaving…',
  position: (position: number, quantity: number) =>
    `You are ${ordinal(position)} in line for ${tickets(quantity)}`,
  joinedTitle: 'You joined the Fan Queue',
  joined: (eventName: string) =>
    `When tickets for ${eventName} are listed at or below your price, they are offered to you in turn.`,
  updatedTitle: 'Fan Queue place updated',
  updated: 'Your place in line stays the same.',
  leftTitle: 'You left the Fan Queue',
  left: (eventName: string) => `You are no longer in line for ${eventName}.`,
  offerTitle: 'Tickets are held for you',
  offer: (quantity: number, price: string, minutes: number) =>
    quantity === 1
      ? `1 ticket at ${price} is held for you for ${minutes} minutes.`
      : `${quantity} tickets at ${price} each are held for you for ${minutes} minutes.`,
  payOffer: 'Pay for these tickets',
  offerLapsedNote: 'An offer you let pass is handed to the next fan in line.',
  movedToBack: 'You let three offers pass in a row, so your place moved to the back of the line.',
  // The words; one fan reads "1 fan is waiting".
  sellerNotice: (count: number) => `Your tickets go to the Fan Queue first: ${fansAre(count)} waiting`,
  myTitle: 'Fan Queue',
  myEmpty: 'You are not in any Fan Queue. Join one on a show’s page.',
  myLoadFailed: 'Failed to load your Fan Queue places. Please try again.',
  historyTitle: 'Offers',
  statusWaiting: 'Waiting',
  statusOffered: 'Offer open',
  statusFilled: 'Done',
  statusLeft: 'Left',
  statusEnded: 'Ended',
  statusRemoved: 'Removed by Encore',
  offerBought: 'Bought',
  offerLapsed: 'Let pass',
  offerWithdrawn: 'Withdrawn',
  // The screens' own: the event page's panel, My Bids' section.
  loading: 'Loading the Fan Queue…',
  joinFailed: 'Failed to join the Fan Queue. Please try again.',
  updateFailed: 'Failed to update your place. Please try again.',
  leaveFailed: 'Failed to leave the Fan Queue. Please try again.',
  entrySummary: (quantity: number, price: string) => `${tickets(quantity)} at up to ${price} each`,
  offerSummary: (quantity: number, price: string) => `${tickets(quantity)} at ${price} each`,
  /** Starts with payOffer, the link's visible text (WCAG 2.5.3). */
  payOfferLabel: (eventName: string) => `Pay for these tickets: ${eventName}`,
  offerOpen: 'Open',
  pages: 'Fan Queue pages',
  previousPage: 'Previous',
  nextPage: 'Next',
  // The server's refusals.
  emailNotVerified: 'Verify your e-mail address to join the Fan Queue.',
  notJoinable: 'This show no longer has a Fan Queue.',
  catalogShowOnly: 'Only shows in Encore’s catalog have a Fan Queue.',
  quantityInvalid: 'Choose from 1 to the number of tickets this show allows.',
  maxPriceRequired: 'Enter the most you would pay per ticket.',
  maxPriceInvalid: 'Enter a price in dollars and cents, like 45.50.',
  maxPricePositive: 'The price must be more than $0.',
  aboveReference: (reference: string) =>
    `The Fan Queue is at face value or less: at most ${reference} per ticket.`,
  notInQueue: 'You are not in this show’s Fan Queue.',
  eventNotFound: 'This show was not found.',
  cardRequired: 'Choose one of your saved cards.',
  cardInUse:
    'This card already backs a “buy for me” place in this show’s Fan Queue. Choose another card, or have the tickets held for you to pay.',
  cardUsedByQueue: (eventName: string) =>
    `This card pays for your Fan Queue place for ${eventName}. Leave that line, or have its tickets held for you to pay, then remove the card.`,
  declinedMailSubject: (eventName: string) => `We could not buy your tickets for ${eventName}`,
  declinedMail: (eventName: string, reason: string) =>
    `The tickets for ${eventName} that reached you in the Fan Queue could not be bought with your card: ${reason} You have not been charged. They went to the next fan in line, and this counts as an offer you let pass; your place is kept.`,
  tooManyChanges: 'You have changed your Fan Queue places too often. Please try again in an hour.',
  // E-mails.
  offerMailSubject: (eventName: string) => `Tickets for ${eventName} are held for you`,
  endedMailSubject: (eventName: string) => `The Fan Queue for ${eventName} has ended`,
  endedCancelled: (eventName: string) =>
    `${eventName} was cancelled, so its Fan Queue has ended. You have not been charged.`,
  // The admins' view of a show's line and removing an entry (decision 0100, "Around it").
  adminOpen: 'Fan Queue',
  adminOpenLabel: (eventName: string) => `Fan Queue: ${eventName}`,
  adminTitle: (eventName: string) => `Fan Queue: ${eventName}`,
  adminCounts: (waiting: number, offered: number, through: number) =>
    `${waiting.toLocaleString('en-US')} waiting · ${offered.toLocaleString('en-US')} with an open offer · ${through.toLocaleString('en-US')} ${through === 1 ? 'ticket' : 'tickets'} through the queue`,
  adminCaption: (eventName: string) => `Fans in line for ${eventName}, in line order`,
  adminEmpty: 'Nobody is in this show’s Fan Queue.',
  adminLoading: 'Loading the Fan Queue…',
  adminLoadFailed: 'Failed to load the Fan Queue. Please try again.',
  columnPosition: 'Place',
  columnMember: 'Member',
  columnQuantity: 'Tickets',
  columnMaxPrice: 'Max price',
  columnStatus: 'Status',
  columnJoined: 'Joined',
  columnOffer: 'Open offer',
  columnActions: 'Actions',
  adminOffer: (ticketId: number, until: string) => `Ticket #${ticketId} until ${until}`,
  adminNoOffer: '—',
  adminPageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  remove: 'Remove',
  /** Starts with `remove`, the button's visible text (WCAG 2.5.3). */
  removeLabel: (username: string) => `Remove ${username} from the Fan Queue`,
  removeTitle: 'Remove from the Fan Queue',
  removeDescription: (username: string, eventName: string) =>
    `${username} leaves the Fan Queue for ${eventName} and is e-mailed your reason. An open offer is withdrawn and goes to the next fan.`,
  removeReasonLabel: 'Reason (the member is e-mailed it)',
  removeConfirm: 'Remove from the queue',
  removing: 'Removing…',
  removeCancel: 'Go Back',
  removeFailed: 'Failed to remove the entry. Please try again.',
  removed: (username: string) => `${username} was removed from the Fan Queue.`,
  removeReasonRequired: 'Give a reason for removing this fan from the Fan Queue.',
  removeReasonTooShort: 'The reason must be at least 3 characters.',
  entryNotFound: 'This Fan Queue entry was not found, or is no longer in line.',
  removedMailSubject: (eventName: string) => `You were removed from the Fan Queue for ${eventName}`,
  removedMail: (eventName: string) =>
    `Encore removed your place in the Fan Queue for ${eventName}. Any tickets held for you were offered to the next fan, and you have not been charged. The reason given:`,
} as const;
