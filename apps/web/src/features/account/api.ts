import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePassword, UpdateProfile } from '@localperks/shared';
import { api } from '../../lib/api-client';
import { sessionQuery } from '../../lib/session';

export interface Profile {
  id: string;
  email: string;
  name: string;
  phoneNumber: string | null;
  role: 'customer' | 'merchant' | 'admin';
  emailVerified: boolean;
}

export const profileQuery = queryOptions({
  queryKey: ['account', 'profile'],
  queryFn: () => api.get<{ profile: Profile }>('/api/account/profile').then((r) => r.profile),
});

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfile) => api.patch<{ profile: Profile }>('/api/account/profile', body),
    onSuccess: ({ profile }) => {
      qc.setQueryData(profileQuery.queryKey, profile);
      void qc.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}

export const useChangePassword = () =>
  useMutation({ mutationFn: (body: ChangePassword) => api.post<{ ok: true }>('/api/account/password', body) });
