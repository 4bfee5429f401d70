import { Link } from 'react-router';
import { CheckCircle2, Circle, ListChecks } from 'lucide-react';
import { PLANS, planPriceLabel, type MerchantOverview } from '@localperks/shared';
import { buttonClass } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { paths } from '../../../../config/paths';
import { formatDate } from '../../../../lib/format';

type Overview = MerchantOverview & { merchant: NonNullable<MerchantOverview['merchant']> };

function Row({ label, ok, text }: { label: string; ok: boolean; text: string }) {
  const Icon = ok ? CheckCircle2 : Circle;
  return (
    <li className="flex items-start justify-between gap-3 py-2">
      <span className="font-medium text-slate-800">{label}</span>
      <span className={ok ? 'flex items-start gap-1.5 text-right text-emerald-800' : 'flex items-start gap-1.5 text-right text-slate-700'}>
        <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0" /> {text}
      </span>
    </li>
  );
}

/** Account status: Email Verified, Admin Review, Deal Creation (docs/product/merchant-admin-spec.md §2). */
export function AccountStatusCard({ overview }: { overview: Overview }) {
  const m = overview.merchant;
  const sellsDeals = m.subscriptionPlan === 'deals_messaging';
  const dealText = !m.approved ? 'Available after approval' : sellsDeals ? 'Enabled' : 'Needs the Deals + Messaging plan';
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Account Status</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-200 text-sm">
          <Row label="Email Verified" ok={overview.emailVerified} text={overview.emailVerified ? 'Verified' : 'Not verified'} />
          <Row label="Admin Review" ok={m.approved} text={m.approved ? 'Approved' : 'Pending'} />
          <Row label="Deal Creation" ok={m.approved && sellsDeals} text={dealText} />
        </ul>
        {!overview.emailVerified && (
          <Link to={paths.verifyEmail} className="mt-2 inline-block text-sm font-medium text-brand-800 underline underline-offset-2">
            Verify your e-mail
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

/** What the merchant's plan includes, and the way to the Launch Checklist. */
export function PlatformFeaturesCard({ overview }: { overview: Overview }) {
  const m = overview.merchant;
  const plan = PLANS.find((p) => p.id === m.subscriptionPlan)!;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Platform Features</CardTitle>
        <p className="text-sm text-slate-700">
          {/* A commission-only plan's price is its commission, which is named once, at the merchant's own rate. */}
          {plan.name} · {plan.priceCentsPerMonth === 0 && plan.commissionPercent > 0 ? 'No monthly fee' : planPriceLabel(plan)} ·{' '}
          {m.commissionRate}% commission
        </p>
      </CardHeader>
      <CardContent className="space-y-3">
        {m.paymentRequired && <p className="text-sm font-medium text-amber-900">These features start once your payment is confirmed.</p>}
        <ul className="space-y-1.5 text-sm">
          {plan.features.map((f) => (
            <li key={f} className="flex gap-2 text-slate-800">
              <CheckCircle2 aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" /> {f}
            </li>
          ))}
          <li className="flex gap-2 text-slate-800">
            <CheckCircle2
              aria-hidden
              className={m.messagingAccess ? 'mt-0.5 h-4 w-4 shrink-0 text-emerald-700' : 'mt-0.5 h-4 w-4 shrink-0 text-slate-400'}
            />
            <span>
              Messaging status:{' '}
              {m.messagingActiveUntil ? (
                <>
                  Active until <time dateTime={m.messagingActiveUntil}>{formatDate(m.messagingActiveUntil)}</time>
                </>
              ) : m.messagingAccess ? (
                'Active'
              ) : m.paymentRequired ? (
                'Waiting for payment'
              ) : (
                'Not included in your plan'
              )}
            </span>
          </li>
        </ul>
        <Link to={paths.merchantPreLaunch} className={buttonClass('secondary', 'sm')}>
          <ListChecks aria-hidden className="h-4 w-4" /> Launch Checklist
        </Link>
      </CardContent>
    </Card>
  );
}
