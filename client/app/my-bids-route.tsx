import { MyBidsPage } from '@client/features/bids/components/my-bids-page';
import { MyFanQueue } from '@client/features/fan-queue/components/my-fan-queue';
import { notificationsQueryOptions } from '@client/features/notifications/api';
import { PaymentMethodPicker } from '@client/features/payment-methods/payment-method-picker';
import { PriceAlertList } from '@client/features/price-alerts/components/price-alert-list';
import { useCurrentUser } from '@client/lib/session';
import { useQueryClient } from '@tanstack/react-query';

/**
 * /my-bids: the bids feature with the saved-card picker in its Create Bid dialog, then the Fan Queue places
 * and the price alerts.
 */
export function MyBidsRoute() {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  if (!user) return null;
  return (
    <MyBidsPage
      userId={user.id}
      renderPaymentMethodPicker={(props) => <PaymentMethodPicker required {...props} />}
    >
      <MyFanQueue />
      <PriceAlertList
        onMatchesSeen={() =>
          void queryClient.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey })
        }
      />
    </MyBidsPage>
  );
}
