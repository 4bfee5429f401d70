import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DEAL_FALLBACK_IMAGE,
  MAP_ATTRIBUTION_META,
  MAP_TILES_META,
  browseQuerySchema,
  reviewsQuerySchema,
  type BusinessPage,
  businessSearchQuerySchema,
  paths,
  SEARCH_MAX_LENGTH,
  type DealDetail,
  type PageSettings,
  type PublicPageSource,
  type ServerEntry,
  type ServerRender,
} from '@localperks/shared';
import {
  headForBrowse,
  headForBusiness,
  headForBusinesses,
  headForDeal,
  headForNotFound,
  headForPath,
  injectHead,
  type HeadInfo,
} from '../lib/html-head';
import {
  getDeal,
  listDeals,
  dealFacets,
  homePageData,
  searchBusinesses,
  countDealVisit,
  isCountedVisitor,
  getBusinessPage,
} from '../modules/catalog';
import { latestDealReviews, listBusinessReviews, listDealReviews } from '../modules/engagement';
import { SESSION_COOKIE, userOfSessionToken } from '../plugins/session';
import { cameThroughProxy, earlyHintLinks, entryAssets, injectPreloads, sendHtml, type EntryAssets } from '../lib/web-page';
import type { ImageSlot } from '@localperks/shared';
import { businessJsonLd, canonicalUrl, dealJsonLd } from './seo';

/*
 * The web app's pages (docs/decisions/0014-react-ssr.md): public pages are rendered here with React
 * (the build of apps/web/src/entry-server.tsx) and hydrated in the browser; the signed-in areas get
 * the app shell and render in the browser. Every page gets its title, description and Open Graph
 * tags from the server (link previews).
 */

/** The server build of the web app, next to its browser build (`vite build --ssr`, apps/web/package.json). */
export const serverEntryFile = (webRoot: string) => path.join(webRoot, '..', 'dist-ssr', 'entry-server.js');

/** The built server entry, or null when there is none (the API alone, or a web folder without it). */
export async function loadServerEntry(webRoot: string): Promise<ServerEntry | null> {
  const file = serverEntryFile(webRoot);
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as ServerEntry;
}

