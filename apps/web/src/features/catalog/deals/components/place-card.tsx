import { ExternalLink, MapPin, Navigation } from 'lucide-react';
import { METERS_PER_MILE, directionsLinks, distanceKm, formatMiles, type Place } from '@localperks/shared';
import { MapView } from '../../../../components/map/map-view';
import { nearPointStore } from '../location-store';

/**
 * Where a deal is redeemed or a business is: its street address, how far it is from where the visitor
 * last looked for deals (when known), a map with its pin where a tile service is configured
 * (docs/decisions/0060-map.md), and "Get directions" in three map services by coordinates. Plain
 * links: no key, and no script of theirs on the page (docs/decisions/0049-location.md).
 */
export function PlaceCard({ place, name, headingLevel = 2 }: { place: Place; name: string; headingLevel?: 2 | 3 }) {
  const from = nearPointStore.use();
  const miles = from ? (distanceKm(from, place) * 1000) / METERS_PER_MILE : null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="place-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <Heading id="place-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <MapPin aria-hidden className="h-5 w-5 text-brand-700" /> Where to go
      </Heading>
      <address className="mt-2 not-italic text-slate-800">
        {place.addressLine1}
        {place.addressLine2 && (
          <>
            <br />
            {place.addressLine2}
          </>
        )}
        <br />
        {place.city}, {place.state} {place.zip}
      </address>
      {miles !== null && from && (
        <p className="mt-1 text-sm text-slate-700">
          <span className="font-semibold text-slate-900">{formatMiles(miles)}</span> from {from.label}
        </p>
      )}
      <MapView point={place} label={`Map of ${name}`} pinLabel={name} className="mt-3" />
      <h3 className="mt-4 flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        <Navigation aria-hidden className="h-4 w-4 text-brand-700" /> Get directions
      </h3>
      <ul className="mt-1 flex flex-wrap gap-x-4">
        {directionsLinks(place, name).map((l) => (
          <li key={l.name}>
            <a
              href={l.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
            >
              {l.name} <ExternalLink aria-hidden className="h-3.5 w-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
