import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Zap } from 'lucide-react';
import {
  BOOST_MESSAGES as B,
  BOOST_OPTIONS,
  boostRemainingText,
  formatCents,
  type BoostCounts,
  type MerchantDeal,
} from '@localperks/shared';
import { BoostOptions } from '../../../../components/ui/boost-options';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { toast } from '../../../../lib/toast';
import { merchantDealsKey, useBuyDealBoost, useDealBoost } from '../api';
import { formatDateTime } from '../../../../lib/format';

/**
 * Boosting a live deal (docs/product/design.md §4a): choose 1, 3, 7 or 14 days, pay on the provider's page; the
 * window starts (or extends a running one) once the provider confirms the payment.
 */
export function BoostDealDialog({ deal, onClose }: { deal: Pick<MerchantDeal, 'id' | 'title' | 'boostedUntil'>; onClose: () => void }) {
  const buy = useBuyDealBoost();
  const [days, setDays] = useState('3');
  const [isLeaving, setIsLeaving] = useState(false);
  const price = BOOST_OPTIONS.find((o) => String(o.days) === days)?.priceCents ?? 0;
  const pay = () =>
    buy.mutate(
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
        title="Boost this deal"
        description={`While the boost lasts, “${deal.title}” is shown in the Sponsored row at the top of its search and category pages and can appear in the home page’s Sponsored row, labelled Sponsored.${deal.boostedUntil ? ' A new boost extends the one running now.' : ''}`}
      >
        <div className="space-y-4">
          <BoostOptions name={`deal-boost-${deal.id}`} value={days} onChange={setDays} legend="Boost duration" />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={pay} disabled={buy.isPending || isLeaving}>
              {buy.isPending || isLeaving ? 'Opening payment...' : `Pay ${formatCents(price)}`}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

const change = (during: number, before: number) => {
  if (before === 0) return during > 0 ? 'new' : '–';
  const pct = Math.round(((during - before) / before) * 100);
  return `${pct >= 0 ? '+' : ''}${pct}%`;
};

/** A boosted deal's time left and its views, clicks and purchases against the same time before the boost. */
export function BoostStatus({ dealId }: { dealId: string }) {
  const boost = useDealBoost(dealId);
  const s = boost.data;
  if (!s?.boostedUntil) return null;
  const rows: [string, keyof BoostCounts][] = [
    ['Views', 'views'],
    ['Clicks', 'clicks'],
    ['Purchases', 'purchases'],
  ];
  return (
    <div className="rounded-lg border border-violet-200 bg-violet-50 p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2 font-medium text-violet-900">
        <Zap aria-hidden className="h-4 w-4" /> Boosted · {boostRemainingText(s.remainingMs)}
        <span className="font-normal text-violet-800">
          (until <time dateTime={s.boostedUntil}>{formatDateTime(s.boostedUntil)}</time>)
        </span>
      </p>
      {s.during && s.before && (
        <table className="mt-2 w-full max-w-md text-left">
          <caption className="sr-only">Boost results since its exact start, against as long before it</caption>
          <thead>
            <tr className="text-violet-900">
              <th scope="col" className="py-1 pr-3 font-medium">
                Since the boost
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                During
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Before
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Change
              </th>
            </tr>
          </thead>
          <tbody className="text-slate-900">
            {rows.map(([label, key]) => (
              <tr key={key} className="border-t border-violet-200">
                <th scope="row" className="py-1 pr-3 font-normal">
                  {label}
                </th>
                <td className="py-1 pr-3 text-right tabular-nums">{s.during![key]}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{s.before![key]}</td>
                <td className="py-1 text-right tabular-nums">{change(s.during![key], s.before![key])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Back from the boost's payment page (`?boost=paid|cancelled`): a toast, and the deals reload until
 * the provider's confirmation has started the boost (it usually lands within a second or two).
 */
export function useBoostReturn() {
  const [params, setParams] = useSearchParams();
  const qc = useQueryClient();
  const handled = useRef(false);
  const outcome = params.get('boost');
  useEffect(() => {
    if (!outcome || handled.current) return;
    handled.current = true;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('boost');
        return next;
      },
      { replace: true },
    );
    if (outcome === 'cancelled') {
      toast.warning(B.cancelledToast);
      return;
    }
    if (outcome !== 'paid') return;
    toast.success(B.paidToast);
    void (async () => {
      for (let i = 0; i < 5; i++) {
        await sleep(1500);
        await qc.invalidateQueries({ queryKey: merchantDealsKey });
        await qc.invalidateQueries({ queryKey: ['deals'] });
      }
    })();
  }, [outcome, qc, setParams]);
}
