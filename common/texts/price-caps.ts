import type { PriceCapRule } from '../price-caps/rules.js';
import { MARKUP_MAX } from '../pricing.js';

/** Price caps by place (decision 0084): the listing form's statement, the server's refusals and the e-mail. */

function priceLimit(percent: number): string {
  if (percent === 100) return 'the original price';
  return percent > 100 ? `${percent - 100}% above the original price` : `${percent}% of the original price`;
}

export const PRICE_CAP_TEXT = {
  /** Said when a show is chosen, before any price is typed. */
  statement(rule: PriceCapRule | null): string {
    if (rule === null)
      return `No local price cap on file for shows in this place: Encore’s own limit applies, a markup of at most ${MARKUP_MAX}%.`;
    if (rule.maxPricePercent === null && rule.maxFeePercent === null)
      return `No resale price cap by law for shows in this place: Encore’s own limit applies, a markup of at most ${MARKUP_MAX}%.`;
    const parts: string[] = [];
    if (rule.maxPricePercent !== null)
      parts.push(
        `Tickets for shows in this place sell for at most ${priceLimit(rule.maxPricePercent)} (face value plus the original fee), all-in.`,
      );
    if (rule.maxFeePercent !== null)
      parts.push(`Encore’s platform fee here is at most ${rule.maxFeePercent}%.`);
    return parts.join(' ');
  },
  statementTitle: 'Price cap for this show',
  sourceLink: 'Source of this rule',
  notLegalAdvice: 'Our table of local rules, not legal advice.',
  /** Once a face value is typed: the cap in dollars and the highest markup that keeps to it. */
  atThisPrice: (maxAllIn: string | null, maxMarkup: number) =>
    maxAllIn === null
      ? `Your markup can be at most ${maxMarkup}% here.`
      : `At this face value and fee: at most ${maxAllIn} per ticket, all-in, so a markup of at most ${maxMarkup}%.`,
  noMarkupFits: 'No price keeps to this place’s fee cap: tickets for this show cannot be listed on Encore.',
  overCap: (maxMarkup: number) =>
    `Over the price cap for this show’s place: lower your markup to ${maxMarkup}% or less.`,
  bidOverCap: (maxPerTicket: string) =>
    `Over the price cap for this show’s place: no ticket for it may sell for more than ${maxPerTicket} each, all-in. Lower your maximum price.`,
  holdOverCap:
    'This listing is above the price cap for its show’s place and cannot be bought until its seller lowers the price.',
  mailSubject: 'Your listing is paused: a price cap now applies',
  fixTitle: 'Put your listing back on sale',
  fixIntro:
    'A price cap now applies to your show’s place. One click lowers your price to the cap and puts your tickets back on sale.',
  fixButton: 'Lower my price and put it back on sale',
  fixFailed: 'Could not put your listing back on sale. Please try again.',
  myTicketsLink: 'Go to My Tickets',
  fixDone: 'Your listing is back on sale at the capped price.',
  fixUsed: 'This link was already used, or the listing changed since: open it from My Tickets.',
  fixInvalid: 'This link is not valid.',
  eventNotFound: 'This show could not be found',
} as const;
