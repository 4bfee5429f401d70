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
