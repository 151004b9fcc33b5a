import { toast } from '@client/components/ui/toaster';
import { useCurrentUser } from '@client/lib/session';
import type { Role } from '@common/constants';
import { SHELL_TEXT } from '@common/messages';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';

/** Signed-in pages: visitors go to /login (the layout has already resolved the session). */
export function RequireUser() {
  const { data: user } = useCurrentUser();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/**
 * A page for some roles only: anyone else (a visitor too) gets the toast 'Access Denied' and goes home, as
 * spec 001 §6 says of the ambassador page; the page itself renders nothing and loads nothing for them.
 */
function RequireRole({ roles }: { roles: readonly Role[] }) {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const allowed = user !== null && user !== undefined && roles.includes(user.role);
  useEffect(() => {
    if (allowed) return;
    toast({
      title: SHELL_TEXT.accessDeniedTitle,
      description: SHELL_TEXT.accessDenied,
      variant: 'destructive',
    });
    void navigate('/', { replace: true });
  }, [allowed, navigate]);
  return allowed ? <Outlet /> : null;
}

const ADMINS: readonly Role[] = ['admin'];
const AMBASSADORS: readonly Role[] = ['AMBSD', 'admin'];

/** The admin dashboard: admins only (spec 001 §6). */
export function RequireAdmin() {
  return <RequireRole roles={ADMINS} />;
}

/** The ambassador dashboard: AMBSD and admin only (spec 001 §6). */
export function RequireAmbassador() {
  return <RequireRole roles={AMBASSADORS} />;
}
