import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, Lock, ThumbsUp, Unlock, Zap } from 'lucide-react';
import {
  CHECKOUT_MESSAGES,
  VOTE_MESSAGES,
  VOTE_PROGRESS_HIGH,
  VOTE_PROGRESS_MID,
  isDealExpired,
  isPurchasable,
  remainingTimeText,
  type DealSummary,
  type VoteResult,
  formatCount,
} from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { paths } from '../../../../config/paths';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { lazyPart } from '../../../../lib/lazy-part';
import { useNow } from '../../../../lib/use-now';
import { toast } from '../../../../lib/toast';
import { sessionQuery, useSession } from '../../../../lib/session';
import { cartStore } from '../../../../lib/cart-store';
import { useAddToCart } from '../../../../lib/use-add-to-cart';
import { myVotesQuery, useCancelVote, useCastVote } from '../api';
import { announceUnlock, applyDealEvent, useLiveDeal } from '../use-deal-events';
import { useSetVoted, useVotedIds } from '../use-voted-ids';

const COUNTDOWN_REFRESH_MS = 30_000;

// Radix Dialog is not needed until a vote succeeds: it loads with the vote request.
const loadVoteReceivedDialog = () => import('./vote-received-dialog');
const VoteReceivedDialog = lazyPart(loadVoteReceivedDialog);

type Phase = 'unlocked' | 'expired' | 'voted' | 'open';

function phaseOf(deal: DealSummary, remaining: string, hasVoted: boolean, now: Date): Phase {
  const isPastExpiry = isDealExpired(deal, now);
  if (deal.status === 'active') return isPastExpiry ? 'expired' : 'unlocked';
  if (deal.status !== 'pending' || remaining === 'Expired' || remaining === 'Unknown' || isPastExpiry) return 'expired';
  return hasVoted ? 'voted' : 'open';
}

const badgeClass = 'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold';

/**
 * Progress, countdown and the vote control of a crowd-vote deal (docs/product/customer-spec.md §2 Crowd-vote pages,
 * §4 Voting). Counts and status are live wherever the panel is shown.
 */
