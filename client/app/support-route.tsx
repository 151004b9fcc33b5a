import { notificationsQueryOptions } from '@client/features/notifications/api';
import { SupportPage } from '@client/features/support/pages/support-page';
import { useQueryClient } from '@tanstack/react-query';

/** /messages: reading a conversation also lowers the navigation's Support badge. */
export function SupportRoute() {
  const queryClient = useQueryClient();
  return (
    <SupportPage
      onRead={() => void queryClient.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey })}
    />
  );
}
