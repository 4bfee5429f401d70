import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SandboxOnboardingOutcome, SandboxPay, SandboxPaySaved } from '@localperks/shared';
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

/** A sandbox payout-account page (its hosted onboarding, or the account's dashboard), by its link id. */
export const sandboxConnectQuery = (linkId: string) =>
  queryOptions({
    queryKey: ['sandbox-connect', linkId],
    queryFn: () => api.get('/api/sandbox/connect/:linkId', { params: { linkId } }),
    retry: false,
  });

/** Ends onboarding (or changes the account from its dashboard) as the tester chose; answers where to go back to. */
export const useSandboxOutcome = (linkId: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (outcome: SandboxOnboardingOutcome) =>
      api.post('/api/sandbox/connect/:linkId/outcome', { params: { linkId }, body: { outcome } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['sandbox-connect', linkId] }),
  });
};

/** Test control of the account's dashboard: the platform reverses one of its transfers. */
export const useSandboxReverse = (linkId: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (transferId: string) =>
      api.post('/api/sandbox/connect/:linkId/transfers/:transferId/reverse', { params: { linkId, transferId } }),
    onSuccess: (page) => qc.setQueryData(['sandbox-connect', linkId], page),
  });
};
