import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { homePathForRole, safeReturnTo, type SessionUser } from '@localperks/shared';

/** Where to go after sign-in: the protected page the user came from, else the role's home. */
export function useAfterLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const returnTo = safeReturnTo(params.get('returnTo') ?? (location.state as { returnTo?: string } | null)?.returnTo);
  return (user: SessionUser) => void navigate(returnTo ?? homePathForRole(user.role, user.merchantRole), { replace: true });
}
