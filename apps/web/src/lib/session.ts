import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from './api-client';
import { clearCart } from './cart-store';
import { forgetCustomer } from './offline';

/*
 * Who is signed in, and signing out: every area of the app reads the session, so it sits below the
 * features (docs/decisions/0008-lint-and-format.md). Signing in, signing up and the e-mail flows
 * stay in features/accounts/auth/api.ts.
 */

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: () => api.get('/api/auth/session').then((r) => r.user),
  staleTime: 5 * 60_000,
  // Asked even when the browser says it is offline: a failure then says so at once (My Purchases opens from what the
  // service worker kept; docs/decisions/0067-installable-app-and-offline-vouchers.md) instead of waiting for a network.
  networkMode: 'always',
  retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status < 500),
});

/** The signed-in user (null when signed out) and whether the first check is still running. */
export function useSession() {
  const q = useQuery(sessionQuery);
  return { user: q.data ?? null, isLoading: q.isPending };
}

/**
 * Whether a merchant is signed in: merchants have no favourites or cart (docs/product/customer-spec.md §6). A card grid's
 * cards each ask, and re-render only when the answer changes (not on every session refetch).
 */
export function useIsMerchant(): boolean {
  return useQuery({ ...sessionQuery, select: (user) => user?.role === 'merchant' }).data ?? false;
}

/**
 * The signed-in merchant account's place in its business: owner, manager or redeemer (null for others). The server
 * enforces what each may do (docs/decisions/0062-roles-and-staff.md); pages only leave out what would be refused.
 */
export function useMerchantRole() {
  return useQuery({ ...sessionQuery, select: (user) => user?.merchantRole ?? null }).data ?? null;
}

/** The signed-in admin's role: owner, support or finance (null for others). */
export function useAdminRole() {
  return useQuery({ ...sessionQuery, select: (user) => user?.adminRole ?? null }).data ?? null;
}

/**
 * Ends the session. `leave` runs once the server has ended it and before the app forgets it: a
 * protected page that saw the session end first would send the visitor to sign in
 * (/login?returnTo=…) instead of where the caller is going, and would unmount the caller first.
 */
export function useLogout(leave?: () => Promise<void> | void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/auth/logout'),
    onSuccess: async () => {
      clearCart();
      // The vouchers kept for offline use go with the session, before it is forgotten: nothing saves them again
      // (docs/decisions/0067-installable-app-and-offline-vouchers.md).
      await forgetCustomer().catch(() => undefined);
      await leave?.();
      qc.setQueryData(sessionQuery.queryKey, null);
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    },
  });
}
