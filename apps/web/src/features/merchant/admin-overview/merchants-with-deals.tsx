import { useEffect, useState } from 'react';
import { ArrowLeft, ChevronRight, Tag } from 'lucide-react';
import { DEAL_APPEAL_MESSAGES, DEAL_MODERATION_MESSAGES, formatCents, plural, type AdminDeal } from '@localperks/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Field, Textarea } from '../../../components/ui/input';
import { Pager } from '../../../components/ui/pager';
import { SearchForm } from '../../../components/ui/search-form';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeactivateDeal, useDecideAppeal, useMerchantDeals, useMerchantsWithDeals } from './api';
import { Badge, ErrorState } from '../../../components/ui/admin-parts';

/*
 * Every merchant with deals and each one's deals, for moderation (issue 39): searchable and paged, so
 * any merchant's deals can be reached. Self-contained (its own queries, the open merchant passed in)
 * so it can move into the back-office console's merchants section as it is.
 */

/** A deal's state for the admin: on sale, collecting votes, taken down, or otherwise not on sale. */
function DealStateBadge({ deal }: { deal: AdminDeal }) {
  if (deal.isActive) return <Badge tone="green">Active</Badge>;
  if (deal.isVoting) return <Badge tone="amber">Voting</Badge>;
  if (deal.status === 'removed') return <Badge tone="red">Removed</Badge>;
  return <Badge tone="slate">Inactive</Badge>;
}

