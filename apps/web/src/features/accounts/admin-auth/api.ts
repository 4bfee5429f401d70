import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessCode, AdminLogin, AdminSignedIn, AdminTotp } from '@localperks/shared';
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
      qc.setQueryData(adminAuthStatusQuery.queryKey, { step: 'code', user: r.user, codeExpiresAt: r.codeExpiresAt, methods: r.methods });
    },
  });
}

export const useRefreshAccessCode = () => useMutation({ mutationFn: () => api.post('/api/admin-auth/code/refresh') });

/** The second step passed (by e-mailed code, authenticator app or passkey): the admin area loads as them. */
function useSecondStepPassed() {
  const qc = useQueryClient();
  return (r: AdminSignedIn) => {
    qc.setQueryData(adminAuthStatusQuery.queryKey, { step: 'signed-in', user: r.user, codeExpiresAt: null, methods: [] });
    void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'admin-auth' });
  };
}

export function useSubmitAccessCode() {
  const onSuccess = useSecondStepPassed();
  return useMutation({ mutationFn: (body: AccessCode) => api.post('/api/admin-auth/code', { body }), onSuccess });
}

/** The second step by authenticator app, or a recovery code (docs/decisions/0055). */
export function useSubmitAdminTotp() {
  const onSuccess = useSecondStepPassed();
  return useMutation({ mutationFn: (body: AdminTotp) => api.post('/api/admin-auth/totp', { body }), onSuccess });
}

/** The second step by passkey: the browser asks for one of this admin's passkeys. */
export function useAdminPasskeyStep() {
  const onSuccess = useSecondStepPassed();
  return useMutation({
    mutationFn: async () => {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const { options } = await api.post('/api/admin-auth/passkey/options');
      return api.post('/api/admin-auth/passkey', { body: { response: await startAuthentication({ optionsJSON: options }) } });
    },
    onSuccess,
  });
}
