import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Zap } from 'lucide-react';
import { BOOST_MESSAGES as B, BOOST_OPTIONS, boostRemainingText, formatCents } from '@localperks/shared';
import { BoostOptions } from '../../../../components/ui/boost-options';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { toast } from '../../../../lib/toast';
import { listingBoostQuery, useBuyListingBoost } from '../api';
import { formatDateTime } from '../../../../lib/format';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * PerkBoost for a business listing (Advertise + Messaging with an active subscription, docs/product/design.md §4a):
 * listed first among businesses and eligible for the home page's Featured businesses while it lasts.
 */
export function ListingBoostCard() {
  const status = useQuery(listingBoostQuery);
  const buy = useBuyListingBoost();
  const qc = useQueryClient();
  const [days, setDays] = useState('3');
  const [isLeaving, setIsLeaving] = useState(false);
  const [params, setParams] = useSearchParams();
  const outcome = params.get('boost');
  const handled = useRef(false);

  // Back from the payment page: a toast, and the status reloads until the provider has confirmed it.
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
    if (outcome === 'cancelled') return void toast.warning(B.cancelledToast);
    toast.success(B.paidToast);
    void (async () => {
      for (let i = 0; i < 5; i++) {
        await sleep(1500);
        await qc.invalidateQueries({ queryKey: listingBoostQuery.queryKey });
      }
    })();
  }, [outcome, qc, setParams]);

  const s = status.data;
  if (!s) return null;
  const price = BOOST_OPTIONS.find((o) => String(o.days) === days)?.priceCents ?? 0;
  const pay = () =>
    buy.mutate(Number(days), {
      onSuccess: ({ checkoutUrl }) => {
        setIsLeaving(true);
        window.location.assign(checkoutUrl);
      },
      onError: (err) => toast.error('Payment Failed', { description: err.message }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Zap aria-hidden className="h-5 w-5 text-violet-700" /> Boost your listing
        </CardTitle>
        <CardDescription>
          PerkBoost lists your business first in business search and city lists and makes it eligible for Featured businesses on the home
          page.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {s.boostedUntil && (
          <p className="rounded-lg border border-violet-200 bg-violet-50 p-3 text-sm font-medium text-violet-900">
            Your listing is boosted · {boostRemainingText(s.remainingMs)} (until{' '}
            <time dateTime={s.boostedUntil}>{formatDateTime(s.boostedUntil)}</time>)
          </p>
        )}
        {s.canBoost ? (
          <>
            <BoostOptions name="listing-boost" value={days} onChange={setDays} legend={s.boostedUntil ? 'Extend by' : 'Boost duration'} />
            <Button onClick={pay} disabled={buy.isPending || isLeaving}>
              {buy.isPending || isLeaving ? 'Opening payment...' : `Pay ${formatCents(price)}`}
            </Button>
          </>
        ) : (
          <p className="text-sm text-slate-700">{s.reason}</p>
        )}
      </CardContent>
    </Card>
  );
}
