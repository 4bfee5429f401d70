import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessCode, AdminLogin } from '@localperks/shared';
import { api } from '../../../lib/api-client';
import { sessionQuery } from '../../../lib/session';

export const adminAuthStatusQuery = queryOptions({
  queryKey: ['admin-auth', 'status'],
  queryFn: () => api.get('/api/admin-auth/status'),
  staleTime: 60_000,
});

/** Where the visitor stands in the admin sign-in (the server decides, from the session). */
export const useAdminAuthStatus = () => useQuery(adminAuthStatusQuery);

export function useAdminCredentials() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminLogin) => api.post('/api/admin-auth/login', { body }),
    onSuccess: (r) => {
      qc.setQueryData(sessionQuery.queryKey, r.user);
      qc.setQueryData(adminAuthStatusQuery.queryKey, { step: 'code', user: r.user, codeExpiresAt: r.codeExpiresAt });
    },
  });
}

export const useRefreshAccessCode = () => useMutation({ mutationFn: () => api.post('/api/admin-auth/code/refresh') });

export function useSubmitAccessCode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AccessCode) => api.post('/api/admin-auth/code', { body }),
    onSuccess: (r) => {
      qc.setQueryData(adminAuthStatusQuery.queryKey, { step: 'signed-in', user: r.user, codeExpiresAt: null });
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'admin-auth' });
    },
  });
}
