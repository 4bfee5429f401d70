import { CATEGORIES, PRODUCT_NAME, planById } from '../constants';
import { paths } from '../paths';
import type { BusinessPage } from '../schemas/responses/business-profile';
import type { DealDetail } from '../schemas/responses/deals';
import { formatPrice } from './money';
import { formatPercent } from './text';

/*
 * The public pages, each declared once (docs/decisions/0039-domain-events-and-the-api-contract.md): its
 * address, its title and description (from its data where it has some), and whether search engines list
 * it. The web's router takes the path and the page its <title> (React 19 puts it in the head); the server
 * writes the same title, description and Open Graph tags into the HTML it sends (apps/server/src/lib/
 * html-head.ts) and lists the pages in the sitemap. The data a page is rendered from is declared once too,
 * in its route's loader next to the page (apps/web/src/app/page-data.ts,
 * docs/decisions/0070-public-page-data.md): the server render runs it, and the browser hydrates from what
 * it read. So the title is the same before and after hydration (e2e/shell/page-titles.spec.ts), and a
 * hydrated page asks for none of its data again (e2e/shell/page-data.spec.ts).
 */

export interface PageHead {
  title: string;
  /** For link previews and search results; the app's own when left out. */
  description?: string;
  /** A picture for link previews: a path on this site or an absolute URL. */
  image?: string | null;
}

export interface PublicPage<D> {
  /** The router's path pattern (`:id`…). */
  path: string;
  head: (data: D) => PageHead;
  /** Listed in the sitemap (pages with data of their own are listed from the database). */
  inSitemap: boolean;
}

const page = <D = void>(path: string, head: (data: D) => PageHead, inSitemap = true): PublicPage<D> => ({ path, head, inSitemap });
const titled = (title: string) => `${title} | ${PRODUCT_NAME}`;
const categoryName = (id: number | null) => CATEGORIES.find((c) => c.id === id)?.name;

export const PUBLIC_PAGES = {
  home: page(paths.home, () => ({
    title: `${PRODUCT_NAME}: Discover Local Deals`,
    description: 'Save up to 70% on restaurants, fitness, beauty, entertainment and more in 12 US cities.',
  })),
  /** The browse page: a search or a category names it. */
  deals: page<{ search: string; category: number | null }>(paths.deals, ({ search, category }) => ({
    title: search ? titled(`“${search}” deals`) : titled(categoryName(category) ? `${categoryName(category)} Deals` : 'Browse Deals'),
    description: 'Search and filter discounted local deals by city, state and category.',
  })),
  perkboost: page(paths.perkboost, () => ({
    title: titled('PerkBoost Deals'),
    description: 'Vote for crowd-powered PerkBoost deals and unlock them for everyone.',
  })),
  /** The business directory of a place (`heading`, businessesHeading), or a search in it. */
  businesses: page<{ heading: string; search: string; place: string | null }>(paths.businesses, ({ heading, search, place }) => ({
    title: titled(`${heading}${search ? ` matching “${search}”` : ''}`),
    description: place
      ? `Restaurants, shops, studios and services ${place} on ${PRODUCT_NAME}, with their live deals.`
      : `Find local restaurants, shops, studios and services on ${PRODUCT_NAME}, with their live deals.`,
  })),
  deal: page<DealDetail>(
    paths.deal(':id'),
    (deal) => ({ title: titled(deal.title), description: deal.description.slice(0, 160), image: deal.imageUrl }),
    false,
  ),
  business: page<BusinessPage>(
    paths.business(':slug'),
    (b) => ({
      title: titled(`${b.name} in ${b.city}, ${b.state}`),
      description: (b.description || `${b.name} in ${b.city}, ${b.state} on ${PRODUCT_NAME}.`).slice(0, 160),
      image: b.coverUrl ?? b.logoUrl,
    }),
    false,
  ),
  about: page(paths.about, () => ({
    title: titled('About Us'),
    description: 'Why LocalPerks exists: great local businesses, better prices for their neighbours.',
  })),
  contact: page(paths.contact, () => ({
    title: titled('Contact Us'),
    description: 'Questions about a deal, your account or listing your business? We are here to help.',
  })),
  privacy: page(paths.privacy, () => ({ title: titled('Privacy Policy') })),
  terms: page(paths.terms, () => ({ title: titled('Terms of Service') })),
  /** The same page as `terms` under the company's address (its canonical address is /terms). */
  'company-terms': page(paths.companyTerms, () => ({ title: titled('Terms of Service') }), false),
  'perkboost-info': page(paths.perkboostInfo, () => ({
    title: titled('PerkBoost'),
    description: 'Boost a deal to the top of search and category pages with PerkBoost.',
  })),
  'merchant-faq': page(paths.merchantFaq, () => ({ title: titled('Merchant FAQ') })),
  'merchant-pricing': page(paths.merchantPricing, () => ({
    title: titled('Merchant Pricing'),
    description: `Free listing, ${formatPrice(planById('advertise_messaging').priceCentsPerMonth)}/month messaging, or ${formatPercent(planById('deals_messaging').commissionPercent)} commission on deals you sell.`,
  })),
  'merchant-success-stories': page(paths.merchantSuccessStories, () => ({ title: titled('Merchant Success Stories') })),
  'merchant-terms': page(paths.merchantTerms, () => ({ title: titled('Merchant Terms of Service') })),
  'merchant-refund-policy': page(paths.merchantRefundPolicy, () => ({ title: titled('Merchant Refund Policy') })),
  'not-found': page('*', () => ({ title: titled('Page Not Found') }), false),
} as const;

export type PublicPageId = keyof typeof PUBLIC_PAGES;
