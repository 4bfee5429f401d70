import { useEffect, useState } from 'react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { ADMIN_APPROVAL_MESSAGES as M } from '@localperks/shared';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { merchantRequestsKey } from '../approval/api';
import { AwaitingCard, PendingCard, ProcessedCard, useSection } from '../approval/request-cards';
import { useRegistrationEvents } from '../approval/use-registration-events';

/** Merchant Approval tab of the admin dashboard (merchant-admin.md §2, §4). */
export default function ApprovalTab() {
  const qc = useQueryClient();
  const isFetching = useIsFetching({ queryKey: [...merchantRequestsKey, 'list'] }) > 0;
  const [isRefreshing, setIsRefreshing] = useState(false);
  const { q: pending } = useSection('pending');
  useRegistrationEvents();

  useEffect(() => {
    if (pending.isError) toast.error('Error', { description: M.loadFailed });
  }, [pending.isError]);

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
        <Button variant="secondary" onClick={() => void refresh()} disabled={isRefreshing}>
          <RefreshCw aria-hidden className={isRefreshing || isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} /> Refresh
        </Button>
      </div>
      <PendingCard />
      <AwaitingCard />
      <ProcessedCard />
    </section>
  );
}
