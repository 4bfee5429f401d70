import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { formatCents } from '@localperks/shared';
import { merchants } from '../../../db/schema';
import { build, ORIGIN } from '../../../../test/build';
import { createDeal, createMerchant } from '../../../../test/factories';
import { loadWebServerEntry } from '../../../../test/web-server-entry';

/*
 * Business pages are rendered on the server (docs/product/design.md §13, docs/decisions/0014-react-ssr.md): the
 * HTML carries the business before any script runs, with its head, canonical address and
 * LocalBusiness data; old addresses answer 301 and unknown ones 404.
 */

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-web-'));
fs.copyFileSync(path.resolve(import.meta.dirname, '../../../../../web/index.html'), path.join(webDir, 'index.html'));
const serverEntry = await loadWebServerEntry();
const t = await build({ serveWeb: true, webDir, serverEntry });
const db = t.database.db;

const rootHtml = (html: string) =>
  (/<div id="root">([\s\S]*)<\/div><script type="application\/json" id="lp-ssr-state">/.exec(html)?.[1] ?? '').replace(/<!--.*?-->/g, '');
const jsonLd = (html: string) => {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, any>) : null;
};
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)" \/>/.exec(html)?.[1];

describe('the business page, rendered on the server', () => {
  it('an enhanced profile: name, description, place, phone and website links, logo, cover, hours, highlights, deals and the message button', async () => {
    const { merchant } = await createMerchant(db, {
      businessName: 'Lakeside Noodle Bar',
      description: 'Hand-pulled noodles by the lake since 2009.',
      phone: '(312) 555-0177',
      website: 'https://lakeside-noodles.example',
      subscriptionPlan: 'deals_messaging',
      logoUrl: '/images/deals/dumplings.svg',
      coverUrl: '/images/deals/tasting-menu.svg',
      openingHours: [
        { day: 1, opens: '11:00', closes: '21:30' },
        { day: 6, opens: '09:00', closes: '15:00' },
      ],
      profileHighlights: ['Hand-pulled daily', 'Lake views'],
    });
    const deal = await createDeal(db, merchant.id, { title: 'Noodle Feast For Two', dealPriceCents: 2_400 });
    const res = await t.request({ method: 'GET', url: '/businesses/lakeside-noodle-bar' });
    expect(res.statusCode).toBe(200);
    const root = rootHtml(res.body);
    expect(root).toContain('<h1');
    expect(root).toContain('Lakeside Noodle Bar');
    expect(root).toContain('Hand-pulled noodles by the lake since 2009.');
    expect(root).toContain('Chicago, IL');
    expect(root).toContain('href="tel:3125550177"');
    expect(root).toMatch(/href="https:\/\/lakeside-noodles\.example" target="_blank" rel="noopener noreferrer"/);
    expect(root).toContain('alt="Lakeside Noodle Bar logo"');
    expect(root).toContain('src="/images/deals/tasting-menu.svg"');
    expect(root).toContain('Opening hours');
    expect(root).toMatch(/Monday<\/th><td[^>]*>11:00 AM – 9:30 PM/);
    expect(root).toMatch(/Sunday<\/th><td[^>]*>Closed/);
    expect(root).toContain('Hand-pulled daily');
    expect(root).toContain(deal.title);
    expect(root).toContain(formatCents(2_400));
    // A visitor's button says it signs in first, and goes to sign-in and back with the dialog to open.
    expect(root).toContain('Message this business');
    expect(root).toContain(`href="/login?returnTo=${encodeURIComponent('/businesses/lakeside-noodle-bar?message=1')}"`);
    expect(root).toContain('Sign in first: you come straight back here to write your message.');
    expect(root).not.toContain('Loading business');

    expect(res.body).toContain('<title>Lakeside Noodle Bar in Chicago, IL | LocalPerks</title>');
    expect(res.body).toContain('<meta name="description" content="Hand-pulled noodles by the lake since 2009." />');
    expect(res.body).toContain(`<meta property="og:image" content="${ORIGIN}/images/deals/tasting-menu.svg" />`);
    expect(canonical(res.body)).toBe(`${ORIGIN}/businesses/lakeside-noodle-bar`);
    expect(jsonLd(res.body)).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Lakeside Noodle Bar',
      url: `${ORIGIN}/businesses/lakeside-noodle-bar`,
      telephone: '(312) 555-0177',
      address: { addressLocality: 'Chicago', addressRegion: 'IL' },
      logo: `${ORIGIN}/images/deals/dumplings.svg`,
      openingHoursSpecification: [
        { dayOfWeek: 'https://schema.org/Monday', opens: '11:00', closes: '21:30' },
        { dayOfWeek: 'https://schema.org/Saturday', opens: '09:00', closes: '15:00' },
      ],
    });
    // The browser hydrates from the same answer, under the key the page asks for.
    expect(res.body).toContain('"queryKey":["businesses","page","lakeside-noodle-bar"]');
  });

  it('the basic listing (Advertise Only): no hours, highlights or message button, and the empty deals state', async () => {
    await createMerchant(db, { businessName: 'Plain Hardware', subscriptionPlan: 'advertise_only', profileHighlights: ['Hidden extra'] });
    const res = await t.request({ method: 'GET', url: '/businesses/plain-hardware' });
    expect(res.statusCode).toBe(200);
    const root = rootHtml(res.body);
    expect(root).toContain('Plain Hardware');
    expect(root).toContain('No live deals right now.');
    expect(root).not.toContain('Opening hours');
    expect(root).not.toContain('Hidden extra');
    expect(root).not.toContain('Message this business');
    expect(jsonLd(res.body)).not.toHaveProperty('openingHoursSpecification');
  });

  it('a business with a street address: the address, directions by its coordinates, and LocalBusiness with geo and address', async () => {
    await createMerchant(db, {
      businessName: 'Wacker Coffee',
      addressLine1: '233 S Wacker Dr',
      addressLine2: 'Lobby',
      zip: '60606',
      lat: 41.8789,
      lng: -87.6359,
      timeZone: 'America/Chicago',
    });
    const res = await t.request({ method: 'GET', url: '/businesses/wacker-coffee' });
    expect(res.statusCode).toBe(200);
    const root = rootHtml(res.body);
    expect(root).toContain('233 S Wacker Dr');
    expect(root).toContain('Get directions');
    expect(root).toContain('href="https://www.openstreetmap.org/directions?to=41.878900,-87.635900');
    expect(root).toContain('href="https://www.google.com/maps/dir/?api=1&amp;destination=41.878900,-87.635900"');
    expect(root).toContain('href="https://maps.apple.com/?daddr=41.878900,-87.635900');
    // No map service's script, frame or tiles without MAP_TILES_URL.
    expect(res.body).not.toMatch(/<(script|iframe)[^>]+(openstreetmap|google|apple)/);
    expect(jsonLd(res.body)).toMatchObject({
      '@type': 'LocalBusiness',
      address: { streetAddress: '233 S Wacker Dr, Lobby', addressLocality: 'Chicago', addressRegion: 'IL', postalCode: '60606' },
      geo: { '@type': 'GeoCoordinates', latitude: 41.8789, longitude: -87.6359 },
    });
  });

  describe('the map (docs/decisions/0060-map.md)', async () => {
    const place = { addressLine1: '233 S Wacker Dr', zip: '60606', lat: 41.8789, lng: -87.6359, timeZone: 'America/Chicago' };
    const imgSrc = (csp: unknown) => /img-src ([^;]*)/.exec(String(csp))?.[1] ?? '';
    const mapBox = /<div role="region" aria-label="Map of [^"]*"/;
    const withMap = await build({
      serveWeb: true,
      webDir,
      serverEntry,
      env: { MAP_TILES_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png?style=a&lang=en', MAP_TILES_ATTRIBUTION: '© Example & Co' },
    });

    it('is nowhere without MAP_TILES_URL: no tile service in the head, no map box, no tiles allowed', async () => {
      const { merchant } = await createMerchant(db, { businessName: 'Mapless Coffee', ...place });
      const deal = await createDeal(db, merchant.id, { title: 'Mapless latte' });
      for (const url of ['/businesses/mapless-coffee', `/deals/${deal.id}`, '/merchant/dashboard']) {
        const res = await t.request({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).not.toContain('lp-map-tiles');
        expect(res.body, url).not.toMatch(mapBox);
        expect(imgSrc(res.headers['content-security-policy']), url).toBe("'self' data: blob:");
      }
    });

    it('with MAP_TILES_URL, every page names the tile service and its credit, the business and deal pages hold the map box, and tiles may load from the service', async () => {
      const { merchant } = await createMerchant(withMap.database.db, { businessName: 'Mapped Coffee', ...place });
      const deal = await createDeal(withMap.database.db, merchant.id, { title: 'Mapped latte' });
      for (const url of ['/businesses/mapped-coffee', `/deals/${deal.id}`, '/merchant/dashboard']) {
        const res = await withMap.request({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain(
          '<meta name="lp-map-tiles" content="https://{s}.tiles.example.org/{z}/{x}/{y}.png?style=a&amp;lang=en" />',
        );
        expect(res.body, url).toContain('<meta name="lp-map-attribution" content="© Example &amp; Co" />');
        expect(imgSrc(res.headers['content-security-policy']), url).toBe("'self' data: blob: https://*.tiles.example.org");
      }
      // The box is in the server's HTML, so the page does not move when the map arrives (the signed-in dashboard is rendered by the browser).
      expect(rootHtml((await withMap.request({ method: 'GET', url: '/businesses/mapped-coffee' })).body)).toMatch(
        /<div role="region" aria-label="Map of Mapped Coffee"/,
      );
      expect(rootHtml((await withMap.request({ method: 'GET', url: `/deals/${deal.id}` })).body)).toMatch(
        /<div role="region" aria-label="Map of Mapped Coffee"/,
      );
      // A business without an address has no place, and so no map.
      await createMerchant(withMap.database.db, { businessName: 'Placeless Coffee' });
      expect(rootHtml((await withMap.request({ method: 'GET', url: '/businesses/placeless-coffee' })).body)).not.toMatch(mapBox);
    });
  });

  it('an enhanced profile without hours says "Hours not listed", never "Closed" every day', async () => {
    await createMerchant(db, { businessName: 'Unknown Hours Cafe', subscriptionPlan: 'deals_messaging', openingHours: [] });
    const res = await t.request({ method: 'GET', url: '/businesses/unknown-hours-cafe' });
    expect(res.statusCode).toBe(200);
    const root = rootHtml(res.body);
    expect(root).toContain('Opening hours');
    expect(root).toContain('Hours not listed');
    expect(root).not.toContain('Closed');
    expect(jsonLd(res.body)).not.toHaveProperty('openingHoursSpecification');
  });

  it('an old address answers 301 to the current one', async () => {
    const { merchant } = await createMerchant(db, { businessName: 'Before Rename Deli' });
    await db.update(merchants).set({ businessName: 'After Rename Deli' }).where(eq(merchants.id, merchant.id));
    const res = await t.request({ method: 'GET', url: '/businesses/before-rename-deli' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/businesses/after-rename-deli');
  });

  it('an unknown, not approved or suspended business is a proper 404', async () => {
    await createMerchant(db, { businessName: 'Waiting Waffles', approved: false });
    for (const url of ['/businesses/nobody-at-all', '/businesses/waiting-waffles']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('application/ld+json');
    }
  });

  it('the sitemap lists approved businesses’ pages only', async () => {
    await createMerchant(db, { businessName: 'Mapped Market' });
    await createMerchant(db, { businessName: 'Unmapped Market', approved: false });
    const res = await t.request({ method: 'GET', url: '/sitemap.xml' });
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${ORIGIN}/businesses/mapped-market`);
    expect(locs).not.toContain(`${ORIGIN}/businesses/unmapped-market`);
  });

  it('deal pages link the merchant name to its business page', async () => {
    const { merchant } = await createMerchant(db, { businessName: 'Linked Lounge' });
    const deal = await createDeal(db, merchant.id, { title: 'Lounge Night' });
    const root = rootHtml((await t.request({ method: 'GET', url: `/deals/${deal.id}` })).body);
    expect(root).toMatch(/<a[^>]*href="\/businesses\/linked-lounge"[^>]*>Linked Lounge<\/a>/);
  });
});
