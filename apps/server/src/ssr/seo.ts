import type { FastifyInstance } from 'fastify';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import {
  PUBLIC_PAGES,
  SERVER_RENDER_TIME_ZONE,
  WEEKDAY_NAMES,
  errorResponses,
  paths,
  type BusinessPage,
  type DealDetail,
  type Place,
  type Review,
} from '@localperks/shared';
import { deals, merchants } from '../db/schema';
import { businessIsPublic, visibleNow, listedBusinesses } from '../modules/catalog';

/*
 * What search engines read besides the pages themselves (docs/decisions/0014-react-ssr.md): the
 * canonical address of a page, a deal's Product/Offer data, the sitemap and robots.txt.
 */

/** The public pages without data of their own, as listed in the sitemap (their declaration: PUBLIC_PAGES). */
export const STATIC_PUBLIC_PAGES = Object.values(PUBLIC_PAGES)
  .filter((p) => p.inSitemap)
  .map((p) => p.path);

/** Addresses that show the same page as another one. */
const SAME_PAGE_AS: Record<string, string> = { '/company/terms': '/terms' };

/**
 * The one address search engines should index for a page: without its query (a filtered or sorted
 * /deals is the browse page), without a trailing slash, aliases folded.
 */
export function canonicalUrl(pathname: string, appUrl: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  return `${appUrl}${SAME_PAGE_AS[path] ?? path}`;
}

/** JSON for inside a <script> element: nothing in it can end the element or break older parsers. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** YYYY-MM-DD of an instant, on the calendar the pages show before hydration. */
const calendarDate = (iso: string) => new Date(iso).toLocaleDateString('en-CA', { timeZone: SERVER_RENDER_TIME_ZONE });

/**
 * schema.org Product with its Offer, as a JSON-LD data block (not executed, so the script-src of the
 * Content-Security-Policy does not apply to it). A crowd-vote deal still collecting votes is a
 * pre-order; an expired deal is discontinued. With published reviews it carries their AggregateRating and the
 * newest of them as Review (docs/decisions/0064-verified-reviews.md).
 */
export function dealJsonLd(deal: DealDetail, appUrl: string, reviews: Review[] = [], now = new Date()): string {
  const url = `${appUrl}/deals/${deal.id}`;
  const isExpired = deal.status === 'expired' || new Date(deal.expirationDate).getTime() <= now.getTime();
  const availability = isExpired ? 'Discontinued' : deal.status === 'pending' ? 'PreOrder' : 'InStock';
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: deal.title,
    description: deal.description,
    url,
    ...(deal.images.length ? { image: deal.images.map((src) => (src.startsWith('/') ? `${appUrl}${src}` : src)) } : {}),
    ...(deal.reviewCount > 0 && deal.ratingAverage !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: deal.ratingAverage,
            reviewCount: deal.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(reviews.length
      ? {
          review: reviews.map((r) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: r.authorName },
            datePublished: calendarDate(r.createdAt),
            ...(r.title ? { name: r.title } : {}),
            reviewBody: r.body,
            reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: (deal.dealPriceCents / 100).toFixed(2),
      priceCurrency: 'USD',
      availability: `https://schema.org/${availability}`,
      priceValidUntil: calendarDate(deal.expirationDate),
      seller: deal.place
        ? { '@type': 'LocalBusiness', name: deal.merchantName, ...placeJsonLd(deal.place) }
        : { '@type': 'Organization', name: deal.merchantName },
    },
  };
  return `<script type="application/ld+json">${scriptSafeJson(data)}</script>`;
}

/** A street address and its point as schema.org PostalAddress and GeoCoordinates. */
function placeJsonLd(place: Place) {
  return {
    address: {
      '@type': 'PostalAddress',
      streetAddress: [place.addressLine1, place.addressLine2].filter(Boolean).join(', '),
      addressLocality: place.city,
      addressRegion: place.state,
      postalCode: place.zip,
      addressCountry: 'US',
    },
    geo: { '@type': 'GeoCoordinates', latitude: place.lat, longitude: place.lng },
  };
}

/**
 * schema.org LocalBusiness of a business page: name, description, street address and point (town and
 * state until it has one), phone,
 * website, images, and the opening hours of an enhanced profile.
 */
export function businessJsonLd(business: BusinessPage, appUrl: string): string {
  const url = `${appUrl}${paths.business(business.slug)}`;
  const absolute = (src: string) => (src.startsWith('/') ? `${appUrl}${src}` : src);
  const images = [business.coverUrl, business.logoUrl].filter((u): u is string => Boolean(u)).map(absolute);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': url,
    name: business.name,
    url,
    ...(business.description ? { description: business.description } : {}),
    ...(business.place
      ? placeJsonLd(business.place)
      : { address: { '@type': 'PostalAddress', addressLocality: business.city, addressRegion: business.state, addressCountry: 'US' } }),
    ...(business.phone ? { telephone: business.phone } : {}),
    ...(business.website ? { sameAs: [business.website] } : {}),
    ...(images.length ? { image: images } : {}),
    ...(business.logoUrl ? { logo: absolute(business.logoUrl) } : {}),
    ...(business.openingHours.length
      ? {
          openingHoursSpecification: business.openingHours.map((h) => ({
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: `https://schema.org/${WEEKDAY_NAMES[h.day]}`,
            opens: h.opens,
            closes: h.closes,
          })),
        }
      : {}),
  };
  return `<script type="application/ld+json">${scriptSafeJson(data)}</script>`;
}

