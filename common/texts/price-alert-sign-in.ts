/** The price alert's offer to a visitor on a show's page (decision 0060), apart so a visitor loads only it. */
export const PRICE_ALERT_SIGN_IN = 'Sign in to get a price alert for this show';
