import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useAdminAuthStatus } from './api';

/**
 * The admin area: only an admin whose session passed the code step. Others go to /admin-login
 * (visitors and admins half-way) or home (other roles). The server enforces the same on every call.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const status = useAdminAuthStatus();
  if (status.isPending) return <Spinner />;
  const step = status.data?.step ?? 'credentials';
  if (step === 'not-admin') return <Navigate to={paths.home} replace />;
  if (step !== 'signed-in') return <Navigate to={paths.adminLogin} replace />;
  return <>{children}</>;
}
