// First: zod's settings apply to the schemas created after them (lib/zod-config.ts; the browser build applies them in lib/zod.ts).
import './lib/zod-config';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import {
  ANY_LOCATION,
  SEARCH_BUSINESS_GROUP_SIZE,
  paths,
  readBrowseUrl,
  readNearbyUrl,
  PUBLIC_PAGES,
  type PublicPageId,
  type PublicPageSource,
  type ServerEntry,
  type ServerRender,
} from '@localperks/shared';
import { AppRoot } from './app/app-root';
import { routes } from './app/router';
import {
  browseFiltersOf,
  browseQuery,
  browseSearchParams,
  dealQuery,
  homeCategoryFilters,
  homeQuery,
  type BrowseFilters,
} from './features/catalog/deals/api';
import { perkboostBrowseParams, perkboostDealsQuery } from './features/engagement/perkboost/api';
import { businessQuery } from './features/catalog/businesses/api';
import { businessSearchParams, businessSearchQuery, readBusinessesUrl, type BusinessFilters } from './features/catalog/business-search/api';
import { createQueryClient } from './lib/query-client';
import { sessionQuery } from './lib/session';
import { SSR_STATE_ELEMENT_ID, serializeSsrState } from './lib/ssr-state';

/*
 * The server render of the public pages (docs/decisions/0014-react-ssr.md). The server
 * (apps/server/src/ssr) loads the build of this file and calls `render` with its own services; the
 * page's queries are filled from them before rendering, under the keys the pages ask for, and the
 * filled cache goes to the browser with the HTML, which hydrates it (main.tsx).
 */

interface PageRequest {
  url: URL;
  params: Record<string, string | undefined>;
  source: PublicPageSource;
  qc: QueryClient;
}
/** Fills the page's queries; `status` other than 200 is answered with the app shell, or a redirect to `location`. */
type Prefetch = (r: PageRequest) => Promise<{ status: number; location?: string } | void>;

async function prefetchBrowse({ qc, source }: PageRequest, filters: BrowseFilters) {
  const result = await source.browse(Object.fromEntries(browseSearchParams(filters)));
  qc.setQueryData(browseQuery(filters).queryKey, { pages: [result], pageParams: [1] });
}

async function prefetchBusinesses({ qc, source }: PageRequest, filters: BusinessFilters) {
  const result = await source.businesses(Object.fromEntries(businessSearchParams(filters)));
  qc.setQueryData(businessSearchQuery(filters).queryKey, result);
}

const noData: Prefetch = async () => {};

/**
 * The data a public page (PUBLIC_PAGES, packages/shared; its route id in app/router.tsx) is rendered
 * from on the server, read first; the pages not named here have none. A location remembered in the browser is not known here: the server
 * renders for every location, as the page does until it has read browser storage.
 */
const SERVER_RENDERED: Partial<Record<PublicPageId, Prefetch>> = {
  home: async (r) => {
    const [home] = await Promise.all([r.source.home(), prefetchBrowse(r, homeCategoryFilters(null, ANY_LOCATION))]);
    r.qc.setQueryData(homeQuery.queryKey, home);
  },
  deals: async (r) => {
    const filters = browseFiltersOf(readBrowseUrl(r.url.searchParams), ANY_LOCATION, readNearbyUrl(r.url.searchParams));
    // A search shows the businesses it matches above the deals (SearchBusinessesGroup, same filters).
    const { search, state = null, city = null } = filters;
    await Promise.all([
      prefetchBrowse(r, filters),
      search ? prefetchBusinesses(r, { search, state, city, pageSize: SEARCH_BUSINESS_GROUP_SIZE }) : null,
    ]);
  },
  businesses: (r) => prefetchBusinesses(r, readBusinessesUrl(r.url.searchParams)),
  deal: async (r) => {
    const id = r.params.id ?? '';
    const deal = await r.source.deal(id);
    // An unknown deal: the browser shows its "Deal not found" page, under a 404.
    if (!deal) return { status: 404 };
    r.qc.setQueryData(dealQuery(id).queryKey, { deal });
  },
  business: async (r) => {
    const slug = r.params.slug ?? '';
    const page = await r.source.business(slug);
    // Unknown or not approved: the browser shows its "Business not found" page, under a 404.
    if (!page) return { status: 404 };
    // A slug the business had before its name changed: a permanent redirect to the current page.
    if ('redirectTo' in page) return { status: 301, location: paths.business(page.redirectTo) };
    r.qc.setQueryData(businessQuery(slug).queryKey, page);
  },
  perkboost: async (r) => {
    const first = await r.source.browse(perkboostBrowseParams(1));
    r.qc.setQueryData(perkboostDealsQuery.queryKey, { pages: [first], pageParams: [1] });
  },
};

