import {
  MAX_LISTINGS_PER_SHOW,
  MAX_TICKETS_BOUGHT_PER_SHOW,
  MAX_TICKETS_HELD_PER_SHOW,
} from '../show-limits.js';
import { STRIKES_TO_PAUSE } from '../strikes.js';

/**
 * The Encore Promise (issue 44 item 5, decision 0087): the page /promise and the links to it. Every sentence
 * is one the code enforces; decision 0087 names the code behind each. Change a sentence only with its code.
 */
export const PROMISE_TEXT = {
  title: 'The Encore Promise',
  lead: 'Your ticket as listed, transferred to you by its deadline before the show, or 100% of what you paid back: automatically, in money, never in credit.',
  sections: [
    {
      heading: 'Your ticket, or your money back',
      sentences: [
        'The seller must transfer your ticket by midnight at the venue on the night before the show’s first day. If you buy later than 12 hours before that, the seller has 12 hours from your purchase, and never past the end of the show’s first day.',
        'If the seller has not started the transfer by then, the sale is cancelled on its own and you get back 100% of what you paid, fees included. Nobody has to ask for it.',
        'If the ticket you receive is not the one listed, report a problem in My Tickets until the end of the day after the show’s last day. The seller is not paid while Encore support looks into it.',
        'Every refund goes back to the card you paid with, as money. Encore has no store credit.',
      ],
    },
    {
      heading: 'Your money waits in escrow until after the show',
      sentences: [
        'What you pay is held by Encore, not passed to the seller.',
        'The seller is paid only once the transfer is complete, and never before three days after the show’s last day.',
        'If a show is cancelled, everyone who bought a ticket to it on Encore is refunded in full.',
      ],
    },
    {
      heading: 'If your purchase is refunded',
      sentences: [
        'If your purchase was refunded because the seller did not transfer it or Encore support refunded it, and the show is still ahead, your refund e-mail and the refunded ticket in My Tickets offer “Find other tickets”: the show’s other listings at the same or a lower price per ticket, all-in.',
      ],
    },
    {
      heading: 'What sellers commit to',
      sentences: [
        'To transfer every ticket they sell by its deadline.',
        `A seller who has not started the transfer by the deadline loses the sale and gets a strike. ${STRIKES_TO_PAUSE} strikes within twelve months pause all their listings until an Encore admin has reviewed them, and they cannot list new tickets meanwhile.`,
        `A seller can have at most ${MAX_LISTINGS_PER_SHOW} listings on sale for one show.`,
      ],
    },
    {
      heading: 'Limits that keep real fans first',
      sentences: [
        `A member can hold at most ${MAX_TICKETS_HELD_PER_SHOW} tickets for one show at a time.`,
        `A member can buy at most ${MAX_TICKETS_BOUGHT_PER_SHOW} tickets for one show. Tickets bought, tickets being paid for and the tickets of active bids all count.`,
      ],
    },
  ],
  /** The links to the page from the footer, the event page, the purchase dialog and the purchase e-mail. */
  link: 'The Encore Promise',
  coveredBy: 'Protected by the Encore Promise',
  mailLine: (appUrl: string) =>
    `Your purchase is protected by the Encore Promise: your ticket by its deadline, or 100% of what you paid back. ${appUrl}/promise`,
} as const;

/** "Find other tickets" after a refund (decision 0087). */
export const FIND_OTHER_TICKETS_TEXT = {
  link: 'Find other tickets',
  mailLine: (url: string) =>
    `Still want to go? Find other tickets to the show at the same or a lower price per ticket: ${url}`,
  /** The event page's note when its address keeps only listings up to a price. */
  upTo: (price: string) => `Showing listings up to ${price} per ticket, all-in.`,
  showAll: 'Show all prices',
  maxPriceInvalid: 'maxPrice must be an amount in dollars with at most 2 decimals',
} as const;
