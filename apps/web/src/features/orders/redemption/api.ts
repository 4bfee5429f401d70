import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** What a code is (deal, customer, status), for the signed-in merchant's own deals only. */
export const useLookupRedemption = () =>
  useMutation({ mutationFn: (code: string) => api.post('/api/merchant/redemptions/lookup', { body: { code } }) });

/** Redeems a code once; a second try gets ALREADY_REDEEMED (409), an expired one EXPIRED (410). */
export const useRedeemVoucher = () =>
  useMutation({ mutationFn: (code: string) => api.post('/api/merchant/redemptions', { body: { code } }) });