function DeactivateDialog({ deal, onClose, onChanged }: { deal: AdminDeal | null; onClose: () => void; onChanged?: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const deactivate = useDeactivateDeal();
  useEffect(() => {
    setReason('');
    setError(undefined);
  }, [deal?.id]);
  const confirm = () => {
    if (!deal) return;
    if (!reason.trim()) {
      setError(DEAL_MODERATION_MESSAGES.reasonRequired);
      return;
    }
    deactivate.mutate(
      { dealId: deal.id, reason: reason.trim() },
      {
        onSuccess: () => {
          onChanged?.();
          toast.success(DEAL_MODERATION_MESSAGES.deactivatedTitle, {
            description: `"${deal.title}" is no longer listed and the merchant was told why.`,
          });
          onClose();
        },
        onError: (err) => toast.error('Error', { description: errorMessage(err, 'Failed to deactivate deal') }),
      },
    );
  };
  return (
    <Dialog open={Boolean(deal)} onOpenChange={(o) => !o && onClose()}>
      {deal && (
        <DialogContent
          title="Deactivate Deal"
          description={`"${deal.title}" will be taken down at once. The merchant gets a notification and an e-mail with your reason.`}
        >
          <Field label="Reason for deactivation (required):" error={error}>
            {(p) => (
              <Textarea
                {...p}
                rows={4}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                placeholder="Which merchant term does this deal break?"
              />
            )}
          </Field>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={confirm} disabled={!reason.trim() || deactivate.isPending}>
              {deactivate.isPending ? 'Deactivating...' : 'Deactivate Deal'}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

/** A removed deal's appeal: what the merchant wrote and, while it is open, the two decisions. */
function AppealLine({ deal, onDecide }: { deal: AdminDeal; onDecide: (c: { deal: AdminDeal; decision: 'reinstate' | 'uphold' }) => void }) {
  const a = deal.appeal!;
  return (
    <div className="mt-1 rounded-md bg-amber-50 p-2 text-xs text-slate-800">
      <p>
        <span className="font-semibold">
          Appeal{a.status === 'open' ? ' (open)' : a.status === 'reinstated' ? ': reinstated' : ': upheld'}:
        </span>{' '}
        {a.message}
      </p>
      {a.decisionText && <p className="mt-1">Decision: {a.decisionText}</p>}
      {a.status === 'open' && (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button size="sm" onClick={() => onDecide({ deal, decision: 'reinstate' })} aria-label={`Reinstate ${deal.title}`}>
            Reinstate
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onDecide({ deal, decision: 'uphold' })}
            aria-label={`Uphold removal of ${deal.title}`}
          >
            Uphold removal
          </Button>
        </div>
      )}
    </div>
  );
}

function AppealDecisionDialog({
  choice,
  onClose,
  onChanged,
}: {
  choice: { deal: AdminDeal; decision: 'reinstate' | 'uphold' } | null;
  onClose: () => void;
  onChanged?: () => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const decide = useDecideAppeal();
  useEffect(() => {
    setText('');
    setError(undefined);
  }, [choice?.deal.id, choice?.decision]);
  const confirm = () => {
    if (!choice) return;
    if (!text.trim()) {
      setError(DEAL_APPEAL_MESSAGES.decisionTextRequired);
      return;
    }
    decide.mutate(
      { dealId: choice.deal.id, decision: choice.decision, decisionText: text.trim() },
      {
        onSuccess: () => {
          onChanged?.();
          toast.success(choice.decision === 'reinstate' ? 'Deal Reinstated' : 'Removal Upheld', {
            description: `The merchant of “${choice.deal.title}” was told your decision.`,
          });
          onClose();
        },
        onError: (err) => toast.error('Error', { description: errorMessage(err, 'Failed to decide the appeal') }),
      },
    );
  };
  const isReinstate = choice?.decision === 'reinstate';
  return (
    <Dialog open={Boolean(choice)} onOpenChange={(o) => !o && onClose()}>
      {choice && (
        <DialogContent
          title={isReinstate ? 'Reinstate this deal?' : 'Uphold the removal?'}
          description={
            isReinstate
              ? `“${choice.deal.title}” comes back paused; the merchant resumes it when ready.`
              : `“${choice.deal.title}” stays removed and cannot be appealed again.`
          }
        >
          <Field label="Reason the merchant will read (required):" error={error}>
            {(p) => <Textarea {...p} rows={3} value={text} onChange={(e) => setText(e.target.value)} />}
          </Field>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={confirm} disabled={!text.trim() || decide.isPending}>
              {decide.isPending ? 'Saving...' : isReinstate ? 'Reinstate' : 'Uphold removal'}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

/** A merchant's deals to moderate; `onChanged` after a deactivation or an appeal's decision (the console refreshes its table). */
export function MerchantDeals({ merchantId, onBack, onChanged }: { merchantId: string; onBack: () => void; onChanged?: () => void }) {
  const [page, setPage] = useState(1);
  const q = useMerchantDeals(merchantId, page);
  const [toDeactivate, setToDeactivate] = useState<AdminDeal | null>(null);
  const [toDecide, setToDecide] = useState<{ deal: AdminDeal; decision: 'reinstate' | 'uphold' } | null>(null);
  return (
    <div>
      <Button variant="ghost" size="sm" onClick={onBack} className="-ml-2">
        <ArrowLeft aria-hidden className="h-4 w-4" /> Back to Merchants
      </Button>
      {q.isPending ? (
        <Spinner label="Loading deals..." />
      ) : q.isError ? (
        <ErrorState message="Failed to load dashboard data" onRetry={() => void q.refetch()} />
      ) : (
        <>
          <h3 className="mt-2 font-semibold text-slate-900">{q.data.merchant.businessName}</h3>
          {q.data.deals.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600">No deals found for this merchant</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200">
              {q.data.deals.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{d.title}</p>
                    <p className="text-sm text-slate-600">
                      Status: {d.status} · <span className="font-semibold text-slate-900">{formatCents(d.dealPriceCents)}</span>{' '}
                      <span className="line-through">{formatCents(d.originalPriceCents)}</span>
                    </p>
                    {d.moderationReason && <p className="text-xs text-red-800">Deactivated: {d.moderationReason}</p>}
                    {d.boostRefundCents > 0 && (
                      <p className="text-xs text-slate-700">Unused boost refunded: {formatCents(d.boostRefundCents)}</p>
                    )}
                    {d.appeal && <AppealLine deal={d} onDecide={setToDecide} />}
                  </div>
                  <div className="flex items-center gap-2">
                    <DealStateBadge deal={d} />
                    {d.status !== 'removed' && (
                      <Button variant="secondary" size="sm" onClick={() => setToDeactivate(d)} aria-label={`Deactivate ${d.title}`}>
                        Deactivate
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <Pager
            page={page}
            pageSize={q.data.pageSize}
            total={q.data.total}
            onPage={setPage}
            label="Deal pages"
            size="sm"
            className="mt-4"
          />
        </>
      )}
      <DeactivateDialog deal={toDeactivate} onClose={() => setToDeactivate(null)} onChanged={onChanged} />
      <AppealDecisionDialog choice={toDecide} onClose={() => setToDecide(null)} onChanged={onChanged} />
    </div>
  );
}

/**
 * A business's deals from its row in the console's Merchants table (the Businesses section): the same moderation as
 * the Overview's Merchants with Deals (deactivate, decide an appeal), in a dialog; Back to Merchants closes it.
 */
export function MerchantDealsButton({
  merchantId,
  businessName,
  onChanged,
}: {
  merchantId: string;
  businessName: string;
  onChanged: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-label={`Deals of ${businessName}`} aria-haspopup="dialog">
        <Tag aria-hidden className="h-4 w-4" /> Deals
      </Button>
      {open && (
        <DialogContent title={`Deals of ${businessName}`} className="max-h-[90vh] max-w-2xl overflow-y-auto">
          <MerchantDeals merchantId={merchantId} onBack={() => setOpen(false)} onChanged={onChanged} />
        </DialogContent>
      )}
    </Dialog>
  );
}

/** The Merchants with Deals card: every merchant with deals, searched and paged; choosing one opens its deals. */
export function MerchantsWithDeals({ merchantId, onMerchant }: { merchantId: string | null; onMerchant: (id: string | null) => void }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useMerchantsWithDeals({ search, page });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Merchants with Deals</CardTitle>
        <CardDescription>Choose a merchant to see and moderate their deals.</CardDescription>
      </CardHeader>
      <CardContent>
        {merchantId ? (
          <MerchantDeals merchantId={merchantId} onBack={() => onMerchant(null)} />
        ) : (
          <div className="space-y-3">
            <SearchForm
              id="merchants-with-deals-search"
              name="Merchants with deals"
              label="Search merchants by name, city or e-mail"
              placeholder="Name, city or e-mail"
              maxLength={100}
              buttonVariant="secondary"
              value={search}
              onSearch={(text) => {
                setSearch(text);
                setPage(1);
              }}
            />
            {q.isPending ? (
              <Spinner label="Loading merchants..." />
            ) : q.isError ? (
              <ErrorState message="Failed to load dashboard data" onRetry={() => void q.refetch()} />
            ) : q.data.merchants.length === 0 ? (
              <p className="py-4 text-sm text-slate-600">
                {search ? `No merchant with deals matches “${search}”.` : 'No merchant has deals yet.'}
              </p>
            ) : (
              <>
                <p className="text-sm text-slate-700" aria-live="polite">
                  {plural(q.data.total, 'merchant')} with deals{search ? ` matching “${search}”` : ''}
                </p>
                <ul className="divide-y divide-slate-200">
                  {q.data.merchants.map((m) => (
                    <li key={m.id}>
                      <button
                        type="button"
                        onClick={() => onMerchant(m.id)}
                        className="flex min-h-12 w-full items-center justify-between gap-2 py-3 text-left hover:bg-slate-50"
                      >
                        <span className="min-w-0">
                          <span className="block truncate font-medium text-slate-900">{m.businessName}</span>
                          <span className="block text-sm text-slate-600">
                            {m.city}, {m.state} · {plural(m.dealCount, 'deal')} · {m.activeDealCount} active
                            {m.removedDealCount > 0 && ` · ${m.removedDealCount} removed`}
                          </span>
                        </span>
                        <ChevronRight aria-hidden className="h-4 w-4 shrink-0 text-slate-500" />
                      </button>
                    </li>
                  ))}
                </ul>
                <Pager page={page} pageSize={q.data.pageSize} total={q.data.total} onPage={setPage} label="Merchant pages" size="sm" />
              </>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
