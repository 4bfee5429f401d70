import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { homePathForRole, safeReturnTo, type Role } from '@localperks/shared';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';
import { paths } from '../../../config/paths';

/**
 * Sign-in pages: a signed-in user is sent on to the page that asked for sign-in (returnTo), else by
 * role (admin, merchant, others → /). Honouring returnTo here too keeps this redirect from racing
 * the one after a successful login.
 */
export function RedirectIfSignedIn({ children, to }: { children: ReactNode; to?: string }) {
  const { user, isLoading } = useSession();
  const [params] = useSearchParams();
  if (isLoading) return <Spinner />;
  if (user) return <Navigate to={to ?? safeReturnTo(params.get('returnTo')) ?? homePathForRole(user.role, user.merchantRole)} replace />;
  return <>{children}</>;
}

/** Protected pages: visitors go to /login with a return path; wrong roles go to their home. */
export function RequireRole({ roles, children }: { roles?: Role[]; children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <Spinner />;
  if (!user) return <Navigate to={paths.loginReturningTo(location.pathname + location.search)} replace />;
  if (roles && !roles.includes(user.role)) return <Navigate to={homePathForRole(user.role, user.merchantRole)} replace />;
  return <>{children}</>;
}
