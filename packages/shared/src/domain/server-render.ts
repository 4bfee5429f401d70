import type { ApiParams, ApiResponse, ApiRouteOf } from '../api/contract';
import type { MapTiles } from './map-tiles';

/*
 * The contract between the server and the web app's server entry (apps/web/src/entry-server.tsx),
 * which the server loads at run time: types only (docs/decisions/0014-react-ssr.md).
 */

/**
 * Dates are shown in the reader's time zone, which a server render cannot know: it uses the
 * westernmost zone of the 12 cities (Pacific), where a deal ending at the end of a local day in any of
 * them still shows that day; the browser switches to the reader's zone once the page is hydrated.
 */
export const SERVER_RENDER_TIME_ZONE = 'America/Los_Angeles';

/**
 * What a public page's server render reads: the server's own services, called directly (no HTTP), each
 * answering as its API route does (the same validation, the same answer), keyed by that route, for the
 * GET routes the pages' loaders call (apps/web/src/app/page-data.ts). null: the
 * route would answer 404 (a deal or business that does not exist or is not shown).
 */
export type PublicPageSource = {
  [K in ApiRouteOf<'GET'>]?: (input: { params: ApiParams<K>; query: Record<string, string> }) => Promise<ApiResponse<K> | null>;
};

export type ServerRender =
  /** The address moved (e.g. /deal/:id to /deals/:id). */
  | { kind: 'redirect'; status: number; location: string }
  /** Not a server-rendered page (signed-in areas, or a deal that does not exist): the app shell, rendered by the browser. */
  | { kind: 'shell'; status: number }
  | {
      kind: 'page';
      status: number;
      /** The page's HTML, for inside the app's root element. */
      html: string;
      /** Link tags React asks for in the head (image preloads). */
      head: string;
      /** The query cache and the render time the browser hydrates from: a <script type="application/json"> element, for the body. */
      data: string;
    };

/** What the server knows of the visitor before rendering. */
export interface PageVisitor {
  /** No session cookie came with the request: certainly signed out, so the page needs no session request. */
  isSignedOut: boolean;
}

/** The server's settings a page renders differently with: the same for every page (the browser reads them from the head). */
export interface PageSettings {
  /** The map's tile service (MAP_TILES_URL); null: no map anywhere. */
  mapTiles: MapTiles | null;
}

export interface ServerEntry {
  /** Renders a page address (path and query) of the web app. */
  render(url: string, source: PublicPageSource, visitor?: PageVisitor, settings?: PageSettings): Promise<ServerRender>;
}
