import { AdminPage } from '@client/features/admin/pages/admin-page';

/** /admin: the admin dashboard (RequireAdmin in routes.tsx renders nothing for anyone else). */
export function AdminRoute() {
  return <AdminPage />;
}