interface Shown {
  deal: DealDetail | null;
  business: BusinessPage | null;
  lcpImage: { url: string; slot: ImageSlot } | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEAL_PATH = /^\/deals?\/([0-9a-f-]{36})$/i;
const ROOT = '<div id="root"></div>';

export interface WebPagesOptions {
  /** The built index.html (read when first needed). */
  template: () => string;
  entry: ServerEntry | null;
}

export function webPages(app: FastifyInstance, { template, entry }: WebPagesOptions) {
  const { appUrl, mapTiles } = app.config;
  const settings: PageSettings = { mapTiles };
  // Every page names the map's tile service in its head, so the browser knows it before any request;
  // without one the page has no trace of a map (docs/decisions/0060-map.md).
  const mapMeta = mapTiles
    ? `<meta name="${MAP_TILES_META}" content="${escapeAttr(mapTiles.url)}" />\n    <meta name="${MAP_ATTRIBUTION_META}" content="${escapeAttr(mapTiles.attribution)}" />\n  </head>`
    : null;

  const imageUrl = app.storage.publicUrl;
  let assets: EntryAssets | undefined;

  /**
   * The server's own services, as the API routes answer them (no HTTP round trip), for the routes the
   * pages' loaders call. What they read is noted in `shown`: the deal for the head, the first image for
   * the LCP preload.
   */
  const now = () => app.deps.clock.now();
  const sourceFor = (shown: Shown): PublicPageSource => ({
    'GET /api/home': async () => {
      const home = await homePageData(app.deps);
      // The first card's image, or the stock image it shows without one (not an image further down the page):
      // it wins over the category section's browse read, which runs at the same time and may answer first.
      const first = home.featured[0];
      if (first) shown.lcpImage = { url: first.imageUrl ?? DEAL_FALLBACK_IMAGE, slot: 'card' };
      return home;
    },
    'GET /api/deals': async ({ query }) => {
      const result = await listDeals(app.deps, browseQuerySchema.parse(query));
      // The Sponsored row comes first on a listing's first page (docs/decisions/0041).
      const first = result.sponsored[0] ?? result.deals[0];
      if (first) shown.lcpImage ??= { url: first.imageUrl ?? DEAL_FALLBACK_IMAGE, slot: 'card' };
      return result;
    },
    'GET /api/deals/facets': ({ query }) => dealFacets(app.deps, browseQuerySchema.parse(query)),
    'GET /api/businesses': ({ query }) => searchBusinesses(app.deps, businessSearchQuerySchema.parse(query)),
    'GET /api/deals/:id': async ({ params: { id } }) => {
      shown.deal = UUID.test(id) ? await getDeal(app.deps, id.toLowerCase()) : null;
      const main = shown.deal ? (shown.deal.images[0] ?? shown.deal.imageUrl) : null;
      if (main) shown.lcpImage = { url: main, slot: 'deal' };
      return shown.deal && { deal: shown.deal };
    },
    'GET /api/deals/:id/reviews': ({ params: { id }, query }) => listDealReviews(app.deps, id, reviewsQuerySchema.parse(query)),
    'GET /api/businesses/:slug/reviews': ({ params: { slug }, query }) =>
      listBusinessReviews(app.deps, slug, reviewsQuerySchema.parse(query)),
    'GET /api/businesses/:slug': async ({ params: { slug } }) => {
      const page = await getBusinessPage(app.deps, slug, imageUrl);
      if (page && 'business' in page) {
        shown.business = page.business;
        if (page.business.coverUrl) shown.lcpImage = { url: page.business.coverUrl, slot: 'cover' };
      }
      return page;
    },
  });

  /** A /businesses address's head: its place and page, read as the API reads them (a bad value reads as unset). */
  const businessesHead = (url: string): HeadInfo => {
    const params = new URL(url, appUrl).searchParams;
    const parsed = businessSearchQuerySchema.safeParse({
      state: params.get('state') ?? undefined,
      city: params.get('city') ?? undefined,
      page: params.get('page') ?? undefined,
    });
    // The search names the page as the directory page does (readBusinessesUrl in the web app).
    const search = (params.get('search') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
    return headForBusinesses({ ...(parsed.success ? parsed.data : { page: 1 }), search }, appUrl);
  };

  return async function sendWebPage(request: FastifyRequest, reply: FastifyReply) {
    assets ??= entryAssets(template());
    // The browser fetches the entry chunk and stylesheet while the page renders; not through a proxy,
    // which may take the 103 for the answer (cameThroughProxy).
    const hints = earlyHintLinks(assets);
    if (hints.length && !cameThroughProxy(request.headers)) reply.writeEarlyHints({ link: hints });
    const pathname = (request.url.split('?')[0] ?? '/').replace(/\/$/, '') || '/';
    const shown: Shown = { deal: null, business: null, lcpImage: null };
    let rendered: ServerRender = { kind: 'shell', status: 200 };
    if (entry) {
      try {
        // Without a session cookie the visitor is signed out: the page carries that answer, and the
        // browser neither asks for the session nor re-renders every card when it arrives (0030-tbt.md).
        rendered = await entry.render(request.url, sourceFor(shown), { isSignedOut: !request.cookies[SESSION_COOKIE] }, settings);
      } catch (err) {
        // The browser can still render the page: a failed server render costs the early content only.
        request.log.error({ err }, 'server render failed; answering with the app shell');
      }
    }
    if (rendered.kind === 'redirect') return reply.redirect(rendered.location, rendered.status);
    // A deal page served in full is a view for the boost stats (not the merchant's own, nor a bot's).
    const viewed = shown.deal;
    if (viewed && isCountedVisitor(request.headers['user-agent'])) {
      const token = request.cookies[SESSION_COOKIE];
      app.afterResponse.run(
        'deal view count',
        async () =>
          countDealVisit(app.deps, { dealId: viewed.id, viewerUserId: await userOfSessionToken(app.db, token, now()), kind: 'views' }),
        reply.raw,
      );
    }

    const dealId = pathname.match(DEAL_PATH)?.[1];
    const deal = shown.deal ?? (dealId ? await getDeal(app.deps, dealId.toLowerCase()).catch(() => null) : null);
    const business = rendered.kind === 'page' ? shown.business : null;
    const head = deal
      ? headForDeal(deal, appUrl)
      : business
        ? headForBusiness(business, appUrl)
        : pathname === paths.businesses
          ? businessesHead(request.url)
          : pathname === paths.deals
            ? headForBrowse(new URL(request.url, appUrl).searchParams, appUrl)
            : rendered.kind === 'page' && rendered.status === 404
              ? headForNotFound(pathname, appUrl)
              : headForPath(pathname, appUrl);
    let html = head ? injectHead(template(), head) : template();
    if (mapMeta) html = html.replace('</head>', () => mapMeta);

    // Replacer functions throughout: a replacement string would expand `$&`, `$'`… found in a deal's text.
    if (rendered.kind === 'page' && html.includes(ROOT)) {
      const page = rendered;
      const canonical = pathname === paths.businesses && head ? head.url : canonicalUrl(pathname, appUrl);
      const seo = [`<link rel="canonical" href="${escapeAttr(canonical)}" />`];
      if (deal) seo.push(dealJsonLd(deal, appUrl, deal.reviewCount > 0 ? await latestDealReviews(app.deps, deal.id) : []));
      if (business) seo.push(businessJsonLd(business, appUrl));
      html = html
        .replace('</head>', () => `${[...seo, page.head].join('\n    ')}\n  </head>`)
        .replace(ROOT, () => `<div id="root">${page.html}</div>${page.data}`);
    }
    const dealImage = deal ? (deal.images[0] ?? deal.imageUrl) : null;
    html = injectPreloads(html, assets, shown.lcpImage ?? (dealImage ? { url: dealImage, slot: 'deal' } : null));
    return sendHtml(request, reply.code(rendered.status), html);
  };
}

const escapeAttr = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
