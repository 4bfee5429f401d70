// First: zod's settings apply to the schemas created after them (lib/zod-config.ts; the browser build applies them in lib/zod.ts).
import './lib/zod-config';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import { PUBLIC_PAGES, type ApiRouteOf, type PublicPageSource, type ServerEntry, type ServerRender } from '@localperks/shared';
import { AppRoot } from './app/app-root';
import { serverRenderContext } from './app/page-data';
import { routes } from './app/router';
import { answerCallsWith, ApiError, queryParams, type ApiCall } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { sessionQuery } from './lib/session';
import { SSR_STATE_ELEMENT_ID, serializeSsrState } from './lib/ssr-state';

/*
 * The server render of the public pages (docs/decisions/0014-react-ssr.md). The server
 * (apps/server/src/ssr) loads the build of this file and calls `render` with its own services. The page's
 * loader fills the page's own queries (docs/decisions/0070-public-page-data.md); their API calls are
 * answered here by those services, route by route, instead of the network. The filled cache goes to the
 * browser with the HTML, which hydrates it (main.tsx).
 */

/** The services of the render in progress (renders run concurrently). */
const renderSource = new AsyncLocalStorage<PublicPageSource>();

answerCallsWith(async ({ method, path, input }: ApiCall) => {
  const route = `${method} ${path}`;
  // Each route's function takes what that route's call was given (the contract types both).
  const answerRoute = renderSource.getStore()?.[route as ApiRouteOf<'GET'>] as
    ((input: { params: Record<string, string>; query: Record<string, string> }) => Promise<unknown>) | undefined;
  if (!answerRoute) throw new Error(`The server render cannot answer ${route}: not in the server's PublicPageSource`);
  const answer = await answerRoute({ params: input?.params ?? {}, query: Object.fromEntries(queryParams(input?.query)) });
  // As the API answers it: an unknown deal or business is a 404.
  if (answer === null) throw new ApiError(404, 'NOT_FOUND', 'Not found');
  return answer;
});

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
  const qc = createQueryClient();
  // One answer per query: a failed read fails the render (the server answers with the shell).
  qc.setDefaultOptions({ queries: { ...qc.getDefaultOptions().queries, retry: false } });
  const handler = createStaticHandler(routes);
  // The matched page's loader fills its queries (app/page-data.ts).
  const context = await renderSource.run(source, () => handler.query(new Request(pageUrl), { requestContext: serverRenderContext(qc) }));
  if (context instanceof Response) {
    const location = context.headers.get('Location');
    if (location && context.status >= 300 && context.status < 400) return { kind: 'redirect', status: context.status, location };
    return { kind: 'shell', status: context.status };
  }
  const leaf = context.matches.at(-1);
  // The public pages are rendered here; the signed-in areas get the shell.
  if (!leaf?.route.id || !Object.hasOwn(PUBLIC_PAGES, leaf.route.id)) return { kind: 'shell', status: 200 };
  const error: unknown = Object.values(context.errors ?? {})[0];
  // A loader's 404 (an unknown deal or business): the browser renders the page's "not found".
  if (isRouteErrorResponse(error)) return { kind: 'shell', status: error.status };
  if (error) throw error instanceof Error ? error : new Error('The page loader failed', { cause: error });
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
  const data = `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${serializeSsrState({ now, queries: dehydrate(qc) })}</script>`;
  return { kind: 'page', status: context.statusCode, html: body, head, data };
};
