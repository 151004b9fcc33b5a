import {
  MAX_LISTINGS_PER_SHOW,
  MAX_TICKETS_BOUGHT_PER_SHOW,
  MAX_TICKETS_HELD_PER_SHOW,
} from '../show-limits.js';

const tickets = (count: number) => (count === 1 ? '1 ticket' : `${count} tickets`);

/** The limits per show that keep real fans first (issue 44 item 6, decision 0088): the server's refusals. */
export const SHOW_LIMIT_TEXT = {
  tooManyHeld: (held: number) =>
    `You can hold at most ${MAX_TICKETS_HELD_PER_SHOW} tickets for one show, and you are already holding ${tickets(held)} for this one. Complete or close a hold first, or pick fewer tickets.`,
  tooManyBought: (counted: number) =>
    `You can buy at most ${MAX_TICKETS_BOUGHT_PER_SHOW} tickets for one show, and ${tickets(counted)} for this one already count (bought, being paid for, or in your active bids). Pick fewer tickets.`,
  tooManyListings: `You can have at most ${MAX_LISTINGS_PER_SHOW} listings on sale for one show. Edit or withdraw one of them first.`,
} as const;
