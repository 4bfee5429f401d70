import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportReply, TicketStatus } from '@localperks/shared';
import { api } from '../../../lib/api-client';

export const adminTicketsQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'support', 'tickets', page],
    queryFn: () => api.get('/api/admin/support/tickets', { query: { page } }),
    placeholderData: keepPreviousData,
  });
export const useAdminTickets = (page: number) => useQuery(adminTicketsQuery(page));

export const adminTicketQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'support', 'ticket', id],
    queryFn: () => api.get('/api/admin/support/tickets/:id', { params: { id } }),
  });
export const useAdminTicket = (id: string | null) => useQuery({ ...adminTicketQuery(id ?? ''), enabled: Boolean(id) });

export function useSetTicketStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: TicketStatus }) =>
      api.patch('/api/admin/support/tickets/:id/status', { params: { id }, body: { status } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useReplyToTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SupportReply & { id: string }) =>
      api.post('/api/admin/support/tickets/:id/replies', { params: { id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
