import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useLogout } from '../../lib/session';
import { paths } from '../../config/paths';

/** Logout with the spec's toasts, then back to the home page. */
export function useLogoutAction() {
  const logout = useLogout();
  const navigate = useNavigate();
  return () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast.success('Logged Out', { description: 'You have been successfully logged out.' });
        navigate(paths.home);
      },
      onError: (err) => toast.error('Logout Failed', { description: errorMessage(err, 'Failed to log out.') }),
    });
}
