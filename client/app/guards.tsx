import { toast } from '@client/components/ui/toaster';
import { useCurrentUser } from '@client/lib/session';
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

/** The admin dashboard renders nothing for anyone but an admin (spec 001 §6). */
export function RequireAdmin() {
  const { data: user } = useCurrentUser();
  return user?.role === 'admin' ? <Outlet /> : null;
}

/** The ambassador dashboard: AMBSD and admin only; others get 'Access Denied' and go home (spec 001 §6). */
export function RequireAmbassador() {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const allowed = user?.role === 'AMBSD' || user?.role === 'admin';
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
