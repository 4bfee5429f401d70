import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Request } from '@playwright/test';
import sharp from 'sharp';
import type { MerchantOverview } from '@localperks/shared';
import { startBuiltServer, type BuiltServer } from '../../scripts/built-server';
import {
  DEMO,
  demoPassword,
  expectAccessible,
  newApprovedMerchant,
  newStandardDeal,
  screenshot,
  signIn,
  test,
  expect,
  toastWith,
} from '../support/browser';

/*
 * The map (issue 31; docs/decisions/0060-map.md): only where the server is given a tile service
 * (MAP_TILES_URL). Without one, the business page, the deal page and the merchant's address editor load
 * no map code and show no map. With one (a tile server of this test's own, on loopback), they show the
 * business's pin on tiles, and the merchant drags the pin to refine the saved point.
 */

/** Every request the page makes, as URLs. */
function requestsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r: Request) => urls.push(r.url()));
  return urls;
}
const MAP_CODE = /leaflet/i;

test.describe('without MAP_TILES_URL', () => {
  test('no map script, no tiles and no map box on the business page, the deal page or the address editor', async ({ newPage }) => {
    const merchant = await newApprovedMerchant(`Mapless Diner ${Date.now().toString(36)}`);
    const deal = await newStandardDeal(`Mapless supper ${Date.now().toString(36)}`, merchant.cookie);
    const { page, context } = await newPage({ width: 1280, height: 900 });
    const requested = requestsOf(page);

    await page.goto(`/deals/${deal.id}`);
    await expect(page.getByRole('heading', { name: 'Where to go' })).toBeVisible();
    await page
      .getByRole('link', { name: /Mapless Diner/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Where to go' })).toBeVisible();
    await expect(page.getByRole('link', { name: /OpenStreetMap/ })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Map of/ })).toHaveCount(0);

    await signIn(context, merchant.cookie);
    await page.goto('/merchant/dashboard?tab=business');
    await page.getByRole('button', { name: 'Edit Address' }).click();
    await page.getByText('Refine the point on the map (optional)').click();
    await expect(page.getByText('Copy your door’s latitude and longitude from any map.')).toBeVisible();
    await expect(page.getByRole('region', { name: /^Map of/ })).toHaveCount(0);
    await expect(page.locator('.leaflet-container')).toHaveCount(0);
    expect(requested.filter((url) => MAP_CODE.test(url))).toEqual([]);
    await context.close();
  });
});

