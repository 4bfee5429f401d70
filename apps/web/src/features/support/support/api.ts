import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyTicketsPage, MyTicketThread, NewTicket } from '@localperks/shared';
import { api } from '../../../lib/api-client';

export const myTicketsQuery = (page: number) =>
  queryOptions({
    queryKey: ['support', 'my-tickets', page],
    queryFn: () => api.get<MyTicketsPage>(`/api/support/my-tickets?page=${page}`),
    placeholderData: keepPreviousData,
  });
export const useMyTickets = (page: number) => useQuery(myTicketsQuery(page));
export const useMyTicket = (id: string | null) =>
  useQuery({
    queryKey: ['support', 'my-ticket', id],
    queryFn: () => api.get<MyTicketThread>(`/api/support/my-tickets/${id}`),
    enabled: Boolean(id),
  });

export function useOpenTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NewTicket) => api.post<MyTicketThread>('/api/support/my-tickets', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['support'] }),
  });
}
export function useSendTicketMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) =>
      api.post<MyTicketThread>(`/api/support/my-tickets/${id}/messages`, { message }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['support'] }),
  });
}
