import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, Rocket } from 'lucide-react';
import { MERCHANT_DASHBOARD_MESSAGES as D, PRODUCT_NAME } from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { RequireRole } from '../../../features/accounts/auth/guards';
import { merchantDealQuery } from '../../../features/merchant/merchant-deals/api';
import { DealForm } from '../../../features/merchant/merchant-deals/components/deal-form';
import { DealStatusBadge } from '../../../features/merchant/merchant-deals/components/deal-status-badge';
import { LaunchBoostDialog } from '../../../features/merchant/merchant-deals/components/deals-tab';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

/** How long the page waits for the provider's confirmation after the card page returns. */
const CONFIRM_WAIT_MS = 60_000;

function EditDeal({ id }: { id: string }) {
  const [params, setParams] = useSearchParams();
  const boostReturn = useRef(params.get('boost'));
  const [since] = useState(() => Date.now());
  const deal = useQuery({
    ...merchantDealQuery(id),
    // Back from a paid PerkBoost: poll until the webhook has made the draft live.
    refetchInterval: (q) =>
      boostReturn.current === 'paid' && q.state.data?.status === 'draft' && Date.now() - since < CONFIRM_WAIT_MS ? 1500 : false,
  });
  const [isLaunching, setIsLaunching] = useState(false);

  useEffect(() => {
    const outcome = params.get('boost');
    if (!outcome) return;
    if (outcome === 'paid')
      toast.success('Payment Successful!', {
        description: 'Your PerkBoost deal goes live for voting as soon as the payment is confirmed.',
      });
    else toast.warning(D.paymentCancelledTitle, { description: D.paymentCancelled });
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('boost');
        return next;
      },
      { replace: true },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on return from the payment page (the toast must not repeat)
  }, []);

  if (deal.isLoading) return <Spinner />;
  if (deal.isError || !deal.data)
    return (
      <Alert variant="destructive" title="This deal cannot be edited">
        {errorMessage(deal.error, 'Please try again.')}
      </Alert>
    );
  const d = deal.data;
  const isConfirming = boostReturn.current === 'paid' && d.status === 'draft';
  return (
    <>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Edit Deal</h1>
        <DealStatusBadge deal={d} />
      </div>
      {boostReturn.current === 'paid' && d.status === 'pending' && (
        <Alert variant="success" className="mt-4" title="Your PerkBoost deal is live">
          Customers can vote for it now; it unlocks for purchase at {d.votesRequired} votes.{' '}
          <Link to={paths.deal(d.id)} className="font-medium underline">
            View the deal
          </Link>
        </Alert>
      )}
      {isConfirming && (
        <Alert className="mt-4" title="Confirming your payment…">
          This takes a moment. The page updates by itself.
        </Alert>
      )}
      {d.status === 'draft' && !isConfirming && (
        <div className="mt-4 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-800">This PerkBoost deal is a draft: customers do not see it until the boost is paid.</p>
          <Button onClick={() => setIsLaunching(true)}>
            <Rocket aria-hidden className="h-4 w-4" /> Pay & Launch
          </Button>
        </div>
      )}
      <Card className="mt-6 p-5 sm:p-8">
        <DealForm deal={d} />
      </Card>
      {isLaunching && <LaunchBoostDialog deal={d} onClose={() => setIsLaunching(false)} />}
    </>
  );
}

/** /merchant/deals/:id/edit: one of the merchant's own deals (another merchant's is not found). */
export default function DealEditPage() {
  const { id = '' } = useParams();
  return (
    <RequireRole roles={['merchant']}>
      <div className="mx-auto w-full max-w-3xl px-4 py-8">
        <title>{`Edit Deal | ${PRODUCT_NAME}`}</title>
        <Link
          to={`${paths.merchantDashboard}?tab=deals`}
          className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
        >
          <ArrowLeft aria-hidden className="h-4 w-4" /> Back to dashboard
        </Link>
        <EditDeal id={id} />
      </div>
    </RequireRole>
  );
}
