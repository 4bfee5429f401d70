import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { PUBLIC_PAGES, BOOST_OPTIONS, BUSINESS_HOURS, PLANS, PRODUCT_NAME, SUPPORT_CONTACT, formatCents, plural } from '@localperks/shared';
import { textClass, listClass, linkClass, primaryButton, secondaryButton, formatPrice } from './page-parts';
import { paths } from '../../../../config/paths';

/** `$15` for whole dollars, `$9.99` otherwise. */
function planPrice(plan: (typeof PLANS)[number]): string {
  if (plan.priceCentsPerMonth > 0) return `${formatPrice(plan.priceCentsPerMonth)}/month, billed monthly`;
  if (plan.commissionPercent > 0) return `no monthly fee, ${plan.commissionPercent}% commission per sale`;
  return 'free';
}

const cheapestBoost = BOOST_OPTIONS.reduce((min, o) => (o.priceCents < min.priceCents ? o : min));
const dealsPlan = PLANS.find((p) => p.id === 'deals_messaging');
const messagingPlan = PLANS.find((p) => p.id === 'advertise_messaging');

const faqs: { question: string; answer: ReactNode }[] = [
  {
    question: 'What plans are available?',
    answer: (
      <>
        <p className={textClass}>There are three plans, so you only pay for what you use:</p>
        <ul className={listClass}>
          {PLANS.map((plan) => (
            <li key={plan.id}>
              <strong className="font-semibold text-slate-900">{plan.name}</strong> ({planPrice(plan)}): {plan.features.join(', ')}.
            </li>
          ))}
        </ul>
        <p className={`mt-2 ${textClass}`}>
          See the full comparison on our{' '}
          <Link to={paths.merchantPricing} className={linkClass}>
            pricing page
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    question: 'How does merchant approval work?',
    answer: (
      <>
        <p className={textClass}>
          After you register, your application is reviewed by the {PRODUCT_NAME} team to confirm that your business is genuine and a good
          fit for our customers. You can follow its status from your merchant dashboard: it shows Under Review while we check your details,
          and Approved once you are ready to go.
        </p>
        <p className={`mt-2 ${textClass}`}>
          If we need more information or changes, your application is marked Response Required with a note explaining why. Reply from your
          dashboard and we will review it again. Deal creation becomes available once your business is approved.
        </p>
      </>
    ),
  },
  {
    question: `How much commission does ${PRODUCT_NAME} charge?`,
    answer: (
      <>
        <p className={textClass}>
          Commission depends on your plan. {PLANS.map((p) => `${p.name}: ${p.commissionPercent}%`).join('; ')}. Commission is only charged
          on deals you sell, and the rate is applied when your business is approved.
        </p>
        <p className={`mt-2 ${textClass}`}>
          Payment processing fees are separate from commission. We give at least 30 days' notice before any change to commission rates. Full
          details are in the{' '}
          <Link to={paths.merchantTerms} className={linkClass}>
            Merchant Terms of Service
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    question: 'When do I get paid?',
    answer: (
      <>
        <p className={textClass}>Payouts are made semi-monthly, twice a month:</p>
        <ul className={listClass}>
          <li>sales made on days 1 to 14 of the month are paid on the 15th;</li>
          <li>sales made from the 15th to the end of the month are paid on the 1st of the following month.</li>
        </ul>
        <p className={`mt-2 ${textClass}`}>
          Your dashboard shows your current-period earnings and each payout's status, so you always know what is on its way.
        </p>
      </>
    ),
  },
  {
    question: 'How do customers redeem a deal?',
    answer: (
      <p className={textClass}>
        Every purchase comes with a unique redemption code and a matching QR code, which the customer finds under My Purchases. When they
        visit, they show you the code or QR image, and you check it against the purchase before providing the deal. Each code is for one
        purchase, and customers are encouraged to redeem within two weeks of buying.
      </p>
    ),
  },
  {
    question: 'What is PerkBoost?',
    answer: (
      <p className={textClass}>
        PerkBoost is a premium add-on that boosts a deal for extra visibility: top placement on search and category pages, homepage
        eligibility and a premium badge. PerkBoost deals use crowd voting, unlocking for purchase once enough customers vote before the
        deadline. Boosts start at {formatCents(cheapestBoost.priceCents)} for {plural(cheapestBoost.days, 'day')}.{' '}
        <Link to={paths.perkboostInfo} className={linkClass}>
          Learn more about PerkBoost
        </Link>
        .
      </p>
    ),
  },
  {
    question: 'Can I message customers?',
    answer: (
      <p className={textClass}>
        Yes. Customer messaging is included in the {messagingPlan?.name ?? 'Advertise + Messaging'} and{' '}
        {dealsPlan?.name ?? 'Deals + Messaging'} plans, and you will find your conversations under Customer Messages in your dashboard. On{' '}
        {messagingPlan?.name ?? 'Advertise + Messaging'}, messaging is activated once your monthly payment is complete. You can also message
        the {PRODUCT_NAME} team from your dashboard at any time.
      </p>
    ),
  },
  {
    question: 'What happens if a customer asks for a refund?',
    answer: (
      <p className={textClass}>
        If a customer reports a problem, such as a deal you could not fulfil, we contact you first and you have 5 business days to respond.
        If the issue is not resolved, {PRODUCT_NAME} may refund the customer directly and deduct the amount from your future payouts. Read
        the full{' '}
        <Link to={paths.merchantRefundPolicy} className={linkClass}>
          Merchant Refund Policy
        </Link>
        .
      </p>
    ),
  },
  {
    question: 'Can I change my plan later?',
    answer: (
      <p className={textClass}>
        Yes, you can switch plans from your merchant dashboard at any time. Upgrades take effect right away (paid plans once payment is
        complete), and downgrades take effect at the end of your current billing cycle.
      </p>
    ),
  },
  {
    question: 'What can I include in a deal description?',
    answer: (
      <p className={textClass}>
        Describe your offer clearly and accurately, including what is included, any restrictions and the expiration date. Do not include
        phone numbers in deal descriptions; customers can reach you through {PRODUCT_NAME} messaging instead. Every deal is reviewed and may
        be edited or removed if it breaks our{' '}
        <Link to={paths.merchantTerms} className={linkClass}>
          content rules
        </Link>
        .
      </p>
    ),
  },
  {
    question: 'How do I contact merchant support?',
    answer: (
      <>
        <p className={textClass}>
          Email{' '}
          <a href={`mailto:${SUPPORT_CONTACT.email}`} className={linkClass}>
            {SUPPORT_CONTACT.email}
          </a>
          , call{' '}
          <a href={`tel:${SUPPORT_CONTACT.phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
            {SUPPORT_CONTACT.phone}
          </a>{' '}
          or use our{' '}
          <Link to={paths.contact} className={linkClass}>
            contact form
          </Link>
          . Our hours are:
        </p>
        <ul className={listClass}>
          {BUSINESS_HOURS.map((h) => (
            <li key={h.days}>
              {h.days}: {h.hours === 'closed' ? 'Closed' : h.hours}
            </li>
          ))}
        </ul>
      </>
    ),
  },
];

export default function MerchantFaqPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <title>{PUBLIC_PAGES['merchant-faq'].head().title}</title>
      <h1 className="text-3xl font-bold text-slate-900">Merchant FAQ</h1>
      <p className={`mt-4 ${textClass}`}>Answers to the questions businesses ask most often about selling on {PRODUCT_NAME}.</p>

      <section aria-labelledby="faq-heading">
        <h2 id="faq-heading" className="mt-8 mb-2 text-xl font-semibold text-slate-900">
          Frequently asked questions
        </h2>
        <ul className="mt-4 space-y-3">
          {faqs.map(({ question, answer }) => (
            <li key={question}>
              <details className="group rounded-lg border border-slate-200 bg-white">
                <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-lg px-4 py-3 font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                  <span>{question}</span>
                  <ChevronDown className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180" aria-hidden="true" />
                </summary>
                <div className="border-t border-slate-200 px-4 py-3">{answer}</div>
              </details>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="more" className="mt-10 rounded-lg bg-emerald-50 p-6">
        <h2 id="more" className="mb-2 text-xl font-semibold text-slate-900">
          Still have questions?
        </h2>
        <p className={textClass}>Our team is happy to help you get started.</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={paths.merchantRegister} className={primaryButton}>
            Register as a Merchant
          </Link>
          <Link to={paths.contact} className={secondaryButton}>
            Contact Us
          </Link>
        </div>
      </section>
    </div>
  );
}
