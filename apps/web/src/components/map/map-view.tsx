import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { useMapTiles } from './map-settings';
import type { Point, ShownMap } from './leaflet-map';

/*
 * A map with a pin, where the server names a tile service (MAP_TILES_URL; docs/decisions/0060-map.md);
 * nothing at all where it does not. The box is in the page from its first render (the server's too), so
 * nothing moves when the map arrives; the map's code is its own chunk, loaded after the page is up.
 */
export function MapView({
  point,
  label,
  pinLabel,
  onMove,
  className,
}: {
  point: Point;
  /** Names the map for screen readers ("Map of …"). */
  label: string;
  pinLabel: string;
  /** Makes the pin draggable: called with where it was dropped. */
  onMove?: (point: Point) => void;
  className?: string;
}) {
  const tiles = useMapTiles();
  const box = useRef<HTMLDivElement>(null);
  const shown = useRef<ShownMap | null>(null);
  const [failed, setFailed] = useState(false);
  // The latest callback, without making a new map for each render's new function.
  const moved = useRef(onMove);
  moved.current = onMove;
  const isDraggable = Boolean(onMove);

  useEffect(() => {
    if (!tiles || !box.current) return;
    const element = box.current;
    let isCancelled = false;
    import('./leaflet-map').then(
      ({ showMap }) => {
        if (isCancelled) return;
        shown.current = showMap(element, {
          tiles,
          point,
          pinLabel,
          onMove: isDraggable ? (p) => moved.current?.(p) : undefined,
        });
      },
      () => !isCancelled && setFailed(true),
    );
    return () => {
      isCancelled = true;
      shown.current?.remove();
      shown.current = null;
    };
    // The map is made once per tile service and pin kind; a new point moves the pin (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tiles, isDraggable]);

  useEffect(() => shown.current?.setPin(point), [point.lat, point.lng]); // eslint-disable-line react-hooks/exhaustive-deps -- the point, not the object

  if (!tiles || failed) return null;
  return (
    <div
      ref={box}
      role="region"
      aria-label={label}
      className={cn('isolate z-0 h-56 w-full overflow-hidden rounded-lg border border-slate-200 bg-slate-100', className)}
    />
  );
}
