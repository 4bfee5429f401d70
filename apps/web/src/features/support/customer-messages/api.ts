import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerMessageStatus, SendCustomerMessage } from '@localperks/shared';
import { api } from '../../../lib/api-client';

export const inboxKey = ['customer-messages', 'inbox'] as const;
export const sentKey = ['customer-messages', 'sent'] as const;

export type InboxFilter = 'all' | CustomerMessageStatus;

export const inboxQuery = (status: InboxFilter, page: number) =>
  queryOptions({
    queryKey: [...inboxKey, status, page],
    queryFn: () => api.get('/api/merchant/customer-messages', { query: new URLSearchParams({ status, page: String(page) }) }),
    placeholderData: keepPreviousData,
  });

export const sentMessagesQuery = (page: number) =>
  queryOptions({
    queryKey: [...sentKey, page],
    queryFn: () => api.get('/api/customer-messages', { query: { page } }),
    placeholderData: keepPreviousData,
  });

export const useInbox = (status: InboxFilter, page: number) => useQuery(inboxQuery(status, page));
export const useSentMessages = (page: number) => useQuery(sentMessagesQuery(page));

export function useSendCustomerMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SendCustomerMessage) => api.post('/api/customer-messages', { body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: sentKey }),
  });
}

export function useOpenMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/api/merchant/customer-messages/:id/read', { params: { id } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: inboxKey }),
  });
}

export function useRespond() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, response }: { id: string; response: string }) =>
      api.post('/api/merchant/customer-messages/:id/response', { params: { id }, body: { response } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: inboxKey }),
  });
}