export function VotePanel({ deal: dealProp, compact }: { deal: DealSummary; compact?: boolean }) {
  const deal = useLiveDeal(dealProp);
  const now = useNow(COUNTDOWN_REFRESH_MS);
  const remaining = remainingTimeText(deal.votingEndDate, now);
  const hasVoted = useVotedIds().includes(deal.id);
  const setVoted = useSetVoted();
  const { user, isLoading: isSessionLoading } = useSession();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const addToCart = useAddToCart();
  const castVote = useCastVote();
  const cancelVote = useCancelVote();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [hasDialog, setHasDialog] = useState(false);
  const [didUnlock, setDidUnlock] = useState(false);
  const headingId = useId();
  // The Vote button is replaced (Cancel vote, Pay Now) by the time Vote Received! closes: focus goes to its successor.
  const controlRef = useRef<HTMLDivElement>(null);
  const controlButton = () => controlRef.current?.querySelector<HTMLElement>('button:not(:disabled), a[href]');

  const required = deal.votesRequired ?? 0;
  const percent = required > 0 ? Math.min(100, Math.round((deal.currentVotes / required) * 100)) : 0;
  const barColor = percent >= VOTE_PROGRESS_HIGH ? 'bg-emerald-600' : percent >= VOTE_PROGRESS_MID ? 'bg-amber-500' : 'bg-sky-600';
  const phase = phaseOf(deal, remaining, hasVoted, now);
  const isBusy = castVote.isPending || cancelVote.isPending;
  const votesText = `${formatCount(deal.currentVotes)} of ${formatCount(required)} votes`;

  // Cancel vote disables itself while it works and then gives way to Vote: the focus follows to the
  // control that took its place (the deal's Vote button), never falling to the page.
  const shouldRefocus = useRef(false);
  useEffect(() => {
    if (!shouldRefocus.current || isBusy) return;
    shouldRefocus.current = false;
    controlButton()?.focus();
  }, [phase, isBusy]);

  const applyResult = (r: VoteResult) =>
    applyDealEvent({ type: 'votes', dealId: deal.id, currentVotes: r.currentVotes, votesRequired: r.votesRequired, status: r.status });
  const markUnlocked = () =>
    applyDealEvent({
      type: 'votes',
      dealId: deal.id,
      currentVotes: deal.currentVotes,
      votesRequired: deal.votesRequired,
      status: 'active',
    });

  const requireLogin = () => {
    toast.error(VOTE_MESSAGES.loginRequiredTitle, { description: VOTE_MESSAGES.loginRequiredDescription });
    navigate(`${paths.login}?returnTo=${encodeURIComponent(location.pathname + location.search)}`);
  };

  /** Common failures of vote and cancel; false when the caller should show its own message. */
  const handleCommonError = (err: unknown) => {
    if (err instanceof ApiError && err.status === 401) {
      void qc.invalidateQueries({ queryKey: sessionQuery.queryKey });
      requireLogin();
      return true;
    }
    // Already voted / not voted / voting over: our copy was out of date, so reload the votes.
    if (err instanceof ApiError && err.status === 409) void qc.invalidateQueries({ queryKey: myVotesQuery.queryKey });
    return false;
  };

  const vote = () => {
    if (!user) return requireLogin();
    void loadVoteReceivedDialog().catch(() => undefined);
    castVote.mutate(deal.id, {
      onSuccess: (r) => {
        setVoted(deal.id, true);
        applyResult(r);
        // The unlocking vote has nothing to be notified of: the unlock toast (announceUnlock) says what happened.
        toast.success('Vote Added', {
          description: r.unlocked ? 'Your vote unlocked this deal.' : 'You voted for this deal and will be notified when it unlocks.',
        });
        setDidUnlock(r.unlocked);
        setHasDialog(true);
        setIsDialogOpen(true);
        if (r.unlocked) announceUnlock(deal.id);
      },
      onError: (err) => {
        if (handleCommonError(err)) return;
        if (err instanceof ApiError && err.status === 409 && err.message === VOTE_MESSAGES.alreadyUnlockedDescription) {
          markUnlocked();
          toast.error(VOTE_MESSAGES.alreadyUnlockedTitle, { description: VOTE_MESSAGES.alreadyUnlockedDescription });
          return;
        }
        toast.error('Vote Failed', { description: errorMessage(err, 'Your vote could not be saved. Please try again.') });
      },
    });
  };

  const cancel = () => {
    if (!user) return requireLogin();
    shouldRefocus.current = true;
    cancelVote.mutate(deal.id, {
      onSuccess: (r) => {
        setVoted(deal.id, false);
        applyResult(r);
        toast.success('Vote Cancelled', { description: 'Your vote has been cancelled.' });
      },
      onError: (err) => {
        if (handleCommonError(err)) return;
        if (err instanceof ApiError && err.status === 409 && err.message === VOTE_MESSAGES.cannotCancelDescription) {
          markUnlocked();
          toast.error(VOTE_MESSAGES.cannotCancelTitle, { description: VOTE_MESSAGES.cannotCancelDescription });
          return;
        }
        toast.error('Cancel Failed', { description: errorMessage(err, 'Your vote could not be cancelled. Please try again.') });
      },
    });
  };

  const payNow = () => {
    // Pay Now takes the deal to checkout; it adds it only when it is not in the cart yet.
    if (!cartStore.get().some((i) => i.deal.id === deal.id)) addToCart(deal);
    navigate(paths.cart);
  };

  const countdown =
    phase === 'unlocked' ? (
      <span className="inline-flex items-center gap-1 font-medium text-emerald-800">
        <Unlock aria-hidden className="h-4 w-4" /> Available to buy
      </span>
    ) : phase === 'expired' ? (
      <span className="inline-flex items-center gap-1 text-slate-700">
        <Clock aria-hidden className="h-4 w-4" /> Voting ended
      </span>
    ) : (
      <span className="inline-flex items-center gap-1 text-slate-700">
        <Clock aria-hidden className="h-4 w-4" />
        <span>
          <span className="sr-only">Voting ends in </span>
          {remaining}
          <span aria-hidden> left</span>
        </span>
      </span>
    );

  const control =
    phase === 'unlocked' ? (
      <div className="flex flex-wrap items-center gap-2">
        <span className={cn(badgeClass, 'bg-emerald-100 text-emerald-900')}>
          <Unlock aria-hidden className="h-4 w-4" /> Unlocked
        </span>
        {isPurchasable(deal, now) ? (
          <Button className="flex-1" onClick={payNow} aria-label={`Pay Now: ${deal.title}`}>
            Pay Now
          </Button>
        ) : (
          <span className="text-sm text-slate-700">{CHECKOUT_MESSAGES.closingSoon('This deal')}</span>
        )}
      </div>
    ) : phase === 'expired' ? (
      <span className={cn(badgeClass, 'bg-slate-200 text-slate-800')}>
        <Lock aria-hidden className="h-4 w-4" /> Expired
      </span>
    ) : phase === 'voted' ? (
      <div className="flex flex-wrap items-center gap-2">
        <span className={cn(badgeClass, 'bg-brand-50 text-brand-800')}>
          <CheckCircle2 aria-hidden className="h-4 w-4" /> You voted
        </span>
        <Button variant="secondary" className="flex-1" onClick={cancel} disabled={isBusy} aria-label={`Cancel vote for ${deal.title}`}>
          {cancelVote.isPending ? 'Cancelling...' : 'Cancel vote'}
        </Button>
      </div>
    ) : (
      <Button className="w-full" onClick={vote} disabled={isBusy || isSessionLoading} aria-label={`Vote for ${deal.title}`}>
        <ThumbsUp aria-hidden className="h-4 w-4" /> {castVote.isPending ? 'Voting...' : 'Vote'}
      </Button>
    );

  const bar = (
    <div
      role="progressbar"
      aria-label="Votes toward unlocking"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%, ${votesText}`}
      className={cn('w-full overflow-hidden rounded-full bg-slate-200', compact ? 'h-2' : 'h-3')}
    >
      <div className={cn('h-full rounded-full transition-[width] duration-500', barColor)} style={{ width: `${percent}%` }} />
    </div>
  );

  const dialog = hasDialog && (
    <Suspense fallback={null}>
      <VoteReceivedDialog
        open={isDialogOpen}
        onOpenChange={setIsDialogOpen}
        dealTitle={deal.title}
        didUnlock={didUnlock}
        votesRequired={required}
        remaining={phase === 'voted' ? remaining : null}
        returnFocusTo={controlButton}
      />
    </Suspense>
  );

  if (compact) {
    return (
      <div className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
          <span className="font-medium text-slate-900">{votesText}</span>
          {countdown}
        </div>
        {bar}
        <div ref={controlRef}>{control}</div>
        {dialog}
      </div>
    );
  }

  const votesToGo = Math.max(0, required - deal.currentVotes);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-violet-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <span className="inline-flex h-8 w-8 items-center justify-center rounded-lg bg-violet-700 text-white">
          <Zap aria-hidden className="h-4 w-4" />
        </span>
        PerkBoost voting
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        {phase === 'unlocked'
          ? 'Enough people voted: this deal is unlocked and available for purchase.'
          : phase === 'expired'
            ? 'Voting for this deal has ended.'
            : `This deal unlocks for purchase when it reaches ${formatCount(required)} votes before voting ends${votesToGo > 0 ? `: ${formatCount(votesToGo)} to go` : ''}.`}
      </p>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <p className="text-slate-900">
          <span className="text-2xl font-bold">{formatCount(deal.currentVotes)}</span>
          <span className="text-slate-700"> of {formatCount(required)} votes</span>
          <span className="ml-2 text-sm font-medium text-slate-700">({percent}%)</span>
        </p>
        <p className="text-sm">{countdown}</p>
      </div>
      <div className="mt-2">{bar}</div>
      <div ref={controlRef} className="mt-4" aria-live="polite">
        {control}
      </div>
      <p className="mt-3 text-sm">
        <Link
          to={paths.perkboostInfo}
          className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
        >
          How PerkBoost works
        </Link>
      </p>
      {dialog}
    </section>
  );
}