/** A render that has not finished by then is abandoned (the server answers with the shell). */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * React 19 writes what belongs in the <head> (<title>, <meta>, preload <link>s) ahead of the page's
 * HTML when it renders a part of the document. The server writes the head itself (title, description
 * and Open Graph tags, apps/server/src/lib/html-head.ts), so titles and metas are dropped here;
 * preloads are handed over for the head. In the browser React puts them in the head as well.
 */
function splitHoisted(html: string): { head: string; body: string } {
  const links: string[] = [];
  let rest = html;
  for (;;) {
    const m = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)/.exec(rest);
    if (!m) break;
    if (m[0].startsWith('<link')) links.push(m[0]);
    rest = rest.slice(m[0].length);
  }
  return { head: links.join(''), body: rest };
}

export const render: ServerEntry['render'] = async (url, source, visitor, settings): Promise<ServerRender> => {
  const pageUrl = new URL(url, 'http://localhost');
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(pageUrl));
  if (context instanceof Response) {
    const location = context.headers.get('Location');
    if (location && context.status >= 300 && context.status < 400) return { kind: 'redirect', status: context.status, location };
    return { kind: 'shell', status: context.status };
  }
  const leaf = context.matches.at(-1);
  // A public page is rendered here, from its data when it has some (the pages not in SERVER_RENDERED have none).
  const prefetch =
    leaf?.route.id && Object.hasOwn(PUBLIC_PAGES, leaf.route.id) ? (SERVER_RENDERED[leaf.route.id as PublicPageId] ?? noData) : undefined;
  if (!leaf || !prefetch) return { kind: 'shell', status: 200 };

  const qc = createQueryClient();
  const outcome = await prefetch({ url: pageUrl, params: leaf.params, source, qc });
  if (outcome?.location) return { kind: 'redirect', status: outcome.status, location: outcome.location };
  if (outcome && outcome.status !== 200) return { kind: 'shell', status: outcome.status };
  // A visitor without a session cookie is signed out: the browser starts from that answer instead of
  // asking, so the session's arrival does not re-render every card synchronously after hydration.
  if (visitor?.isSignedOut) qc.setQueryData(sessionQuery.queryKey, null);

  const now = Date.now();
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await new Promise<string>((resolve, reject) => {
    let out = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString();
        done();
      },
      final(done) {
        resolve(out);
        done();
      },
    });
    const stream = renderToPipeableStream(
      <AppRoot queryClient={qc} serverNow={now} mapTiles={settings?.mapTiles ?? null}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppRoot>,
      {
        // The whole page at once: a crawler or a slow phone gets the content before any script, and
        // no inline script is needed to fill in late parts (the CSP allows none).
        onAllReady: () => stream.pipe(sink),
        // Never split a large part out to be revealed later by an inline script.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onShellError: reject,
        // A part that failed would be rendered by the browser instead: answer with the shell altogether.
        onError: (err) => reject(err instanceof Error ? err : new Error(String(err))),
      },
    );
    setTimeout(() => stream.abort(new Error('The server render took too long')), RENDER_TIMEOUT_MS).unref();
  });

  const { head, body } = splitHoisted(html);
  const status = leaf.route.id === 'not-found' ? 404 : 200;
  const data = `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${serializeSsrState({ now, queries: dehydrate(qc) })}</script>`;
  return { kind: 'page', status, html: body, head, data };
};
