import { LOGIN_SUCCESS_MESSAGE_KEY } from '@client/features/auth/stored-success-message';
import { clearPurchase } from '@client/features/marketplace/purchase-flags';
import { PurchaseCancelPage } from '@client/features/purchase/pages/purchase-cancel-page';
import { SafariPurchaseSuccessPage } from '@client/features/purchase/pages/safari-purchase-success-page';
import { useCurrentUser } from '@client/lib/session';

/** /purchase/cancel: releasing the hold also ends the browser's in-progress purchase of the marketplace. */
export function PurchaseCancelRoute() {
  return <PurchaseCancelPage onCancelled={(ticketId) => clearPurchase(ticketId ?? undefined)} />;
}

/** /safari-purchase-success: a signed-out browser is sent to log in, where the success shows once. */
export function SafariPurchaseSuccessRoute() {
  const { data: user } = useCurrentUser();
  return (
    <SafariPurchaseSuccessPage
      signedIn={Boolean(user)}
      rememberForLogin={(message) => sessionStorage.setItem(LOGIN_SUCCESS_MESSAGE_KEY, message)}
    />
  );
}
