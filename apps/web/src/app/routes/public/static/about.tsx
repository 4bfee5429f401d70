import { Link } from 'react-router';
import { BadgePercent, Heart, MapPin, MessageSquare, Rocket, ShieldCheck, Store, Users } from 'lucide-react';
import { PUBLIC_PAGES, CATEGORIES, LOCATIONS, PRODUCT_NAME } from '@localperks/shared';
import { h2Class, textClass, primaryButton, secondaryButton, IconCardList } from './page-parts';
import { paths } from '../../../../config/paths';

const customerReasons = [
  {
    icon: BadgePercent,
    title: 'Real savings close to home',
    body: 'Discounted deals on meals, classes, services and experiences from businesses in your own neighborhood, not faraway chains.',
  },
  {
    icon: MapPin,
    title: 'Deals where you are',
    body: 'Pick your city or share your location and we show the offers you can actually use, sorted by category.',
  },
  {
    icon: Users,
    title: 'Help deals happen',
    body: 'Vote for PerkBoost deals you want. When enough neighbors vote before the deadline, the deal unlocks for everyone.',
  },
  {
    icon: Heart,
    title: 'Simple to redeem',
    body: 'Every purchase comes with a redemption code and QR code in My Purchases. Show it at the business and enjoy.',
  },
] as const;

const merchantReasons = [
  {
    icon: Store,
    title: 'Get discovered locally',
    body: 'List your business where nearby customers are already looking, starting with a free listing.',
  },
  {
    icon: MessageSquare,
    title: 'Talk with customers',
    body: 'Answer questions and build relationships through built-in customer messaging on paid plans.',
  },
  {
    icon: Rocket,
    title: 'Fill slow hours',
    body: 'Create deals for quiet days and times, and use PerkBoost to put your best offer in front of more people.',
  },
  {
    icon: ShieldCheck,
    title: 'Fair, transparent pricing',
    body: 'Choose the plan that fits: a free listing, a flat monthly fee, or a commission only when you make a sale.',
  },
] as const;

export default function AboutPage() {
  const cityNames = LOCATIONS.map((l) => `${l.city}, ${l.state}`);
  const categoryNames = CATEGORIES.filter((c) => c.name !== 'Other').map((c) => c.name.toLowerCase());

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <title>{PUBLIC_PAGES.about.head().title}</title>
      <h1 className="text-3xl font-bold text-slate-900">About {PRODUCT_NAME}</h1>
      <p className={`mt-4 text-lg ${textClass}`}>
        {PRODUCT_NAME} is a marketplace for local deals. We connect people who love exploring their city with the independent restaurants,
        shops, studios and service providers that make it worth exploring.
      </p>

      <section aria-labelledby="mission">
        <h2 id="mission" className={h2Class}>
          Our mission
        </h2>
        <p className={textClass}>
          Local businesses are the heart of every neighborhood, yet they often compete for attention with national brands that have far
          bigger marketing budgets. Our mission is to level that playing field: to help local businesses reach the customers around them,
          and to give those customers a simple, trustworthy way to discover and save at the places next door.
        </p>
        <p className={`mt-4 ${textClass}`}>
          Every deal on {PRODUCT_NAME} comes from a merchant that has registered with us and been reviewed by our team before going live. We
          keep pricing clear, we keep the buying and redeeming process straightforward, and we keep our focus on what matters: more
          customers walking through local doors.
        </p>
      </section>

      <section aria-labelledby="customers">
        <h2 id="customers" className={h2Class}>
          Why customers love {PRODUCT_NAME}
        </h2>
        <IconCardList items={customerReasons} />
      </section>

      <section aria-labelledby="merchants">
        <h2 id="merchants" className={h2Class}>
          Why merchants join {PRODUCT_NAME}
        </h2>
        <IconCardList items={merchantReasons} />
        <p className={`mt-4 ${textClass}`}>
          Compare plans on our{' '}
          <Link to={paths.merchantPricing} className="text-emerald-800 underline hover:text-emerald-900">
            merchant pricing page
          </Link>{' '}
          or read the{' '}
          <Link to={paths.merchantFaq} className="text-emerald-800 underline hover:text-emerald-900">
            merchant FAQ
          </Link>
          .
        </p>
      </section>

      <section aria-labelledby="how">
        <h2 id="how" className={h2Class}>
          How it works
        </h2>
        <ol className={`list-decimal space-y-2 pl-6 ${textClass}`}>
          <li>Merchants register, choose a plan and are reviewed by our team.</li>
          <li>Approved merchants publish deals, and customers browse them by city, category or search.</li>
          <li>Customers buy deals through a secure hosted card checkout and receive a redemption code.</li>
          <li>Customers show their code or QR image at the business, and the merchant honors the deal.</li>
        </ol>
      </section>

      <section aria-labelledby="where">
        <h2 id="where" className={h2Class}>
          Where you can find us
        </h2>
        <p className={textClass}>
          {PRODUCT_NAME} currently serves {cityNames.length} cities: {cityNames.join('; ')}. You will find deals on{' '}
          {categoryNames.join(', ')} and more, with new businesses joining all the time.
        </p>
      </section>

      <section aria-labelledby="join" className="mt-10 rounded-lg bg-emerald-50 p-6">
        <h2 id="join" className="mb-2 text-xl font-semibold text-slate-900">
          Join us
        </h2>
        <p className={textClass}>
          Whether you are looking for your next favorite lunch spot or for new customers, there is a place for you on {PRODUCT_NAME}.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={paths.deals} className={primaryButton}>
            Browse Deals
          </Link>
          <Link to={paths.merchantRegister} className={secondaryButton}>
            List Your Business
          </Link>
        </div>
        <p className={`mt-4 ${textClass}`}>
          Questions? Visit our{' '}
          <Link to={paths.contact} className="text-emerald-800 underline hover:text-emerald-900">
            contact page
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
