/**
 * Resale price caps by place (decision 0084): a reviewed data file, changed only by a reviewed commit, never
 * by a request. Each row says, for a venue's country (ISO 3166-1 alpha-2) and optionally its region (the
 * subdivision part of ISO 3166-2, e.g. 'NY'), from which calendar day there, the most a ticket may sell for
 * (as a percent of its original price, face value plus the original fee, compared with the all-in price a
 * fan pays) and the most Encore's platform fee may be (percent of the sale). A null column means the place
 * sets no such limit: Encore's own limits (common/pricing.ts) still apply everywhere.
 *
 * This table is data, not legal advice. Every row names its source; a row is added or tightened by adding a
 * row with a later effective date, so the history stays readable and the sweep (server/modules/price-caps)
 * pauses the listings a new row puts above its cap on the day it takes effect.
 */
export interface PriceCapRule {
  /** Stable and unique: pauses and e-mails name the rule they applied. */
  id: string;
  country: string;
  region: string | null;
  /** The highest all-in price per ticket, in percent of face value plus the original fee; null: none. */
  maxPricePercent: number | null;
  /** The highest platform fee Encore may charge in this place, in percent of the sale; null: none. */
  maxFeePercent: number | null;
  sourceUrl: string;
  /** yyyy-MM-dd, read as the calendar day at the venue. */
  effectiveFrom: string;
  note: string;
}

export const PRICE_CAP_RULES: readonly PriceCapRule[] = [
  {
    id: 'ie-sale-of-tickets-act-2021',
    country: 'IE',
    region: null,
    maxPricePercent: 100,
    maxFeePercent: null,
    sourceUrl: 'https://www.irishstatutebook.ie/eli/2021/act/21/enacted/en/html',
    effectiveFrom: '2021-07-31',
    note: 'Sale of Tickets (Cultural, Entertainment, Recreational and Sporting Events) Act 2021 (No. 21 of 2021), s. 15: no resale above the original sale price. The Act binds designated venues and events only; Encore applies it to every show in Ireland.',
  },
  {
    id: 'be-resale-act-2013',
    country: 'BE',
    region: null,
    maxPricePercent: 100,
    maxFeePercent: null,
    sourceUrl: 'https://www.ejustice.just.fgov.be/eli/loi/2013/07/30/2013011413/justel',
    effectiveFrom: '2013-09-16',
    note: "Loi du 30 juillet 2013 relative à la revente de titres d'accès à des événements: occasional resale above the original final price (fees included) is forbidden, habitual resale entirely.",
  },
  {
    id: 'gb-consumer-rights-act-2015',
    country: 'GB',
    region: null,
    maxPricePercent: null,
    maxFeePercent: null,
    sourceUrl: 'https://www.legislation.gov.uk/ukpga/2015/15/part/3/chapter/5',
    effectiveFrom: '2015-05-27',
    note: 'Consumer Rights Act 2015, ss. 90-95: a resale must state the face value, seat and restrictions, but no price cap is in force. The government has announced a cap at the original price; a row is added when a law fixes its terms and date.',
  },
];
