import { useState } from 'react';
import { Link } from 'react-router';
import { Eye, Pause, Pencil, Play, Plus, Rocket, Trash2, Zap } from 'lucide-react';
import {
  BOOST_OPTIONS,
  CATEGORIES,
  DEAL_IMAGE_URL_PATTERN,
  MERCHANT_DEAL_FILTERS,
  MERCHANT_DEAL_MESSAGES as M,
  dealBoostBlocker,
  formatCents,
  type MerchantDeal,
  type MerchantDealFilter,
} from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button, buttonClass } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Pager } from '../../../../components/ui/pager';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { FilterChips } from '../../../../components/ui/filter-chips';
import { Spinner } from '../../../../components/ui/spinner';
import { paths } from '../../../../config/paths';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useMerchantRole } from '../../../../lib/session';
import { thumbnailOf, useDeleteDeal, useLaunchBoost, useMerchantDeals, usePauseDeal } from '../api';
import { BoostOptions } from '../../../../components/ui/boost-options';
import { DealStatusBadge } from './deal-status-badge';
import { RemovedDeal } from './removed-deal';
import { BoostDealDialog, BoostStatus, useBoostReturn } from './deal-boost';

const FILTER_LABELS: Record<MerchantDealFilter, string> = {
  all: 'All',
  active: 'Active',
  pending: 'Voting',
  draft: 'Drafts',
  paused: 'Paused',
  expired: 'Expired',
};

