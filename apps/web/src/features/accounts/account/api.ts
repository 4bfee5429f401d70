import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePassword, UpdateProfile } from '@localperks/shared';
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
