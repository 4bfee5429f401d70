import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationsMarked } from '@localperks/shared';
import { api } from '../../../lib/api-client';

export const notificationsKey = ['admin', 'notifications'] as const;

export const unreadCountQuery = queryOptions({
  queryKey: [...notificationsKey, 'unread'],
  queryFn: () => api.get('/api/admin/notifications/unread-count'),
  // Without a live event (a dropped stream), coming back to the tab still shows the right count.
  refetchOnWindowFocus: true,
});

export const notificationsQuery = (page: number) =>
  queryOptions({
    queryKey: [...notificationsKey, 'list', page],
    queryFn: () => api.get('/api/admin/notifications', { query: { page } }),
    placeholderData: keepPreviousData,
  });

/** The new unread count comes with the answer: the bell shows it at once, then every list refetches. */
function useMarkMutation<T>(mutationFn: (vars: T) => Promise<NotificationsMarked>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ unread }) => {
      qc.setQueryData(unreadCountQuery.queryKey, { unread });
      void qc.invalidateQueries({ queryKey: notificationsKey });
    },
  });
}

export const useMarkNotificationRead = () =>
  useMarkMutation((id: string) => api.post('/api/admin/notifications/:id/read', { params: { id } }));
export const useMarkAllNotificationsRead = () => useMarkMutation((_: void) => api.post('/api/admin/notifications/read-all'));