/** "My Deals" on the merchant dashboard: the merchant's own deals, page by page, with their actions. */
export default function DealsTab() {
  const [status, setStatus] = useState<MerchantDealFilter>('all');
  const [page, setPage] = useState(1);
  const deals = useMerchantDeals(status, page);
  const data = deals.data;
  useBoostReturn();

  return (
    <section aria-labelledby="my-deals-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="my-deals-heading" className="text-xl font-semibold text-slate-900">
            My Deals
          </h2>
          <p className="text-sm text-slate-600">Create, edit, pause and boost the deals customers see on LocalPerks.</p>
        </div>
        {data?.canCreateDeals && (
          <Link to={paths.merchantDealNew} className={buttonClass('primary')}>
            <Plus aria-hidden className="h-4 w-4" /> Create Deal
          </Link>
        )}
      </div>

      {/* A plan without deals gets the dashboard's upgrade card above this tab instead. */}
      {data && !data.canCreateDeals && data.reason && data.reason !== M.planRequired && (
        <Alert title="Deal creation is not available yet">{data.reason}</Alert>
      )}

      <FilterChips
        label="Show deals"
        options={MERCHANT_DEAL_FILTERS.map((f) => [f, FILTER_LABELS[f]] as const)}
        value={status}
        onChange={(f) => {
          setStatus(f);
          setPage(1);
        }}
      />

      {deals.isLoading ? (
        <Spinner label="Loading deals..." />
      ) : deals.isError ? (
        <Alert variant="destructive" title="Failed to load deals">
          {errorMessage(deals.error, 'Please try again.')}{' '}
          <Button variant="link" onClick={() => void deals.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : !data || data.deals.length === 0 ? (
        <Card className="p-8 text-center">
          <p className="font-medium text-slate-900">
            {status === 'all' ? 'You have no deals yet.' : `No ${FILTER_LABELS[status].toLowerCase()} deals.`}
          </p>
          {status === 'all' && data?.canCreateDeals && (
            <p className="mt-1 text-sm text-slate-600">Create your first deal and it will show on the deals page right away.</p>
          )}
        </Card>
      ) : (
        <>
          <ul className="space-y-3" aria-label="Your deals">
            {data.deals.map((d) => (
              <DealRow key={d.id} deal={d} canEdit={data.canCreateDeals} />
            ))}
          </ul>
          <Pager page={page} total={data.total} pageSize={data.pageSize} onPage={setPage} label="Deal pages" />
        </>
      )}
    </section>
  );
}

function DealRow({ deal, canEdit }: { deal: MerchantDeal; canEdit: boolean }) {
  const pause = usePauseDeal();
  const remove = useDeleteDeal();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isLaunching, setIsLaunching] = useState(false);
  const [isBoosting, setIsBoosting] = useState(false);
  // Boosts are paid: the business owner's (docs/decisions/0062-roles-and-staff.md). The server checks it again when bought.
  const isOwner = useMerchantRole() === 'owner';
  const canBoost = canEdit && isOwner && dealBoostBlocker(deal, new Date()) === null;
  const boostLabel = deal.boostedUntil ? 'Extend Boost' : 'Boost';
  const category = CATEGORIES.find((c) => c.id === deal.categoryId)?.name;
  const isListed = deal.status === 'active' || deal.status === 'pending' || deal.status === 'expired';

  const togglePause = () =>
    pause.mutate(
      { id: deal.id, paused: deal.status === 'active' },
      {
        onSuccess: (d) =>
          toast.success(d.status === 'paused' ? 'Deal Paused' : 'Deal Resumed', {
            description: d.status === 'paused' ? `“${d.title}” is hidden from customers.` : `“${d.title}” is live again.`,
          }),
        onError: (err) => toast.error('Failed to update deal', { description: err.message }),
      },
    );

  const askDelete = () => {
    if (!deal.canDelete) {
      toast.error(M.cannotDeleteTitle, { description: M.cannotDelete });
      return;
    }
    setIsConfirming(true);
  };

  const confirmDelete = () =>
    remove.mutate(deal.id, {
      onSuccess: () => {
        setIsConfirming(false);
        toast.success('Deal Deleted', { description: `“${deal.title}” has been removed.` });
      },
      onError: (err) => {
        setIsConfirming(false);
        if (err instanceof ApiError && err.status === 409) toast.error(M.cannotDeleteTitle, { description: err.message });
        else toast.error('Failed to delete deal', { description: err.message });
      },
    });

  return (
    <li>
      <Card className="flex flex-col gap-4 p-4 sm:flex-row">
        <div className="h-28 w-full shrink-0 overflow-hidden rounded-lg bg-slate-100 sm:h-24 sm:w-32">
          {deal.imageUrl ? (
            <img
              src={DEAL_IMAGE_URL_PATTERN.test(deal.imageUrl) ? thumbnailOf(deal.imageUrl) : deal.imageUrl}
              alt=""
              className="h-full w-full object-cover"
            />
          ) : null}
        </div>
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="break-words text-base font-semibold text-slate-900">{deal.title}</h3>
            <DealStatusBadge deal={deal} />
            {deal.boostedUntil && (
              <span className="inline-flex items-center gap-1 rounded-full bg-violet-700 px-2.5 py-0.5 text-xs font-semibold text-white">
                <Zap aria-hidden className="h-3 w-3" /> PerkBoost
              </span>
            )}
          </div>
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{formatCents(deal.dealPriceCents)}</span>{' '}
            <s className="text-slate-600">{formatCents(deal.originalPriceCents)}</s> · {deal.discountPercentage}% off
            {category ? ` · ${category}` : ''} · {deal.city}, {deal.state}
          </p>
          <p className="text-sm text-slate-600">
            Expires {formatDate(deal.expirationDate)} · {deal.purchaseCount} {deal.purchaseCount === 1 ? 'purchase' : 'purchases'}
            {deal.type === 'perkboost' && deal.votesRequired !== null && ` · ${deal.currentVotes}/${deal.votesRequired} votes`}
            {deal.votingEndDate && deal.status === 'pending' && ` · voting ends ${formatDate(deal.votingEndDate)}`}
          </p>
          {deal.boostedUntil && isOwner && <BoostStatus dealId={deal.id} />}
          {deal.status === 'removed' && deal.moderationReason && <RemovedDeal deal={deal} />}
          <div className="flex flex-wrap gap-2 pt-1">
            {isListed && (
              <Link to={paths.deal(deal.id)} className={buttonClass('ghost', 'sm')} aria-label={`View “${deal.title}”`}>
                <Eye aria-hidden className="h-4 w-4" /> View
              </Link>
            )}
            {canEdit && deal.status !== 'removed' && (
              <Link to={paths.merchantDealEdit(deal.id)} className={buttonClass('secondary', 'sm')} aria-label={`Edit “${deal.title}”`}>
                <Pencil aria-hidden className="h-4 w-4" /> Edit
              </Link>
            )}
            {deal.status === 'draft' && canEdit && isOwner && (
              <Button size="sm" onClick={() => setIsLaunching(true)} aria-label={`Pay and launch “${deal.title}” as PerkBoost`}>
                <Rocket aria-hidden className="h-4 w-4" /> Pay & Launch
              </Button>
            )}
            {canBoost && (
              <Button size="sm" onClick={() => setIsBoosting(true)} aria-label={`${boostLabel} “${deal.title}”`}>
                <Zap aria-hidden className="h-4 w-4" /> {boostLabel}
              </Button>
            )}
            {(deal.status === 'active' || deal.status === 'paused') && (
              <Button
                variant="secondary"
                size="sm"
                onClick={togglePause}
                disabled={pause.isPending}
                aria-label={`${deal.status === 'active' ? 'Pause' : 'Resume'} “${deal.title}”`}
              >
                {deal.status === 'active' ? <Pause aria-hidden className="h-4 w-4" /> : <Play aria-hidden className="h-4 w-4" />}
                {deal.status === 'active' ? 'Pause' : 'Resume'}
              </Button>
            )}
            {deal.status !== 'removed' && (
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700 hover:bg-red-50"
                onClick={askDelete}
                aria-label={`Delete “${deal.title}”`}
              >
                <Trash2 aria-hidden className="h-4 w-4" /> Delete
              </Button>
            )}
          </div>
        </div>
      </Card>

      <Dialog open={isConfirming} onOpenChange={setIsConfirming}>
        <DialogContent
          title="Delete this deal?"
          description={`“${deal.title}” will be removed from LocalPerks. Vouchers already sold stay valid. This cannot be undone.`}
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setIsConfirming(false)}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={confirmDelete} disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete Deal'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>

      {isLaunching && <LaunchBoostDialog deal={deal} onClose={() => setIsLaunching(false)} />}
      {isBoosting && <BoostDealDialog deal={deal} onClose={() => setIsBoosting(false)} />}
    </li>
  );
}

/** Pays for a saved PerkBoost draft: choose the duration, then the payment page. */
export function LaunchBoostDialog({ deal, onClose }: { deal: MerchantDeal; onClose: () => void }) {
  const launch = useLaunchBoost();
  const [days, setDays] = useState(String(deal.boostDays ?? 3));
  const [isLeaving, setIsLeaving] = useState(false);
  const price = BOOST_OPTIONS.find((o) => String(o.days) === days)?.priceCents ?? 0;
  const pay = () =>
    launch.mutate(
      { id: deal.id, boostDays: Number(days) },
      {
        onSuccess: ({ checkoutUrl }) => {
          setIsLeaving(true);
          window.location.assign(checkoutUrl);
        },
        onError: (err) => toast.error('Payment Failed', { description: err.message }),
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Launch as PerkBoost"
        description={`“${deal.title}” goes live for voting as soon as the payment is confirmed. ${deal.votesRequired ?? 0} votes unlock it.`}
      >
        <div className="space-y-4">
          <BoostOptions name={`boost-${deal.id}`} value={days} onChange={setDays} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={pay} disabled={launch.isPending || isLeaving}>
              {launch.isPending || isLeaving ? 'Opening payment...' : `Pay ${formatCents(price)}`}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
