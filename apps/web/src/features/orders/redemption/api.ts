import { useMutation } from '@tanstack/react-query';
import type { RedemptionLookup } from '@localperks/shared';
import { api } from '../../../lib/api-client';

/** What a code is (deal, customer, status), for the signed-in merchant's own deals only. */
export const useLookupRedemption = () =>
  useMutation({ mutationFn: (code: string) => api.post<RedemptionLookup>('/api/merchant/redemptions/lookup', { code }) });

/** Redeems a code once; a second try gets ALREADY_REDEEMED (409), an expired one EXPIRED (410). */
export const useRedeemVoucher = () =>
  useMutation({ mutationFn: (code: string) => api.post<RedemptionLookup>('/api/merchant/redemptions', { code }) });
