import { MyBidsPage } from '@client/features/bids/components/my-bids-page';
import { PaymentMethodPicker } from '@client/features/payment-methods/payment-method-picker';
import { useCurrentUser } from '@client/lib/session';

/** /my-bids: the bids feature with the saved-card picker in its Create Bid dialog. */
export function MyBidsRoute() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <MyBidsPage
      userId={user.id}
      renderPaymentMethodPicker={(props) => <PaymentMethodPicker required {...props} />}
    />
  );
}
