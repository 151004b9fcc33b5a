import type { ReactNode } from 'react';

/** The card picker, which the route brings from the payment-methods feature (features never import each other). */
export type PaymentMethodPickerSlot = (props: {
  value: string;
  onChange(id: string): void;
  error?: string;
}) => ReactNode;
