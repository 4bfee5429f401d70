import { createContext, useContext, type ReactNode } from 'react';
import { MAP_ATTRIBUTION_META, MAP_TILES_META, type MapTiles } from '@localperks/shared';

/*
 * The map's tile service (MAP_TILES_URL; docs/decisions/0060-map.md), known to the server render from its
 * settings and to the browser from the page's head, so both render the same page. Null: no map at all.
 */
const MapTilesContext = createContext<MapTiles | null>(null);

export function MapTilesProvider({ tiles, children }: { tiles: MapTiles | null; children: ReactNode }) {
  return <MapTilesContext.Provider value={tiles}>{children}</MapTilesContext.Provider>;
}

export const useMapTiles = () => useContext(MapTilesContext);

/** The tile service the server named in this page's head (browser only), or null. */
export function readMapTiles(): MapTiles | null {
  const content = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
  const url = content(MAP_TILES_META);
  return url ? { url, attribution: content(MAP_ATTRIBUTION_META) } : null;
}
