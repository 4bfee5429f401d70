import Bowser from 'bowser';
import maxmind, { type CityResponse, type Reader } from 'maxmind';
import type { AccountSession } from '@localperks/shared';

/** The device and browser of a user agent, as the sessions list shows them (bowser: docs/decisions/0053-account-controls.md). */
export function describeUserAgent(userAgent: string | null): Pick<AccountSession, 'browser' | 'os' | 'device'> {
  if (!userAgent) return { browser: 'Unknown browser', os: 'Unknown system', device: 'other' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ''}` : 'Unknown browser';
  const os = parsed.os.name ? `${parsed.os.name}${parsed.os.versionName ? ` ${parsed.os.versionName}` : ''}` : 'Unknown system';
  const type = parsed.platform.type;
  const device = type === 'desktop' || type === 'mobile' || type === 'tablet' ? type : 'other';
  return { browser, os, device };
}

/**
 * The city of an address from an offline MaxMind-format city database (GeoLite2-City, DB-IP City Lite…) at
 * GEOIP_CITY_DB, opened once per path; nothing is sent anywhere. Without one configured, or for an address it
 * does not know, null: the list shows the address.
 */
const readers = new Map<string, Promise<Reader<CityResponse>>>();
export async function cityOf(databasePath: string | undefined, ip: string | null): Promise<string | null> {
  if (!databasePath || !ip || !maxmind.validate(ip)) return null;
  let reader = readers.get(databasePath);
  if (!reader) readers.set(databasePath, (reader = maxmind.open<CityResponse>(databasePath)));
  const found = (await reader).get(ip);
  const city = found?.city?.names.en;
  if (!city) return null;
  const country = found.country?.names.en;
  return country ? `${city}, ${country}` : city;
}
