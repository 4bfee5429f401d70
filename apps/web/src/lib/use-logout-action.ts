import { useNavigate } from 'react-router';
import { errorMessage } from './api-client';
import { toast } from './toast';
import { useLogout } from './session';
import { paths } from '../config/paths';

/**
 * Logout with the spec's toasts (docs/product/customer-spec.md §7), then the home page: the one logout of the header,
 * the side menu, the home banner and both dashboards. The home page is reached before the app
 * forgets the session (lib/session.ts), so logging out of a protected page lands on it, not on
 * /login?returnTo=…; the toast is raised there, as the page that called it may be gone.
 */
export function useLogoutAction() {
  const navigate = useNavigate();
  const logout = useLogout(async () => {
    // Committed at once (not as a transition), so no render of the old page sees the session end.
    await navigate(paths.home, { flushSync: true });
    toast.success('Logged Out', { description: 'You have been successfully logged out.' });
  });
  const logOut = () =>
    logout.mutate(undefined, {
      onError: (err) => toast.error('Logout Failed', { description: errorMessage(err, 'Failed to log out.') }),
    });
  return { logOut, isPending: logout.isPending };
}
