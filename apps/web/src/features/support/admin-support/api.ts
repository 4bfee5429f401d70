import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportReply, TicketStatus } from '@localperks/shared';
import { api } from '../../../lib/api-client';

/** Whose tickets (everyone's, mine, nobody's) and of which status (docs/decisions/0062-roles-and-staff.md). */
export type TicketFilters = { assigned: 'all' | 'me' | 'unassigned'; status: TicketStatus | 'all' };

export const adminTicketsQuery = (page: number, filters: TicketFilters = { assigned: 'all', status: 'all' }) =>
  queryOptions({
    queryKey: ['admin', 'support', 'tickets', page, filters],
    queryFn: () => api.get('/api/admin/support/tickets', { query: { page, ...filters } }),
    placeholderData: keepPreviousData,
  });
export const useAdminTickets = (page: number, filters?: TicketFilters) => useQuery(adminTicketsQuery(page, filters));

/** Who a ticket can be assigned to: active owners and support admins. */
export const useTicketAssignees = () =>
  useQuery({ queryKey: ['admin', 'support', 'assignees'], queryFn: () => api.get('/api/admin/support/assignees').then((r) => r.admins) });

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

export function useAssignTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, adminId }: { id: string; adminId: string | null }) =>
      api.put('/api/admin/support/tickets/:id/assignee', { params: { id }, body: { adminId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'support'] }),
  });
}

/** An internal note: the admins' only, never the customer's. */
export function useAddTicketNote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      api.post('/api/admin/support/tickets/:id/notes', { params: { id }, body: { note } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'support'] }),
  });
}
