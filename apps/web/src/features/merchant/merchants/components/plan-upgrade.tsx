import { Link } from 'react-router';
import { ArrowRight, Check } from 'lucide-react';
import { planById, planPriceLabel, plansIncluding, type PlanCapability, type PlanId } from '@localperks/shared';
import { buttonClass } from '../../../../components/ui/button';
import { Card, CardContent } from '../../../../components/ui/card';
import { paths } from '../../../../config/paths';

const AREA: Record<PlanCapability, { title: string; what: string }> = {
  analytics: {
    title: 'Revenue & Analytics',
    what: 'See revenue, earnings, payouts and your best-selling deals, computed from every voucher sold.',
  },
  deals: { title: 'Deals', what: 'Create deals customers buy on LocalPerks, and launch crowd-vote deals with PerkBoost.' },
  messaging: { title: 'Customer Messages', what: 'Answer customers who write to your business from your listing, deals and purchases.' },
};

/**
 * A dashboard area the merchant's plan does not include: what the plan has, and what each plan that
 * includes the area adds, with the way to Switch Plans. Shown instead of calling an API the plan has no access to.
 */
export function PlanUpgrade({ capability, plan }: { capability: PlanCapability; plan: PlanId }) {
  const current = planById(plan);
  const area = AREA[capability];
  const headingId = `upgrade-${capability}-heading`;
  return (
    <Card>
      <CardContent className="space-y-4 p-6">
        <div>
          <h2 id={headingId} className="text-xl font-semibold text-slate-900">
            {area.title} is not part of {current.name}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{area.what}</p>
          <p className="mt-2 text-sm text-slate-700">
            Your plan, {current.name} ({planPriceLabel(current)}), includes: {current.features.join(', ')}.
          </p>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2" aria-labelledby={headingId}>
          {plansIncluding(capability).map((p) => (
            <li key={p.id} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
              <p className="font-semibold text-slate-900">
                Upgrade to {p.name} <span className="font-normal text-slate-700">· {planPriceLabel(p)}</span>
              </p>
              <ul className="mt-2 space-y-1 text-sm">
                {p.features.map((f) => (
                  <li key={f} className="flex gap-2 text-slate-800">
                    <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" /> {f}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <Link to={paths.merchantDashboardTab('plans')} className={buttonClass('primary')}>
          Switch Plans <ArrowRight aria-hidden className="h-4 w-4" />
        </Link>
      </CardContent>
    </Card>
  );
}
