import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminMerchantRequestsPage, AdminRequestSection } from '@localperks/shared';
import { api } from '../../../lib/api-client';

/** Every query of the approval tab shares this prefix: one invalidation refreshes cards and threads. */
export const merchantRequestsKey = ['admin', 'merchant-requests'] as const;

/** One card of the tab, page by page (newest first). */
export const merchantRequestsQuery = (section: AdminRequestSection) =>
  infiniteQueryOptions({
    queryKey: [...merchantRequestsKey, 'list', section],
    queryFn: ({ pageParam }) => api.get('/api/admin/merchant-requests', { query: { section, page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last: AdminMerchantRequestsPage) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

export const registrationThreadQuery = (id: string) =>
  queryOptions({
    queryKey: [...merchantRequestsKey, 'thread', id],
    queryFn: () => api.get('/api/admin/merchant-requests/:id/messages', { params: { id } }),
  });

/**
 * Approvals change more than this tab (overview counts, the tab badge): refresh every admin query.
 * The refresh is not awaited, and callers use `mutateAsync`: the card that started the action
 * leaves the list when the refresh lands, and per-call callbacks of an unmounted card never run.
 */
function useAdminMutation<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

/** `confirmUnverified`: the admin confirmed approving a merchant whose e-mail is not verified (the server requires it). */
export const useApproveMerchant = () =>
  useAdminMutation(({ id, confirmUnverified }: { id: string; confirmUnverified?: boolean }) =>
    api.post('/api/admin/merchant-requests/:id/approve', { params: { id }, body: confirmUnverified ? { confirmUnverified: true } : {} }),
  );
export const useRejectMerchant = () =>
  useAdminMutation(({ id, reason }: { id: string; reason: string }) =>
    api.post('/api/admin/merchant-requests/:id/reject', { params: { id }, body: { reason } }),
  );
export const useResetMerchant = () =>
  useAdminMutation((id: string) => api.post('/api/admin/merchant-requests/:id/reset', { params: { id } }));

export function useSendRegistrationMessage(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api.post('/api/admin/merchant-requests/:id/messages', { params: { id }, body: { message } }),
    onSuccess: (message) => {
      qc.setQueryData(registrationThreadQuery(id).queryKey, (thread) =>
        thread && !thread.messages.some((m) => m.id === message.id) ? { ...thread, messages: [...thread.messages, message] } : thread,
      );
      void qc.invalidateQueries({ queryKey: registrationThreadQuery(id).queryKey });
    },
  });
}

/** The admin has the thread on screen: the merchant's messages are read (unread badges refresh). */
export function useMarkThreadRead(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/admin/merchant-requests/:id/messages/read', { params: { id } }),
    onSuccess: ({ marked }) => {
      if (marked) void qc.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

/** A business's suspension and reinstatement (docs/decisions/0063-suspensions-and-bans.md). */
export const useSuspendBusiness = () =>
  useAdminMutation(({ id, reason }: { id: string; reason: string }) =>
    api.post('/api/admin/businesses/:id/suspend', { params: { id }, body: { reason } }),
  );
export const useReinstateBusiness = () =>
  useAdminMutation((id: string) => api.post('/api/admin/businesses/:id/reinstate', { params: { id } }));
