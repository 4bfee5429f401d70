import { createContext, data, RouterContextProvider, type LoaderFunction, type LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/*
 * The data of a public page (docs/decisions/0070-public-page-data.md), declared once in its route's
 * loader, next to the page that reads it: the loader fills the page's own queries (the same query
 * options the page reads) into the query cache. The server render runs the loader of the page it
 * renders (entry-server.tsx) against a query client whose calls the server answers itself, and
 * hands the filled cache to the browser, which hydrates from it and so asks for nothing the page
 * was rendered from. A loader's outcome is the answer's: a 404 from its query (an unknown deal or
 * business) is a 404 answered with the app shell, a `redirect()` a redirect, `data(null, { status })`
 * the page rendered under that status.
 *
 * In the browser a loader reads nothing: the page's components read the same queries as they render
 * and show their loading states, so a navigation is never held up for data.
 */

interface PageDataContext {
  /** The server render's query client. */
  queryClient: QueryClient;
}

/** Set by the server render; unset in the browser. */
export const pageDataContext = createContext<PageDataContext | null>(null);

/** The server render's context for a page's loader. */
export function serverRenderContext(queryClient: QueryClient) {
  const context = new RouterContextProvider();
  context.set(pageDataContext, { queryClient });
  return context;
}

export interface PageLoadArgs {
  params: LoaderFunctionArgs['params'];
  url: URL;
  queryClient: QueryClient;
}

/**
 * A public page's loader: `read` fills the page's queries (`queryClient.ensureQueryData(dealQuery(id))`…)
 * and may return a `redirect()`. `status`: the status the page is answered with (the not-found page's 404).
 */
export function pageLoader(read: ((args: PageLoadArgs) => Promise<unknown>) | null, status = 200): LoaderFunction {
  return async ({ params, request, context }) => {
    const server = (context as RouterContextProvider).get(pageDataContext);
    if (!server) return null;
    try {
      const outcome = await read?.({ params, url: new URL(request.url), queryClient: server.queryClient });
      if (outcome instanceof Response) return outcome;
    } catch (err) {
      // Unknown or not shown (the API's 404): the browser renders the page's "not found", under a 404.
      // oxlint-disable-next-line typescript/only-throw-error -- React Router's error response: a thrown data() with its status
      if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
      throw err;
    }
    return status === 200 ? null : data(null, { status });
  };
}