test.describe('with MAP_TILES_URL', () => {
  // One server with a tile service for these journeys, in one worker, one after the other.
  test.describe.configure({ mode: 'serial' });
  let tiles: http.Server;
  let tileRequests = 0;
  let server: BuiltServer;
  let merchantCookie: string;
  let slug: string;

  /** A JSON call to this describe's own server (apiCall speaks to the journeys' shared one). */
  const call = async (path: string, body?: unknown, cookie?: string, method?: string) => {
    const res = await fetch(`${server.url}${path}`, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers: { 'content-type': 'application/json', origin: server.url, ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const cookieSet = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('lp_session='));
    return { status: res.status, json: (await res.json()) as Record<string, unknown>, cookie: cookieSet };
  };
  const placeNow = async () => ((await call('/api/merchant/me', undefined, merchantCookie)).json as MerchantOverview).merchant!.place!;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    // One tile for every address: a light land colour with two streets, as a tile service would send.
    const tile = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#f2efe9"/><path d="M0 96H256M160 0V256" stroke="#fff" stroke-width="10"/><path d="M0 200L256 150" stroke="#fcd6a4" stroke-width="7"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    tiles = http.createServer((req, res) => {
      if (!/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) return void res.writeHead(404).end();
      tileRequests++;
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(tile);
    });
    await new Promise<void>((resolve) => tiles.listen(0, '127.0.0.1', resolve));
    const tilesPort = (tiles.address() as AddressInfo).port;
    server = await startBuiltServer({
      dataDirPrefix: 'localperks-e2e-map-',
      timeoutMs: 280_000,
      env: {
        NODE_ENV: 'development',
        PASSWORD_HASH_COST: 'low',
        MAP_TILES_URL: `http://127.0.0.1:${tilesPort}/tiles/{z}/{x}/{y}.png`,
        MAP_TILES_ATTRIBUTION: '© Test Tiles & OpenStreetMap contributors',
      },
    });
    const login = await call('/api/auth/login', { email: DEMO.merchant, password: demoPassword() });
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    merchantCookie = login.cookie!;
    const me = (await call('/api/merchant/me', undefined, merchantCookie)).json as MerchantOverview;
    const found = await call(`/api/businesses?search=${encodeURIComponent(me.merchant!.businessName)}`);
    slug = (found.json as { businesses: { name: string; slug: string }[] }).businesses.find(
      (b) => b.name === me.merchant!.businessName,
    )!.slug;
  });

  test.afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => tiles?.close(resolve));
  });

  for (const width of [1280, 375]) {
    test(`the business and deal pages show the business's pin on the tiles (${width} px)`, async ({ newPage }) => {
      const { page, context } = await newPage({ width, height: 900 });
      const requested = requestsOf(page);
      const before = tileRequests;
      await page.goto(`${server.url}/businesses/${slug}`);
      const map = page.getByRole('region', { name: /^Map of / });
      await expect(map).toBeVisible();
      await expect(map.locator('.leaflet-tile-loaded').first()).toBeVisible();
      await expect(map.locator('.lp-map-pin')).toBeVisible();
      await expect(map.getByText('© Test Tiles & OpenStreetMap contributors')).toBeVisible();
      expect(tileRequests).toBeGreaterThan(before);
      expect(requested.some((url) => /leaflet-map-[\w-]+\.js$/.test(url))).toBe(true);
      // The pin stands on the business's point: the centre of the map.
      const box = (await map.boundingBox())!;
      const pin = (await map.locator('.lp-map-pin').boundingBox())!;
      expect(Math.abs(pin.x + pin.width / 2 - (box.x + box.width / 2))).toBeLessThan(3);
      // axe from the top, as a person lands (scrolled, the sticky header covers what passes under it).
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectAccessible(page);
      await screenshot(page, `map-business-page-${width}`);

      // The deal page's "Where to go" carries the same map.
      await page.getByRole('main').locator('article a[href^="/deals/"]').first().click();
      await expect(page.getByRole('heading', { name: 'Where to go' })).toBeVisible();
      await expect(
        page
          .getByRole('region', { name: /^Map of / })
          .locator('.leaflet-tile-loaded')
          .first(),
      ).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectAccessible(page);
      await screenshot(page, `map-deal-page-${width}`);
      await context.close();
    });
  }

  for (const width of [1280, 375]) {
    test(`the merchant drags the pin to the door and the saved point follows (${width} px)`, async ({ newPage }) => {
      const start = await placeNow();
      const { page, context } = await newPage({ width, height: 900 });
      await context.addCookies([{ name: 'lp_session', value: merchantCookie.slice(merchantCookie.indexOf('=') + 1), url: server.url }]);
      await page.goto(`${server.url}/merchant/dashboard?tab=business`);
      await page.getByRole('button', { name: 'Edit Address' }).click();
      await page.getByText('Refine the point on the map (optional)').click();
      await expect(page.getByText('Drag the pin to your door, or type its latitude and longitude.')).toBeVisible();
      const map = page.getByRole('region', { name: "Map of your business's point" });
      await expect(map.locator('.leaflet-tile-loaded').first()).toBeVisible();
      const pin = map.getByRole('button', { name: 'Your business: drag to its door' });
      await pin.scrollIntoViewIfNeeded();
      const at = (await pin.boundingBox())!;
      const latField = page.getByLabel('Latitude');
      const lngField = page.getByLabel('Longitude');
      await expect(latField).toHaveValue(String(start.lat));

      // Down, then right: the door is south-east of where the pin stood.
      const x = at.x + at.width / 2;
      const y = at.y + at.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + 20, y + 15, { steps: 4 });
      await page.mouse.move(x + 60, y + 40, { steps: 8 });
      await page.mouse.up();
      await expect(latField).not.toHaveValue(String(start.lat));
      const lat = Number(await latField.inputValue());
      const lng = Number(await lngField.inputValue());
      expect(lat).toBeLessThan(start.lat);
      expect(lng).toBeGreaterThan(start.lng);
      // About 100 m at this zoom, not a jump across town.
      expect(start.lat - lat).toBeLessThan(0.005);
      await expectAccessible(page);
      await screenshot(page, `map-address-editor-${width}`);

      await page.getByRole('button', { name: 'Save Address' }).click();
      await expect(toastWith(page, 'Address saved')).toBeVisible();
      const saved = await placeNow();
      expect(saved.lat).toBeCloseTo(lat, 5);
      expect(saved.lng).toBeCloseTo(lng, 5);
      await context.close();
    });
  }
});
