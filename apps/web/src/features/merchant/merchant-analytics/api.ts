import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChartRangeQuery } from '@localperks/shared';
import { api } from '../../../lib/api-client';

/** Revenue & Analytics, with the figures of the date range in the address (issue 32). */
export const merchantAnalyticsQuery = (range: ChartRangeQuery) =>
  queryOptions({
    queryKey: ['merchant-analytics', range.range ?? null, range.from ?? null, range.to ?? null],
    queryFn: () => api.get('/api/merchant/analytics', { query: range }),
    placeholderData: keepPreviousData,
  });

export const useMerchantAnalytics = (range: ChartRangeQuery) => useQuery(merchantAnalyticsQuery(range));
