import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Eye, Pause, Pencil, Play, Plus, Rocket, Trash2, Zap } from 'lucide-react';
import {
  BOOST_OPTIONS,
  MERCHANT_DEAL_MESSAGES as M,
  dealBoostBlocker,
  formatCents,
  type MerchantDeal,
  type MerchantDealRow,
} from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button, buttonClass } from '../../../../components/ui/button';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { useMerchantRole } from '../../../../lib/session';
import { useDeleteDeal, useLaunchBoost, useMerchantDeals, usePauseDeal } from '../api';
import { BoostOptions } from '../../../../components/ui/boost-options';
import { RemovedDeal } from './removed-deal';
import { BoostDealDialog, BoostStatus, useBoostReturn } from './deal-boost';

/**
 * "My Deals" on the merchant's console: what the section is for, Create Deal, and the console's deals table as the
 * list (`list`, issue 32), each row carrying its actions (DealActions) and notes (DealNotes).
 */
export default function DealsTab({ list }: { list: (canEdit: boolean) => ReactNode }) {
  // Whether deals may be created now (and why not) comes with the deals on sale, the page the promo codes read too.
  const onSale = useMerchantDeals('active', 1);
  const data = onSale.data;
  useBoostReturn();

  return (
    <section aria-labelledby="my-deals-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          {/* The section's name for its region; the console page's h1 already shows it. */}
          <h2 id="my-deals-heading" className="sr-only">
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

      {list(data?.canCreateDeals ?? false)}
    </section>
  );
}

/** What a row of the deals table tells besides its cells: the boost running and its figures, or why an admin took it down. */
export function DealNotes({ deal }: { deal: MerchantDealRow }) {
  const isOwner = useMerchantRole() === 'owner';
  return (
    <>
      {deal.boostedUntil && (
        <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-violet-700 px-2.5 py-0.5 text-xs font-semibold text-white">
          <Zap aria-hidden className="h-3 w-3" /> PerkBoost
        </span>
      )}
      {deal.boostedUntil && isOwner && (
        <div className="mt-2">
          <BoostStatus dealId={deal.id} />
        </div>
      )}
      {deal.status === 'removed' && deal.moderationReason && (
        <div className="mt-2">
          <RemovedDeal
            deal={{
              ...deal,
              appeal: deal.appealStatus ? { status: deal.appealStatus, decisionText: deal.appealDecision } : null,
            }}
          />
        </div>
      )}
    </>
  );
}

/** A deal's actions in its row: view, edit, pay and launch, boost, pause or resume, delete (with their dialogs). */
export function DealActions({ deal, canEdit }: { deal: MerchantDealRow; canEdit: boolean }) {
  const pause = usePauseDeal();
  const remove = useDeleteDeal();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isLaunching, setIsLaunching] = useState(false);
  const [isBoosting, setIsBoosting] = useState(false);
  // Boosts are paid: the business owner's (docs/decisions/0062-roles-and-staff.md). The server checks it again when bought.
  const isOwner = useMerchantRole() === 'owner';
  const canBoost = canEdit && isOwner && dealBoostBlocker(deal, new Date()) === null;
  const boostLabel = deal.boostedUntil ? 'Extend Boost' : 'Boost';
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
    <>
      <div className="flex min-w-56 flex-wrap gap-2">
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
    </>
  );
}

/** Pays for a saved PerkBoost draft: choose the duration, then the payment page. */
export function LaunchBoostDialog({
  deal,
  onClose,
}: {
  deal: Pick<MerchantDeal, 'id' | 'title' | 'boostDays' | 'votesRequired'>;
  onClose: () => void;
}) {
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
