import { notificationsQueryOptions } from '@client/features/notifications/api';
import { SupportPage } from '@client/features/support/pages/support-page';
import { useCurrentUser } from '@client/lib/session';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';

/**
 * Where an admin answers support: the support list answers an admin every member's messages, which this
 * page would show as the admin's own conversations (issue 34 §11).
 */
export const ADMIN_SUPPORT_PATH = '/admin?tab=messages';

/** /messages: reading a conversation also lowers the navigation's Support badge. Admins go to their tab. */
export function SupportRoute() {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  if (user?.role === 'admin') return <Navigate to={ADMIN_SUPPORT_PATH} replace />;
  return (
    <SupportPage
      onRead={() => void queryClient.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey })}
    />
  );
}
