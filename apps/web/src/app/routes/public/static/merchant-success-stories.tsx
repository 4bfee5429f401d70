import { Link } from 'react-router';
import { Info, MapPin, Quote } from 'lucide-react';
import { PUBLIC_PAGES, PRODUCT_NAME } from '@localperks/shared';
import { h2Class, textClass, linkClass, primaryButton, secondaryButton } from './page-parts';
import { paths } from '../../../../config/paths';

interface Story {
  id: string;
  business: string;
  location: string;
  category: string;
  approach: string;
  challenge: string;
  whatTheyDid: string;
  outcome: string;
  takeaway: string;
}

/** Fictional businesses: composite scenarios that show how the product's tools fit together. */
const stories: Story[] = [
  {
    id: 'harbor-street-noodle-bar',
    business: 'Harbor Street Noodle Bar',
    location: 'San Francisco, CA',
    category: 'Restaurants',
    approach: 'Deals + Messaging',
    challenge: 'Evenings were busy, but the dining room sat half empty on weekday afternoons.',
    whatTheyDid:
      'The owners created a weekday lunch deal for two, valid Monday to Thursday only, and kept the description short and specific about what was included.',
    outcome:
      'Office workers from nearby blocks started using the deal for team lunches, and many came back later at full price with friends.',
    takeaway: 'Target a deal at your slowest hours so new customers fill gaps instead of crowding your peak times.',
  },
  {
    id: 'lakeview-strength-collective',
    business: 'Lakeview Strength Collective',
    location: 'Chicago, IL',
    category: 'Fitness',
    approach: 'Deals + Messaging, plus a 3-day PerkBoost',
    challenge: 'The gym wanted to launch a new early-morning class but was not sure anyone would show up at 6 AM.',
    whatTheyDid:
      'They listed a five-class intro pack as a PerkBoost deal. Neighbors voted for it, and the deal unlocked for purchase once enough votes came in before the deadline.',
    outcome:
      'The vote count gave the coaches a clear read on demand before committing to the new timetable, and the first classes opened with a waiting list.',
    takeaway: 'Crowd voting is a low-risk way to test a new idea with real customers before you invest in it.',
  },
  {
    id: 'fern-and-thistle-florals',
    business: 'Fern & Thistle Florals',
    location: 'Brooklyn, NY',
    category: 'Retail',
    approach: 'Advertise + Messaging',
    challenge: "Most of the shop's revenue comes from custom event work, which is hard to sell with a one-size-fits-all discount.",
    whatTheyDid:
      'Instead of running deals, the florist built an enhanced business profile with photos of past arrangements and answered questions through customer messaging.',
    outcome:
      'Couples planning weddings used messaging to ask about budgets and seasonal flowers, and several conversations turned into booked consultations.',
    takeaway: 'Not every business needs deals. Being easy to find and easy to talk to can be enough.',
  },
  {
    id: 'south-congress-glow-studio',
    business: 'South Congress Glow Studio',
    location: 'Austin, TX',
    category: 'Beauty',
    approach: 'Deals + Messaging',
    challenge: 'A new skincare studio needed first-time clients without spending on traditional advertising.',
    whatTheyDid:
      'They offered a discounted introductory facial, used the analytics in their dashboard to see which days deal customers preferred, and followed up with each client after the visit.',
    outcome:
      'With commission charged only on deals sold, the studio paid nothing up front, and a steady share of first-time clients rebooked at regular prices.',
    takeaway: 'An introductory offer plus a personal follow-up turns one-time bargain hunters into regulars.',
  },
  {
    id: 'coral-way-escape-rooms',
    business: 'Coral Way Escape Rooms',
    location: 'Miami, FL',
    category: 'Entertainment',
    approach: 'Advertise Only, later Deals + Messaging',
    challenge: 'The owners wanted to try the marketplace before paying anything, then grow once they knew it worked for them.',
    whatTheyDid:
      'They began with a free listing to appear in local search results, then moved to Deals + Messaging to offer a group booking deal and added a 7-day PerkBoost before a holiday weekend.',
    outcome:
      'The boosted deal appeared at the top of the Entertainment category over the holiday, helping fill rooms for groups of friends and coworkers.',
    takeaway: 'Start small, learn what your customers respond to, and switch plans as your needs change.',
  },
];

export default function MerchantSuccessStoriesPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <title>{PUBLIC_PAGES['merchant-success-stories'].head().title}</title>
      <h1 className="text-3xl font-bold text-slate-900">Merchant success stories</h1>
      <p className={`mt-4 text-lg ${textClass}`}>
        Every neighborhood business is different. These stories show some of the ways merchants can use {PRODUCT_NAME} listings, messaging,
        deals and PerkBoost to reach more local customers.
      </p>

      <div className="mt-6 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4" role="note">
        <Info className="mt-0.5 size-5 shrink-0 text-amber-800" aria-hidden="true" />
        <p className="text-slate-800 leading-relaxed">
          <strong className="font-semibold">Illustrative examples:</strong> the businesses below are fictional. Their stories are composite
          scenarios written to show how {PRODUCT_NAME} features can work together. They are not testimonials, and they do not describe real
          businesses or guarantee any particular result.
        </p>
      </div>

      <section aria-labelledby="stories">
        <h2 id="stories" className={h2Class}>
          Stories from around our cities
        </h2>
        <ul className="mt-4 space-y-6">
          {stories.map((story) => (
            <li key={story.id}>
              <article aria-labelledby={story.id} className="rounded-lg border border-slate-200 bg-white p-5">
                <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Illustrative example · {story.category}</p>
                <h3 id={story.id} className="mt-1 text-lg font-semibold text-slate-900">
                  {story.business}
                </h3>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                  <span className="inline-flex items-center gap-1">
                    <MapPin className="size-4" aria-hidden="true" />
                    {story.location}
                  </span>
                  <span>Plan: {story.approach}</span>
                </p>
                <dl className="mt-4 space-y-3">
                  <div>
                    <dt className="font-semibold text-slate-900">The challenge</dt>
                    <dd className={textClass}>{story.challenge}</dd>
                  </div>
                  <div>
                    <dt className="font-semibold text-slate-900">What they did</dt>
                    <dd className={textClass}>{story.whatTheyDid}</dd>
                  </div>
                  <div>
                    <dt className="font-semibold text-slate-900">The result</dt>
                    <dd className={textClass}>{story.outcome}</dd>
                  </div>
                </dl>
                <p className="mt-4 flex gap-2 rounded-md bg-emerald-50 p-3 text-slate-800 leading-relaxed">
                  <Quote className="mt-1 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
                  <span>
                    <strong className="font-semibold">Takeaway:</strong> {story.takeaway}
                  </span>
                </p>
              </article>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="your-story" className="mt-10 rounded-lg bg-emerald-50 p-6">
        <h2 id="your-story" className="mb-2 text-xl font-semibold text-slate-900">
          Write your own story
        </h2>
        <p className={textClass}>
          Registering takes a few minutes. Our team reviews every application, and you can start with a free listing and grow from there.
          Not sure which plan fits? Read the{' '}
          <Link to={paths.merchantFaq} className={linkClass}>
            merchant FAQ
          </Link>
          .
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={paths.merchantRegister} className={primaryButton}>
            Register as a Merchant
          </Link>
          <Link to={paths.merchantPricing} className={secondaryButton}>
            Compare Plans
          </Link>
        </div>
      </section>
    </div>
  );
}
