import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CustomerMessageSent,
  CustomerMessageStatus,
  InboxMessage,
  InboxPage,
  SendCustomerMessage,
  SentMessagesPage,
} from '@localperks/shared';
import { api } from '../../../lib/api-client';

export const inboxKey = ['customer-messages', 'inbox'] as const;
export const sentKey = ['customer-messages', 'sent'] as const;

export type InboxFilter = 'all' | CustomerMessageStatus;

export const inboxQuery = (status: InboxFilter, page: number) =>
  queryOptions({
    queryKey: [...inboxKey, status, page],
    queryFn: () => api.get<InboxPage>(`/api/merchant/customer-messages?${new URLSearchParams({ status, page: String(page) })}`),
    placeholderData: keepPreviousData,
  });

export const sentMessagesQuery = (page: number) =>
  queryOptions({
    queryKey: [...sentKey, page],
    queryFn: () => api.get<SentMessagesPage>(`/api/customer-messages?page=${page}`),
    placeholderData: keepPreviousData,
  });

export const useInbox = (status: InboxFilter, page: number) => useQuery(inboxQuery(status, page));
export const useSentMessages = (page: number) => useQuery(sentMessagesQuery(page));

export function useSendCustomerMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SendCustomerMessage) => api.post<CustomerMessageSent>('/api/customer-messages', body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: sentKey }),
  });
}

export function useOpenMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<InboxMessage>(`/api/merchant/customer-messages/${encodeURIComponent(id)}/read`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: inboxKey }),
  });
}

export function useRespond() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, response }: { id: string; response: string }) =>
      api.post<InboxMessage>(`/api/merchant/customer-messages/${encodeURIComponent(id)}/response`, { response }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: inboxKey }),
  });
}
