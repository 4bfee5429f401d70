import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewTicket } from '@localperks/shared';
import { api } from '../../../lib/api-client';

export const myTicketsQuery = (page: number) =>
  queryOptions({
    queryKey: ['support', 'my-tickets', page],
    queryFn: () => api.get('/api/support/my-tickets', { query: { page } }),
    placeholderData: keepPreviousData,
  });
export const useMyTickets = (page: number) => useQuery(myTicketsQuery(page));
export const useMyTicket = (id: string | null) =>
  useQuery({
    queryKey: ['support', 'my-ticket', id],
    queryFn: () => api.get('/api/support/my-tickets/:id', { params: { id: id ?? '' } }),
    enabled: Boolean(id),
  });

export function useOpenTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NewTicket) => api.post('/api/support/my-tickets', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['support'] }),
  });
}
export function useSendTicketMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) =>
      api.post('/api/support/my-tickets/:id/messages', { params: { id }, body: { message } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['support'] }),
  });
}
