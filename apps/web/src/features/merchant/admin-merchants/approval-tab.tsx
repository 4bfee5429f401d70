import { useState } from 'react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { ADMIN_APPROVAL_MESSAGES as M } from '@localperks/shared';
import { merchantRequestsKey } from './api';
import { AwaitingCard, PendingCard, ProcessedCard, useSection } from './request-cards';
import { useRegistrationEvents } from './use-registration-events';
import { RefreshButton } from '../../../components/ui/admin-parts';
import { useLoadErrorToast } from '../../../lib/use-load-error-toast';

/** Merchant Approval tab of the admin dashboard (docs/product/merchant-admin-spec.md §2, §4). */
export default function ApprovalTab() {
  const qc = useQueryClient();
  const isFetching = useIsFetching({ queryKey: [...merchantRequestsKey, 'list'] }) > 0;
  const [isRefreshing, setIsRefreshing] = useState(false);
  const { q: pending } = useSection('pending');
  useRegistrationEvents();

  useLoadErrorToast(pending.isError, M.loadFailed);

  const refresh = async () => {
    setIsRefreshing(true);
    try {
      await qc.refetchQueries({ queryKey: [...merchantRequestsKey, 'list'] });
    } finally {
      setIsRefreshing(false);
    }
  };

  return (
    <section aria-labelledby="approval-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="approval-heading" className="text-xl font-semibold text-slate-900">
          Merchant Approval
        </h2>
        <RefreshButton spinning={isRefreshing || isFetching} disabled={isRefreshing} onClick={() => void refresh()} />
      </div>
      <PendingCard />
      <AwaitingCard />
      <ProcessedCard />
    </section>
  );
}
