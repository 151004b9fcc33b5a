import { loadStripe } from '@stripe/stripe-js';

/**
 * Stripe mode of the bid payment page: Stripe.js shows the bank's authentication for the PaymentIntent.
 * Its own module, imported only when the cardholder confirms, so no other page loads Stripe.
 * Answers Stripe's error message, or null once the payment went through.
 */
export async function confirmBidCardPayment(
  publishableKey: string,
  clientSecret: string,
): Promise<string | null> {
  const stripe = await loadStripe(publishableKey);
  if (!stripe) return '';
  const { error } = await stripe.confirmCardPayment(clientSecret);
  return error ? (error.message ?? '') : null;
}
