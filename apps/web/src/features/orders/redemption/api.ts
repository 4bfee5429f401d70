import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** What a code is (deal, customer, status), for the signed-in merchant's own deals only. */
export const useLookupRedemption = () =>
  useMutation({ mutationFn: (code: string) => api.post('/api/merchant/redemptions/lookup', { body: { code } }) });

/** Redeems a code once; a second try gets ALREADY_REDEEMED (409), an expired one EXPIRED (410). Today's list follows. */
export const useRedeemVoucher = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post('/api/merchant/redemptions', { body: { code } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['merchant', 'redemptions', 'today'] }),
  });
};

/** The browser's time zone: the counter's "today". */
const counterTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Today's redemptions at the business's counter, with who redeemed each (docs/decisions/0062-roles-and-staff.md). */
export const todaysRedemptionsQuery = queryOptions({
  queryKey: ['merchant', 'redemptions', 'today'],
  queryFn: () => api.get('/api/merchant/redemptions/today', { query: { tz: counterTimeZone() } }),
});
export const useTodaysRedemptions = () => useQuery(todaysRedemptionsQuery);
