import { businessesHeading, formatPercent, formatPrice, paths, planById, type BusinessPage, type DealDetail } from '@localperks/shared';
import { escapeHtml } from './escape-html';

export interface HeadInfo {
  title: string;
  description: string;
  url: string;
  image?: string;
}

const STATIC_HEADS: Record<string, Omit<HeadInfo, 'url'>> = {
  [paths.home]: {
    title: 'LocalPerks: Discover Local Deals',
    description: 'Save up to 70% on restaurants, fitness, beauty, entertainment and more in 12 US cities.',
  },
  [paths.deals]: {
    title: 'Browse Deals | LocalPerks',
    description: 'Search and filter discounted local deals by city, state and category.',
  },
  [paths.perkboost]: {
    title: 'PerkBoost Deals | LocalPerks',
    description: 'Vote for crowd-powered PerkBoost deals and unlock them for everyone.',
  },
  [paths.about]: {
    title: 'About | LocalPerks',
    description: 'Why LocalPerks exists: great local businesses, better prices for their neighbours.',
  },
  [paths.contact]: {
    title: 'Contact Us | LocalPerks',
    description: 'Questions about a deal, your account or listing your business? We are here to help.',
  },
  [paths.perkboostInfo]: {
    title: 'PerkBoost | LocalPerks',
    description: 'Boost a deal to the top of search and category pages with PerkBoost.',
  },
  [paths.merchantPricing]: {
    title: 'Merchant Pricing | LocalPerks',
    description: `Free listing, ${formatPrice(planById('advertise_messaging').priceCentsPerMonth)}/month messaging, or ${formatPercent(planById('deals_messaging').commissionPercent)} commission on deals you sell.`,
  },
};

export function headForPath(pathname: string, appUrl: string): HeadInfo | null {
  const h = STATIC_HEADS[pathname];
  return h ? { ...h, url: `${appUrl}${pathname}` } : null;
}

/**
 * A /businesses page: its place in the title, and as its canonical address the directory of that place
 * and page (a search's results are that directory's, not a page of their own).
 */
export function headForBusinesses(f: { state?: string; city?: string; page: number }, appUrl: string): HeadInfo {
  const state = f.state ?? null;
  const city = state ? (f.city ?? null) : null;
  const heading = businessesHeading({ state, city });
  const query = new URLSearchParams();
  if (state) query.set('state', state);
  if (city) query.set('city', city);
  if (f.page > 1) query.set('page', String(f.page));
  const qs = query.toString();
  return {
    title: `${heading} | LocalPerks`,
    description: state
      ? `Restaurants, shops, studios and services ${heading.replace(/^Businesses /, '')} on LocalPerks, with their live deals.`
      : 'Find local restaurants, shops, studios and services on LocalPerks, with their live deals.',
    url: `${appUrl}${paths.businesses}${qs ? `?${qs}` : ''}`,
  };
}

export function headForDeal(deal: DealDetail, appUrl: string): HeadInfo {
  return {
    title: `${deal.title} | LocalPerks`,
    description: deal.description.slice(0, 160),
    url: `${appUrl}${paths.deal(deal.id)}`,
    // A path on this site, or already absolute (a CDN's, with S3_PUBLIC_URL).
    image: deal.imageUrl ? (/^https?:\/\//.test(deal.imageUrl) ? deal.imageUrl : `${appUrl}${deal.imageUrl}`) : undefined,
  };
}

const absolute = (url: string, appUrl: string) => (/^https?:\/\//.test(url) ? url : `${appUrl}${url}`);

/** A business page: its name and town, its description, its cover (or logo) for link previews. */
export function headForBusiness(business: BusinessPage, appUrl: string): HeadInfo {
  const image = business.coverUrl ?? business.logoUrl;
  return {
    title: `${business.name} in ${business.city}, ${business.state} | LocalPerks`,
    description: (business.description || `${business.name} in ${business.city}, ${business.state} on LocalPerks.`).slice(0, 160),
    url: `${appUrl}${paths.business(business.slug)}`,
    image: image ? absolute(image, appUrl) : undefined,
  };
}

/** Replaces the title and adds description and Open Graph tags, so shared links have a preview. */
export function injectHead(html: string, head: HeadInfo): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="LocalPerks" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(head.url)}" />`,
    ...(head.image ? [`<meta property="og:image" content="${escapeHtml(head.image)}" />`] : []),
    `<meta name="twitter:card" content="summary_large_image" />`,
  ].join('\n    ');
  // A replacer function: a replacement string would expand `$&`, `$'`… found in a deal's text.
  return html.replace(/<meta name="description"[^>]*>\s*/, '').replace(/<title>[\s\S]*?<\/title>/, () => tags);
}
