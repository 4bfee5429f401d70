import { Link } from 'react-router';
import { ArrowRight, Award, Eye, Home, Rocket, Search, Store, Timer, Users } from 'lucide-react';
import { PUBLIC_PAGES, BOOST_OPTIONS, PERKBOOST_AVAILABILITY, PRODUCT_NAME, formatCents } from '@localperks/shared';
import { h2Class, textClass, linkClass, primaryButton, durationLabel, IconCardList } from './page-parts';
import { paths } from '../../../../config/paths';

const benefits = [
  {
    icon: Search,
    title: 'Top of search and category pages',
    body: 'Boosted deals appear in the Sponsored row above regular deals when customers search or browse a category.',
  },
  {
    icon: Home,
    title: 'Homepage eligibility',
    body: `Boosted deals are eligible for the Sponsored row on the ${PRODUCT_NAME} homepage.`,
  },
  {
    icon: Award,
    title: 'Premium badge',
    body: 'A Sponsored label makes your deal stand out in every row it is placed in, and tells customers plainly that the spot is paid for.',
  },
  {
    icon: Eye,
    title: '3x more views, 2x more purchases',
    body: 'Boosted deals get 3x more views and 2x more purchases than regular deals.*',
  },
] as const;

const steps = [
  {
    icon: Rocket,
    title: 'Select a deal',
    body: 'From your merchant dashboard, pick the deal you want to put in front of more customers.',
  },
  {
    icon: Timer,
    title: 'Choose a duration',
    body: 'Boost for 1, 3, 7 or 14 days. Longer boosts cost less per day.',
  },
  {
    icon: Users,
    title: 'Go live',
    body: 'Once paid, your deal shows at the top of search and category pages, labelled Sponsored, until the boost ends. A new deal can also launch as a crowd-vote deal that customers vote to unlock.',
  },
] as const;

export default function PerkBoostInfoPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <title>{PUBLIC_PAGES['perkboost-info'].head().title}</title>
      <p className="text-sm font-semibold tracking-wide text-emerald-800 uppercase">For merchants</p>
      <h1 className="mt-1 text-3xl font-bold text-slate-900">PerkBoost: get your deal seen</h1>
      <p className={`mt-4 text-lg ${textClass}`}>
        PerkBoost is a premium feature that boosts one of your deals for extra visibility, and lets customers vote to make it happen.
      </p>

      <section aria-labelledby="what">
        <h2 id="what" className={h2Class}>
          What is PerkBoost?
        </h2>
        <p className={textClass}>
          When you boost a deal, {PRODUCT_NAME} gives it premium placement across the marketplace for the duration you choose:
        </p>
        <IconCardList items={benefits} />
        <p className="mt-2 text-sm text-slate-600">
          * Typical results compared with non-boosted deals. Individual results vary and are not guaranteed.
        </p>
      </section>

      <section aria-labelledby="crowd">
        <h2 id="crowd" className={h2Class}>
          How crowd voting works
        </h2>
        <p className={textClass}>
          A PerkBoost deal starts out as <strong className="font-semibold text-slate-900">pending</strong>. Customers who want it vote for
          it, and each card shows a progress bar of votes received against the votes required, along with a countdown to the voting
          deadline.
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700 leading-relaxed">
          <li>
            When enough customers vote before the deadline, the deal{' '}
            <strong className="font-semibold text-slate-900">unlocks for purchase</strong>, and the customers who voted for it get early
            access.
          </li>
          <li>
            If the deadline passes without enough votes, the deal expires. Voting is free, so no customer pays for a deal that does not
            unlock.
          </li>
        </ul>
        <p className={`mt-4 ${textClass}`}>
          Crowd voting builds excitement before launch and shows you real demand before you commit. Customers can see all current PerkBoost
          deals on the{' '}
          <Link to={paths.perkboost} className={linkClass}>
            PerkBoost deals page
          </Link>
          .
        </p>
      </section>

      <section aria-labelledby="listing">
        <h2 id="listing" className={h2Class}>
          <Store className="mr-2 inline size-6 align-text-bottom text-emerald-700" aria-hidden="true" />
          Boost your business listing
        </h2>
        <p className={textClass}>
          No deals? On Advertise + Messaging you can boost your business listing itself, for the same durations and prices. While the boost
          runs, your business is listed first in business search and is eligible for the featured businesses on the {PRODUCT_NAME} homepage.
          Start it from the Business Page tab of your merchant dashboard.
        </p>
      </section>

      <section aria-labelledby="steps">
        <h2 id="steps" className={h2Class}>
          How to boost a deal
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          {steps.map(({ icon: Icon, title, body }, i) => (
            <li key={title} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex items-center gap-2">
                <span
                  className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-emerald-700 font-bold text-white"
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
                <Icon className="size-5 text-emerald-700" aria-hidden="true" />
              </div>
              <h3 className="mt-2 font-semibold text-slate-900">
                <span className="sr-only">Step {i + 1}: </span>
                {title}
              </h3>
              <p className={`mt-1 ${textClass}`}>{body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="pricing">
        <h2 id="pricing" className={h2Class}>
          Pricing
        </h2>
        <p className={textClass}>One simple price per boost, with no commitment beyond the duration you choose.</p>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {BOOST_OPTIONS.map((option) => (
            <li
              key={option.days}
              className={`flex flex-col rounded-lg border bg-white p-4 ${option.tag ? 'border-2 border-emerald-700' : 'border-slate-200'}`}
            >
              <div className="flex min-h-7 flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold text-slate-900">{durationLabel(option.days)}</h3>
                {option.tag && (
                  <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-semibold text-white">{option.tag}</span>
                )}
              </div>
              <p className="mt-2 text-2xl font-bold text-slate-900">{formatCents(option.priceCents)}</p>
              <p className="text-sm text-slate-600">
                {option.days > 1
                  ? `about ${formatCents(Math.round(option.priceCents / option.days))} per day`
                  : 'a single day in the spotlight'}
              </p>
            </li>
          ))}
        </ul>
        <p className={`mt-4 text-sm ${textClass}`}>The same prices apply to deal boosts and listing boosts.</p>
        <p className={`mt-2 font-medium ${textClass}`}>{PERKBOOST_AVAILABILITY}</p>
      </section>

      <section aria-labelledby="start" className="mt-10 rounded-lg bg-emerald-50 p-6">
        <h2 id="start" className="mb-2 text-xl font-semibold text-slate-900">
          Ready to boost?
        </h2>
        <p className={textClass}>
          Head to your merchant dashboard, pick a deal and choose a duration. New to {PRODUCT_NAME}? Compare{' '}
          <Link to={paths.merchantPricing} className={linkClass}>
            merchant plans
          </Link>{' '}
          first.
        </p>
        <Link to={paths.merchantDashboard} className={`mt-4 ${primaryButton}`}>
          Get Started
          <ArrowRight className="size-5" aria-hidden="true" />
        </Link>
      </section>
    </div>
  );
}
