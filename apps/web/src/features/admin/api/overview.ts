import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackgroundJobFailure, DeactivateDeal } from '@localperks/shared';
import { api } from '../../../lib/api-client';

export interface AdminOverview {
  stats: {
    totalMerchants: number;
    approvedMerchants: number;
    totalDeals: number;
    activeDeals: number;
    totalRevenueCents: number;
    totalPurchases: number;
    totalCommissionCents: number;
    currentPeriod: { start: string; end: string; payoutDate: string };
    currentPeriodPayoutCents: number;
    currentPeriodPurchases: number;
    currentPeriodMerchants: number;
    nextPayoutDate: string;
  };
  pendingApprovals: number;
  recentMerchants: { id: string; businessName: string; city: string; state: string; plan: string; approved: boolean; createdAt: string }[];
  merchantsWithDeals: {
    id: string;
    businessName: string;
    city: string;
    state: string;
    approved: boolean;
    dealCount: number;
    activeDealCount: number;
  }[];
  /** Scheduled jobs that failed in the last 24 hours (empty when all ran). */
  backgroundJobs: BackgroundJobFailure[];
}

export interface AdminDeal {
  id: string;
  title: string;
  type: 'standard' | 'perkboost';
  status: string;
  isActive: boolean;
  originalPriceCents: number;
  dealPriceCents: number;
  expirationDate: string;
  moderationReason: string | null;
  createdAt: string;
}

export const adminOverviewQuery = queryOptions({
  queryKey: ['admin', 'overview'],
  queryFn: () => api.get<AdminOverview>('/api/admin/overview'),
});
export const useAdminOverview = () => useQuery(adminOverviewQuery);

export const merchantDealsQuery = (merchantId: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'merchant-deals', merchantId, page],
    queryFn: () =>
      api.get<{ merchant: { id: string; businessName: string }; deals: AdminDeal[]; total: number; page: number; pageSize: number }>(
        `/api/admin/merchants/${merchantId}/deals?page=${page}`,
      ),
    placeholderData: keepPreviousData,
  });
export const useMerchantDeals = (merchantId: string, page: number) => useQuery(merchantDealsQuery(merchantId, page));

export function useDeactivateDeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ dealId, ...body }: DeactivateDeal & { dealId: string }) =>
      api.post<{ ok: true }>(`/api/admin/deals/${dealId}/deactivate`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
