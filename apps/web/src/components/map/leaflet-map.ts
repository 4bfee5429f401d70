import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { MapTiles } from '@localperks/shared';

/*
 * The map itself (Leaflet; docs/decisions/0060-map.md). Loaded by MapView only on a page that shows a
 * map, and only where the server names a tile service: no other page downloads it.
 */

export interface Point {
  lat: number;
  lng: number;
}

export interface ShownMap {
  /** Moves the pin (and the view) to a point typed elsewhere. */
  setPin(point: Point): void;
  remove(): void;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The brand's pin, drawn inline (Leaflet's own marker images are not part of the bundle). */
const pin = L.divIcon({
  className: 'lp-map-pin',
  html: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 42" width="32" height="42" aria-hidden="true"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 41 16 41s15-14 15-25.2C31 7.6 24.3 1 16 1z" fill="#047857" stroke="#fff" stroke-width="2"/><circle cx="16" cy="15.5" r="5.5" fill="#fff"/></svg>',
  iconSize: [32, 42],
  iconAnchor: [16, 41],
});

/**
 * A map of `point` with its pin in `element`. With `onMove`, the pin can be dragged (with a pointer) and
 * each drop reports where it landed.
 */
export function showMap(
  element: HTMLElement,
  { tiles, point, pinLabel, onMove }: { tiles: MapTiles; point: Point; pinLabel: string; onMove?: (point: Point) => void },
): ShownMap {
  // The page scrolls under a pointer on the map: zooming is by its buttons, a pinch or the keyboard.
  const map = L.map(element, { center: [point.lat, point.lng], zoom: 16, scrollWheelZoom: false });
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
  L.tileLayer(tiles.url, { attribution: escapeHtml(tiles.attribution), maxZoom: 19 }).addTo(map);
  const isDraggable = Boolean(onMove);
  const marker = L.marker([point.lat, point.lng], {
    icon: pin,
    title: pinLabel,
    draggable: isDraggable,
    // A pin that does nothing is not a control: no focus stop and no button role.
    interactive: isDraggable,
    keyboard: isDraggable,
    autoPan: true,
  }).addTo(map);
  if (onMove)
    marker.on('dragend', () => {
      const at = marker.getLatLng();
      onMove({ lat: at.lat, lng: at.lng });
    });
  return {
    setPin(next) {
      const at = marker.getLatLng();
      if (at.lat === next.lat && at.lng === next.lng) return;
      marker.setLatLng([next.lat, next.lng]);
      map.panTo([next.lat, next.lng]);
    },
    remove: () => void map.remove(),
  };
}
