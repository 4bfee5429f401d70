import { queryOptions, useMutation } from '@tanstack/react-query';
import type { SandboxPay, SandboxPaySaved } from '@localperks/shared';
import { api } from '../../../lib/api-client';

export const sandboxSessionQuery = (id: string) =>
  queryOptions({
    queryKey: ['sandbox-session', id],
    queryFn: () => api.get('/api/sandbox/sessions/:id', { params: { id } }),
    retry: false,
  });

export const useSandboxPay = (id: string) =>
  useMutation({ mutationFn: (card: SandboxPay) => api.post('/api/sandbox/sessions/:id/pay', { params: { id }, body: card }) });

/** Pays with one of the customer's saved cards (listed by the session). */
export const useSandboxPaySaved = (id: string) =>
  useMutation({
    mutationFn: (body: SandboxPaySaved) => api.post('/api/sandbox/sessions/:id/pay-saved', { params: { id }, body }),
  });
