/** Issue 21 item 7: what a rating counts, said where it is shown (decision 0039). */
export const RATING_RULE_TEXT = {
  counts: 'Counts the latest review from each member you traded with; sales at no price are not reviewed.',
} as const;

/** A seller without submitted reviews: no number at all, never a made-up score (decision 0016). */
export const NEW_SELLER_TEXT = 'New seller';
