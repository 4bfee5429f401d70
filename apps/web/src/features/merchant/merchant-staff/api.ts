import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptStaffInvite, InviteStaff, StaffRole } from '@localperks/shared';
import { api } from '../../../lib/api-client';
import { sessionQuery } from '../../../lib/session';

/** The business's staff and open invitations (the owner's Staff tab, docs/decisions/0062-roles-and-staff.md). */
export const staffQuery = queryOptions({
  queryKey: ['merchant', 'staff'],
  queryFn: () => api.get('/api/merchant/staff').then((r) => r.staff),
});
export const useStaff = () => useQuery(staffQuery);

function useStaffMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: staffQuery.queryKey }) });
}

export const useInviteStaff = () => useStaffMutation((body: InviteStaff) => api.post('/api/merchant/staff', { body }));
export const useChangeStaffRole = () =>
  useStaffMutation(({ id, role }: { id: string; role: StaffRole }) =>
    api.patch('/api/merchant/staff/:id', { params: { id }, body: { role } }),
  );
export const useRemoveStaff = () => useStaffMutation((id: string) => api.delete('/api/merchant/staff/:id', { params: { id } }));

/** What an invitation link is for, before it is accepted. */
export const invitePreviewQuery = (token: string) =>
  queryOptions({
    queryKey: ['staff-invite', token],
    queryFn: () => api.post('/api/staff-invites/preview', { body: { token } }),
    retry: false,
  });

/** Accepting signs the new staff account in: the session cache takes it at once. */
export function useAcceptInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptStaffInvite) => api.post('/api/staff-invites/accept', { body }),
    onSuccess: ({ user }) => {
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
      qc.setQueryData(sessionQuery.queryKey, user);
    },
  });
}