const xmlEscape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A sitemap file holds at most 50,000 addresses (sitemaps.org). */
const SITEMAP_MAX_URLS = 50_000;

/** Signed-in areas and private flows: nothing there for a search engine. The merchant info pages stay open. */
export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /merchant/faq',
    'Allow: /merchant/pricing',
    'Allow: /merchant/success-stories',
    ...[
      '/account',
      '/admin',
      '/api/',
      '/auth',
      '/cart',
      '/checkout',
      '/dev/',
      '/favorites',
      '/forgot-password',
      '/login',
      '/merchant',
      '/profile',
      '/purchases',
      '/register',
      '/reset-password',
      '/sandbox/',
      '/verify-email',
    ].map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export async function seoRoutes(app: FastifyInstance) {
  const appUrl = app.config.appUrl;

  app.get(
    '/robots.txt',
    { config: { access: 'public' }, schema: { hide: true, response: { 200: z.string().describe('robots.txt'), ...errorResponses } } },
    async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(appUrl)),
  );

  app.get(
    '/sitemap.xml',
    { config: { access: 'public' }, schema: { hide: true, response: { 200: z.string().describe('sitemap.xml'), ...errorResponses } } },
    async (_request, reply) => {
      // Live deals: those a visitor can open now (the browse page's own rule), oldest first.
      const live = await app.db
        .select({ id: deals.id, updatedAt: deals.updatedAt })
        .from(deals)
        .where(visibleNow(app.deps.clock.now()))
        .orderBy(asc(deals.createdAt), asc(deals.id))
        .limit(SITEMAP_MAX_URLS - STATIC_PUBLIC_PAGES.length - 1000);
      // The business directory of every place with a public business (its canonical address: state, then city).
      const places = await app.db
        .selectDistinct({ state: merchants.state, city: merchants.city })
        .from(merchants)
        .where(businessIsPublic)
        .orderBy(asc(merchants.state), asc(merchants.city))
        .limit(1000);
      // Business pages of approved merchants, in what room the deals and places leave.
      const businesses = await listedBusinesses(
        app.deps,
        Math.max(0, SITEMAP_MAX_URLS - STATIC_PUBLIC_PAGES.length - live.length - places.length),
      );
      const entries = [
        ...STATIC_PUBLIC_PAGES.map((p) => `<url><loc>${xmlEscape(canonicalUrl(p, appUrl))}</loc></url>`),
        ...places.map(
          (p) =>
            `<url><loc>${xmlEscape(`${appUrl}/businesses?${new URLSearchParams({ state: p.state, city: p.city }).toString()}`)}</loc></url>`,
        ),
        ...businesses.map(
          (b) => `<url><loc>${xmlEscape(`${appUrl}${paths.business(b.slug)}`)}</loc><lastmod>${b.updatedAt.toISOString()}</lastmod></url>`,
        ),
        ...live.map((d) => `<url><loc>${xmlEscape(`${appUrl}/deals/${d.id}`)}</loc><lastmod>${d.updatedAt.toISOString()}</lastmod></url>`),
      ];
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=900').send(xml);
    },
  );
}
