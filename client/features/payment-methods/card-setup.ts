import type { SetupIntentResponse } from '@common/schemas/payment-methods';

/** What a card form needs and reports: the setup intent it confirms, and how the confirmation ended. */
export interface CardFormProps {
  setup: SetupIntentResponse;
  /** The provider's id of the saved card ('' when the provider answered without one). */
  onConfirmed(paymentMethodId: string): Promise<void>;
  /** A refusal: the provider's message, shown inline and as a toast. */
  onFailed(message: string): void;
}
