/*
 * The map (docs/decisions/0060-map.md): shown only where the server is given a tile service
 * (MAP_TILES_URL). The server names it in every page's head; the web app reads it there and loads the
 * map's code only then.
 */

/** A raster tile service: its URL template ({z}/{x}/{y}, optionally {s} for its subdomains) and the credit its terms ask for. */
export interface MapTiles {
  url: string;
  attribution: string;
}

/** The <meta> elements of a page's head that carry the tile service to the browser (none without one). */
export const MAP_TILES_META = 'lp-map-tiles';
export const MAP_ATTRIBUTION_META = 'lp-map-attribution';

/** The credit when MAP_TILES_ATTRIBUTION is not set: nearly every tile service draws OpenStreetMap's data. */
export const DEFAULT_MAP_ATTRIBUTION = '© OpenStreetMap contributors';
