import {
  PUBLIC_PAGES,
  businessesHeading,
  paths,
  readBrowseUrl,
  type BusinessPage,
  type DealDetail,
  type PageHead,
} from '@localperks/shared';
import { escapeHtml } from './escape-html';

export interface HeadInfo {
  title: string;
  description?: string;
  url: string;
  image?: string;
}

const absolute = (url: string, appUrl: string) => (/^https?:\/\//.test(url) ? url : `${appUrl}${url}`);

/** A page's head as its declaration gives it (PUBLIC_PAGES, packages/shared), at its address. */
function headOf(head: PageHead, url: string, appUrl: string): HeadInfo {
  return {
    title: head.title,
    ...(head.description ? { description: head.description } : {}),
    url,
    // A path on this site, or already absolute (a CDN's, with S3_PUBLIC_URL).
    ...(head.image ? { image: absolute(head.image, appUrl) } : {}),
  };
}

/** The public pages without data of their own, by path. */
const STATIC_PAGES = new Map<string, () => PageHead>(
  Object.values(PUBLIC_PAGES)
    .filter((p) => p.head.length === 0 && !p.path.includes(':') && p.path !== '*')
    .map((p) => [p.path, p.head as () => PageHead]),
);

export function headForPath(pathname: string, appUrl: string): HeadInfo | null {
  const head = STATIC_PAGES.get(pathname);
  return head ? headOf(head(), `${appUrl}${pathname}`, appUrl) : null;
}

/** An address no page answers (the not-found page, served with a 404). */
export const headForNotFound = (pathname: string, appUrl: string): HeadInfo =>
  headOf(PUBLIC_PAGES['not-found'].head(), `${appUrl}${pathname}`, appUrl);

/** The browse page (/deals): a search or a category in its address names it. */
export function headForBrowse(search: URLSearchParams, appUrl: string): HeadInfo {
  const filters = readBrowseUrl(search);
  return headOf(PUBLIC_PAGES.deals.head({ search: filters.search, category: filters.category ?? null }), `${appUrl}${paths.deals}`, appUrl);
}

/**
 * A /businesses page: its place in the title, and as its canonical address the directory of that place
 * and page (a search's results are that directory's, not a page of their own).
 */
export function headForBusinesses(f: { state?: string; city?: string; page: number; search?: string }, appUrl: string): HeadInfo {
  const state = f.state ?? null;
  const city = state ? (f.city ?? null) : null;
  const heading = businessesHeading({ state, city });
  const query = new URLSearchParams();
  if (state) query.set('state', state);
  if (city) query.set('city', city);
  if (f.page > 1) query.set('page', String(f.page));
  const qs = query.toString();
  const place = state ? heading.replace(/^Businesses /, '') : null;
  return headOf(
    PUBLIC_PAGES.businesses.head({ heading, search: f.search ?? '', place }),
    `${appUrl}${paths.businesses}${qs ? `?${qs}` : ''}`,
    appUrl,
  );
}

export function headForDeal(deal: DealDetail, appUrl: string): HeadInfo {
  return headOf(PUBLIC_PAGES.deal.head(deal), `${appUrl}${paths.deal(deal.id)}`, appUrl);
}

/** A business page: its name and town, its description, its cover (or logo) for link previews. */
export function headForBusiness(business: BusinessPage, appUrl: string): HeadInfo {
  return headOf(PUBLIC_PAGES.business.head(business), `${appUrl}${paths.business(business.slug)}`, appUrl);
}

/** Replaces the title and adds description and Open Graph tags, so shared links have a preview. */
export function injectHead(html: string, head: HeadInfo): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    ...(head.description ? [`<meta name="description" content="${escapeHtml(head.description)}" />`] : []),
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="LocalPerks" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    ...(head.description ? [`<meta property="og:description" content="${escapeHtml(head.description)}" />`] : []),
    `<meta property="og:url" content="${escapeHtml(head.url)}" />`,
    ...(head.image ? [`<meta property="og:image" content="${escapeHtml(head.image)}" />`] : []),
    `<meta name="twitter:card" content="summary_large_image" />`,
  ].join('\n    ');
  // A replacer function: a replacement string would expand `$&`, `$'`… found in a deal's text.
  // The page's own description replaces the app's; a page without one keeps the app's.
  const withoutDescription = head.description ? html.replace(/<meta name="description"[^>]*>\s*/, '') : html;
  return withoutDescription.replace(/<title>[\s\S]*?<\/title>/, () => tags);
}
