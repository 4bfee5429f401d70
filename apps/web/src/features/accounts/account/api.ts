import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmail, ChangePassword, UpdateProfile } from '@localperks/shared';
import { api } from '../../../lib/api-client';
import { sessionQuery } from '../../../lib/session';

export const profileQuery = queryOptions({
  queryKey: ['account', 'profile'],
  queryFn: () => api.get('/api/account/profile').then((r) => r.profile),
});

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfile) => api.patch('/api/account/profile', { body }),
    onSuccess: ({ profile }) => {
      qc.setQueryData(profileQuery.queryKey, profile);
      void qc.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}

export const useChangePassword = () => useMutation({ mutationFn: (body: ChangePassword) => api.post('/api/account/password', { body }) });

export const sessionsQuery = queryOptions({
  queryKey: ['account', 'sessions'],
  queryFn: () => api.get('/api/account/sessions').then((r) => r.sessions),
});

/** Signs out one session (`id`), or every other one (`'others'`). */
export function useEndSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (which: string) =>
      which === 'others'
        ? api.post('/api/account/sessions/sign-out-others')
        : api.delete('/api/account/sessions/:id', { params: { id: which } }),
    onSettled: () => qc.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

export function useChangeEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmail) => api.post('/api/account/email', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: profileQuery.queryKey }),
  });
}

/** The confirm or undo link of an e-mail change. */
export function useEmailChangeLink(which: 'confirm' | 'undo') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.post(which === 'confirm' ? '/api/account/email/confirm' : '/api/account/email/undo', { body: { token } }),
    onSuccess: () => qc.invalidateQueries(),
  });
}

/** The account's passkeys and authenticator app (docs/decisions/0055-passkeys-and-authenticator-codes.md). */
export const securityQuery = queryOptions({
  queryKey: ['account', 'security'],
  queryFn: () => api.get('/api/account/security'),
});

/** A change to the sign-in methods: the Security tab loads them again, whether it worked or not. */
function useSecurityChange<T, V>(mutationFn: (v: V) => Promise<T>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => qc.invalidateQueries({ queryKey: securityQuery.queryKey }) });
}

export const useReauthenticate = () =>
  useSecurityChange((password: string) => api.post('/api/account/reauthenticate', { body: { password } }));

/** Add a passkey: the browser makes one (Touch ID, Windows Hello, a phone, a security key) for the server's options. */
export const useAddPasskey = () =>
  useSecurityChange(async (name: string) => {
    const { startRegistration } = await import('@simplewebauthn/browser');
    const { options } = await api.post('/api/account/passkeys/options');
    const response = await startRegistration({ optionsJSON: options });
    return api.post('/api/account/passkeys', { body: { name, response } });
  });

export const useRenamePasskey = () =>
  useSecurityChange(({ id, name }: { id: string; name: string }) =>
    api.patch('/api/account/passkeys/:id', { params: { id }, body: { name } }),
  );
export const useRemovePasskey = () => useSecurityChange((id: string) => api.delete('/api/account/passkeys/:id', { params: { id } }));
export const useStartTotp = () => useSecurityChange(() => api.post('/api/account/totp/setup'));
export const useEnableTotp = () => useSecurityChange((code: string) => api.post('/api/account/totp/enable', { body: { code } }));
export const useDisableTotp = () => useSecurityChange(() => api.post('/api/account/totp/disable'));
export const useRenewRecoveryCodes = () => useSecurityChange(() => api.post('/api/account/totp/recovery-codes'));
