/**
 * Limits per show that keep real fans first (issue 44 item 6, decision 0088), like the 8-per-event limits
 * of the large resale sites: tickets a member holds at once, tickets a member buys (bought, being paid for,
 * or asked for by an active bid), and listings a seller has on sale, all for one show.
 */
export const MAX_TICKETS_HELD_PER_SHOW = 8;
export const MAX_TICKETS_BOUGHT_PER_SHOW = 8;
export const MAX_LISTINGS_PER_SHOW = 8;
