import { useState } from 'react';
import { Check, X } from 'lucide-react';
import { MERCHANT_DASHBOARD_MESSAGES as D, PLANS, planPriceLabel, type MerchantOverview, type PlanId } from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Dialog, DialogClose, DialogContent } from '../../../../components/ui/dialog';
import { ApiError } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { formatDate } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useSwitchPlan } from '../api';
import { PayForMessagingButton } from './pay-for-messaging';

type Merchant = NonNullable<MerchantOverview['merchant']>;
type Plan = (typeof PLANS)[number];

const RANK: Record<PlanId, number> = { advertise_only: 0, advertise_messaging: 1, deals_messaging: 2 };

/** Switch Plans (docs/product/merchant-admin-spec.md §4, §9): prices, commission and features of the three plans. */
export function PlansTab({ merchant }: { merchant: Merchant }) {
  const switchPlan = useSwitchPlan();
  const [target, setTarget] = useState<Plan | null>(null);
  const current = merchant.subscriptionPlan;

  const choose = (plan: Plan) => {
    if (plan.id === current) {
      toast(D.alreadyOnPlan);
      return;
    }
    setTarget(plan);
  };
  const confirm = () => {
    if (!target) return;
    switchPlan.mutate(target.id, {
      onSuccess: (res) => {
        setTarget(null);
        const until = res.overview.merchant?.messagingActiveUntil;
        toast.success(D.profileUpdatedTitle, {
          description: `You are now on ${target.name}. Your commission rate is ${res.commissionRate}%.${
            until ? ` Messaging active until ${formatDate(until)}.` : ''
          }`,
        });
      },
      onError: (err) => {
        setTarget(null);
        if (err instanceof ApiError && err.status === 409) toast(err.message);
        else toast.error(D.updateFailedTitle, { description: D.switchPlanFailed });
      },
    });
  };

  return (
    <section aria-labelledby="plans-heading" className="space-y-4">
      <div>
        {/* The section's name for its region; the console page's h1 already shows it. */}
        <h2 id="plans-heading" className="sr-only">
          Switch Plans
        </h2>
        <p className="text-sm text-slate-700">{D.downgradeNote}</p>
      </div>
      {merchant.paymentRequired && (
        <Alert title="Payment needed">
          <p>{D.paymentNeeded}</p>
          {merchant.approved && <PayForMessagingButton className="mt-2" />}
        </Alert>
      )}
      <ul className="grid gap-4 lg:grid-cols-3">
        {PLANS.map((plan) => {
          const isCurrent = plan.id === current;
          return (
            <li key={plan.id}>
              <Card className={cn('flex h-full flex-col', isCurrent && 'border-2 border-brand-700')}>
                <CardHeader>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <CardTitle className="text-lg">{plan.name}</CardTitle>
                    {isCurrent && (
                      <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">Current Plan</span>
                    )}
                  </div>
                  <p className="text-2xl font-bold text-slate-900">{planPriceLabel(plan)}</p>
                  <p className="text-sm text-slate-700">{plan.commissionPercent}% commission on sales</p>
                </CardHeader>
                <CardContent className="flex flex-1 flex-col gap-4">
                  <ul className="flex-1 space-y-1.5 text-sm">
                    {plan.features.map((f) => (
                      <li key={f} className="flex gap-2 text-slate-800">
                        <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" /> {f}
                      </li>
                    ))}
                    {plan.excluded.map((f) => (
                      <li key={f} className="flex gap-2 text-slate-600">
                        <X aria-hidden className="mt-0.5 h-4 w-4 shrink-0" /> <span>No {f.toLowerCase()}</span>
                      </li>
                    ))}
                  </ul>
                  {plan.id === 'advertise_messaging' && (
                    <p className="text-xs text-slate-700">
                      Billed monthly, renews automatically until canceled.
                      {!(isCurrent && merchant.messagingAccess) && ` ${D.paymentNeeded}`}
                    </p>
                  )}
                  <Button
                    variant={isCurrent ? 'secondary' : 'primary'}
                    onClick={() => choose(plan)}
                    aria-label={isCurrent ? `${plan.name}: current plan` : `Switch to ${plan.name}`}
                  >
                    {isCurrent ? 'Current Plan' : `Switch to ${plan.name}`}
                  </Button>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
      <Dialog open={Boolean(target)} onOpenChange={(open) => !open && !switchPlan.isPending && setTarget(null)}>
        {target && (
          <DialogContent
            title={`Switch to ${target.name}?`}
            description={`${planPriceLabel(target)}, ${target.commissionPercent}% commission on sales.`}
          >
            <div className="space-y-3 text-sm text-slate-800">
              {target.id === 'advertise_messaging' && (
                <p>{D.paymentNeeded} If your earlier subscription is still paid for, it simply continues.</p>
              )}
              {RANK[target.id] < RANK[current] && <p>{D.downgradeNote}</p>}
              {current === 'advertise_messaging' && merchant.hasSubscription && (
                <p>Your messaging subscription will not renew; it stays active until the end of the period you paid for.</p>
              )}
            </div>
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <DialogClose asChild>
                <Button variant="secondary" disabled={switchPlan.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button onClick={confirm} disabled={switchPlan.isPending}>
                {switchPlan.isPending ? 'Switching...' : 'Confirm Switch'}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </section>
  );
}
