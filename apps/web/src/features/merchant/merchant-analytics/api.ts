import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MerchantAnalytics } from '@localperks/shared';
import { api } from '../../../lib/api-client';

export const merchantAnalyticsQuery = queryOptions({
  queryKey: ['merchant-analytics'],
  queryFn: () => api.get<MerchantAnalytics>('/api/merchant/analytics'),
});

export const useMerchantAnalytics = () => useQuery(merchantAnalyticsQuery);
