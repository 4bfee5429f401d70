import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { FeedbackButton } from '../../features/support/support/feedback-button';
import { calendarDate } from '../../lib/format';
import { useDisplayTimeZone, useRenderTime } from '../../lib/hydration';

const columns = [
  {
    title: 'For Customers',
    links: [
      { to: paths.deals, label: 'Browse Deals' },
      { to: paths.perkboost, label: 'PerkBoost Deals' },
      { to: paths.businesses, label: 'Businesses' },
      { to: paths.favorites, label: 'Favorites' },
      { to: paths.purchases, label: 'My Purchases' },
      { to: paths.register, label: 'Create an Account' },
    ],
  },
  {
    title: 'For Business',
    links: [
      { to: paths.merchantRegister, label: 'Register as a Merchant' },
      { to: paths.merchantLogin, label: 'Merchant Login' },
      { to: paths.merchantDashboard, label: 'Merchant Dashboard' },
      { to: paths.merchantPricing, label: 'Pricing' },
      { to: paths.perkboostInfo, label: 'PerkBoost' },
      { to: paths.merchantFaq, label: 'Merchant FAQ' },
      { to: paths.merchantSuccessStories, label: 'Success Stories' },
      { to: paths.merchantTerms, label: 'Merchant Terms' },
      { to: paths.merchantRefundPolicy, label: 'Merchant Refund Policy' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: paths.about, label: 'About Us' },
      { to: paths.contact, label: 'Contact' },
      { to: paths.privacy, label: 'Privacy Policy' },
      { to: paths.terms, label: 'Terms of Service' },
    ],
  },
];

export function Footer() {
  const { year } = calendarDate(useRenderTime(), useDisplayTimeZone());
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">LocalPerks</p>
          <p className="mt-2 text-sm text-slate-300">Discounted local deals on food, fun, fitness and more in 12 US cities.</p>
          <a
            href="https://www.instagram.com/localperks"
            rel="noopener noreferrer"
            target="_blank"
            className="mt-4 inline-flex min-h-11 items-center text-sm text-emerald-300 underline"
          >
            Follow us on Instagram
          </a>
          <div className="mt-3">
            <FeedbackButton />
          </div>
        </div>
        {columns.map((c) => (
          <nav key={c.title} aria-label={c.title}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{c.title}</h2>
            <ul className="mt-3 space-y-1">
              {c.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="inline-flex min-h-8 items-center text-sm text-slate-300 hover:text-white hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">© {year} LocalPerks. All rights reserved.</p>
    </footer>
  );
}
