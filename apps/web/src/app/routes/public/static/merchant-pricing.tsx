import { Link } from 'react-router';
import { ArrowRight, Check, Rocket, X } from 'lucide-react';
import { PUBLIC_PAGES, BOOST_OPTIONS, COMMISSION_CHANGE_NOTICE_DAYS, PLANS, PRODUCT_NAME, formatCents } from '@localperks/shared';
import { textClass, linkClass, primaryButton, secondaryButton, formatPrice, durationLabel } from './page-parts';
import { paths } from '../../../../config/paths';

type Plan = (typeof PLANS)[number];

/** `$15` for whole dollars, `$9.99` otherwise. */
/** The headline price and the line under it for a plan card. */
function planPrice(plan: Plan): { headline: string; unit: string; note: string } {
  if (plan.priceCentsPerMonth > 0) {
    return {
      headline: formatPrice(plan.priceCentsPerMonth),
      unit: '/month',
      note: 'Billed monthly, auto-renewing until canceled',
    };
  }
  if (plan.commissionPercent > 0) {
    return { headline: `${plan.commissionPercent}%`, unit: 'commission per sale', note: 'No monthly fee' };
  }
  return { headline: 'Free', unit: '', note: 'No monthly fee, no commission' };
}

const planBlurb: Record<Plan['id'], string> = {
  advertise_only: 'Put your business on the map and let nearby customers find you.',
  advertise_messaging: 'Stand out with a richer profile and talk directly with customers.',
  deals_messaging: 'Sell deals, track revenue and pay only when you make a sale.',
};

export default function MerchantPricingPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <title>{PUBLIC_PAGES['merchant-pricing'].head().title}</title>
      <h1 className="text-3xl font-bold text-slate-900">Simple pricing for local businesses</h1>
      <p className={`mt-4 max-w-3xl text-lg ${textClass}`}>
        Start with a free listing, add customer messaging for a flat monthly fee, or sell deals and pay a commission only when you make a
        sale. Every business is reviewed by our team before approval, so customers know they can trust the businesses they find on{' '}
        {PRODUCT_NAME}.
      </p>

      <section aria-labelledby="plans">
        <h2 id="plans" className="mt-8 mb-2 text-xl font-semibold text-slate-900">
          Plans
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {PLANS.map((plan) => {
            const price = planPrice(plan);
            const headingId = `plan-${plan.id}`;
            return (
              <li key={plan.id} className="flex flex-col rounded-lg border border-slate-200 bg-white p-6">
                <h3 id={headingId} className="text-lg font-semibold text-slate-900">
                  {plan.name}
                </h3>
                <p className={`mt-1 ${textClass}`}>{planBlurb[plan.id]}</p>
                <p className="mt-4 flex flex-wrap items-baseline gap-x-1">
                  <span className="text-3xl font-bold text-slate-900">{price.headline}</span>
                  {price.unit && <span className="text-slate-700">{price.unit}</span>}
                </p>
                <p className="text-sm text-slate-600">{price.note}</p>
                <p className="mt-2 text-sm font-medium text-slate-800">
                  Commission: {plan.commissionPercent}%{plan.commissionPercent > 0 ? ' per sale' : ''}
                </p>

                <ul className="mt-4 space-y-2" aria-label={`Included in ${plan.name}`}>
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex items-start gap-2 text-slate-700">
                      <Check className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
                      <span>{feature}</span>
                    </li>
                  ))}
                </ul>
                {plan.excluded.length > 0 && (
                  <ul className="mt-2 space-y-2" aria-label={`Not included in ${plan.name}`}>
                    {plan.excluded.map((feature) => (
                      <li key={feature} className="flex items-start gap-2 text-slate-600">
                        <X className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
                        <span>
                          <span className="sr-only">Not included: </span>
                          <span className="line-through decoration-slate-400">{feature}</span>
                        </span>
                      </li>
                    ))}
                  </ul>
                )}

                <div className="mt-auto pt-6">
                  <Link to={paths.merchantRegister} className={`w-full ${primaryButton}`}>
                    Register<span className="sr-only"> for {plan.name}</span>
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
        <ul className="mt-4 list-disc space-y-1 pl-6 text-sm text-slate-600">
          <li>Payment processing fees are separate from commission.</li>
          <li>You can switch plans at any time from your dashboard; downgrades take effect at the end of the billing cycle.</li>
          <li>We give at least {COMMISSION_CHANGE_NOTICE_DAYS} days' notice before any change to commission rates.</li>
        </ul>
      </section>

      <section aria-labelledby="addon" className="mt-10 rounded-lg border border-slate-200 bg-emerald-50 p-6">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
          <div>
            <h2 id="addon" className="mb-2 flex items-center gap-2 text-xl font-semibold text-slate-900">
              <Rocket className="size-6 shrink-0 text-emerald-700" aria-hidden="true" />
              Add-on: PerkBoost
            </h2>
            <p className={textClass}>
              Boost any deal to the top of search and category pages, with homepage eligibility and a premium badge.
            </p>
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="PerkBoost prices">
              {BOOST_OPTIONS.map((option) => (
                <li
                  key={option.days}
                  className="rounded-full border border-emerald-700 bg-white px-3 py-1 text-sm font-medium text-slate-900"
                >
                  {durationLabel(option.days)}: {formatCents(option.priceCents)}
                  {option.tag && <span className="text-emerald-800"> ({option.tag})</span>}
                </li>
              ))}
            </ul>
          </div>
          <Link to={paths.perkboostInfo} className={`shrink-0 ${secondaryButton}`}>
            Learn about PerkBoost
            <ArrowRight className="size-5" aria-hidden="true" />
          </Link>
        </div>
      </section>

      <p className={`mt-8 ${textClass}`}>
        Have questions first? Read the{' '}
        <Link to={paths.merchantFaq} className={linkClass}>
          merchant FAQ
        </Link>{' '}
        or the{' '}
        <Link to={paths.merchantTerms} className={linkClass}>
          Merchant Terms of Service
        </Link>
        .
      </p>
    </div>
  );
}
