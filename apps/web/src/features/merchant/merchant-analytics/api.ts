import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const merchantAnalyticsQuery = queryOptions({
  queryKey: ['merchant-analytics'],
  queryFn: () => api.get('/api/merchant/analytics'),
});

export const useMerchantAnalytics = () => useQuery(merchantAnalyticsQuery);
