/**
 * How a price a fan pays per ticket reads against the original price (decision 0073): the words every
 * screen and e-mail uses. Kept in a module of its own, as the event page reads them before its first paint.
 */
export const PRICE_COMPARISON_TEXT = {
  /** Phrases to follow "is" or "are"; priceComparisonText starts a line with a capital. */
  at: 'at the original price',
  below: (percent: number) => `${percent}% below the original price`,
  above: (percent: number) => `${percent}% above the original price`,
  /** What "the original price" is, where a screen explains it. */
  originalPrice:
    'The original price is the face value plus the original fee: what the ticket cost its first buyer.',
  /**
   * What the original price is made of (decision 0083), beside every price a fan sees: the face value and
   * the original fee, each formatted as money.
   */
  faceValue: (faceValue: string, originalFee: string) =>
    `Face value ${faceValue} + ${originalFee} original fee`,
  /** The comparison with what the original price is made of, where one line says both (e-mails, JSON-LD). */
  againstFaceValue: (comparison: string, faceValue: string) =>
    `${comparison} (${faceValue.charAt(0).toLowerCase()}${faceValue.slice(1)})`,
  /** E-mails: the price a fan pays per ticket, then how it compares and with what (decision 0083). */
  perTicket: (price: string, against: string) => `Per ticket, all-in: ${price}. ${against}.`,
  /** The JSON-LD name of an offer's original price (decision 0083). */
  originalPriceName: 'Original price: face value plus the original fee',
  /** The ticket details dialog's line for the comparison. */
  against: 'Against the original price',
  /** The listing form: how the price being set will read to buyers. */
  buyersWillSee: (reading: string) => `Buyers will see: ${reading}`,
  /** Why a price set at the original price reads a little above it: buyers' prices are all-in. */
  cardFeeIncluded: 'Buyers’ prices include the 1.95% card processing fee.',
} as const;
