import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateNotificationPreferences } from '@localperks/shared';
import { api } from '../../../lib/api-client';

export const notificationSettingsQuery = queryOptions({
  queryKey: ['account', 'notifications'],
  queryFn: () => api.get('/api/account/notifications'),
});

export function useUpdateNotificationSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationPreferences) => api.put('/api/account/notifications', { body }),
    onSuccess: (saved) => qc.setQueryData(notificationSettingsQuery.queryKey, saved),
  });
}

/** The unsubscribe link's page: one click turns the kind off (its Undo turns it back on). */
export const useUnsubscribeLink = () =>
  useMutation({
    mutationFn: ({ token, undo }: { token: string; undo?: boolean }) =>
      undo
        ? api.post('/api/unsubscribe/undo', { query: { token }, body: {} })
        : api.post('/api/unsubscribe', { query: { token }, body: {} }),
  });
