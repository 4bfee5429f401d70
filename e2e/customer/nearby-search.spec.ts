import type { Page, Request } from '@playwright/test';
import type { BrowseResult, DealResponse } from '@localperks/shared';
import { apiCall, expectAccessible, newApprovedMerchant, newStandardDeal, screenshot, test, expect } from '../support/browser';

/*
 * Find it nearby, fast (issue 31; docs/decisions/0049-location.md, 0050-search.md): browse near a ZIP
 * code sorted by distance, a misspelt search, the header's suggestions by keyboard alone, and the
 * directions links of a deal and its business.
 */

/** A business of the journey's own at a known door (233 S Wacker Dr, Chicago: its point given), with one live deal. */
async function placedDeal(label: string) {
  const merchant = await newApprovedMerchant(`${label} ${Date.now().toString(36)}`);
  const placed = await apiCall(
    '/api/merchant/address',
    { addressLine1: '233 S Wacker Dr', addressLine2: 'Lobby', city: 'Chicago', state: 'IL', zip: '60606', lat: 41.8789, lng: -87.6359 },
    merchant.cookie,
    'PUT',
  );
  expect(placed.status, JSON.stringify(placed.json)).toBe(200);
  const deal = await newStandardDeal(`Riverside tasting ${Date.now().toString(36)}`, merchant.cookie);
  return { merchant, deal };
}

const cardTitles = (page: Page) => page.locator('main article h3');

/** The first page of /api/deals the page itself asks for next (its query matching `which`). */
const listingAnswer = async (page: Page, which: (query: URLSearchParams) => boolean) => {
  const res = await page.waitForResponse((r) => {
    const u = new URL(r.url());
    return u.pathname === '/api/deals' && !u.searchParams.get('after') && which(u.searchParams);
  });
  return (await res.json()) as BrowseResult;
};

test.describe('finding deals nearby', () => {
  for (const width of [1280, 375]) {
    test(`browses near a ZIP code sorted by distance, with the miles on every card (${width} px)`, async ({ newPage }) => {
      const { deal } = await placedDeal('Wacker Kitchen');
      const { page, context } = await newPage({ width, height: 900 });
      await page.goto('/deals?state=IL&city=Chicago');
      if (width < 768) await page.getByRole('button', { name: /^Filters/ }).click();
      const scope = width < 768 ? page.getByRole('dialog') : page.locator('main');
      await scope.getByRole('textbox', { name: 'ZIP code', exact: true }).fill('60606');
      const shownNear = listingAnswer(page, (q) => q.get('zip') === '60606' && !q.get('radius'));
      await scope.getByRole('button', { name: 'Go', exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get('zip') === '60606' && u.searchParams.get('sort') === 'distance');
      await expect(scope.getByLabel('Sort by')).toHaveValue('distance');
      await expect(scope.getByText('Distances from 60606 (Chicago, IL).')).toBeVisible();
      if (width < 768) {
        await expectAccessible(page);
        await screenshot(page, `browse-near-zip-filters-${width}`, { fullPage: false });
        await page.keyboard.press('Escape');
      }

      const api = (await (await page.request.get('/api/deals?state=IL&city=Chicago&zip=60606&sort=distance')).json()) as BrowseResult;
      const miles = api.deals.map((d) => d.distanceMiles!);
      expect(miles.length).toBeGreaterThan(1);
      expect(miles).toEqual([...miles].sort((a, b) => a - b));
      // The journey's deal is 0.56 miles from the ZIP code's centre (the door against the centroid). Other journeys'
      // businesses stand at that centre, so it is looked up by its own title rather than by its rank.
      const mineNear = async (radius = '') =>
        (
          (await (
            await page.request.get(`/api/deals?search=${encodeURIComponent(deal.title)}&zip=60606&sort=distance${radius}`)
          ).json()) as BrowseResult
        ).deals;
      const [mine] = await mineNear();
      expect(mine?.id).toBe(deal.id);
      expect(mine!.distanceMiles).toBeCloseTo(0.56, 1);
      // The page shows the listing it was answered, in that order (a micro-cached answer may be a few seconds
      // older than the one above: another journey's deal at the same door may be missing from it).
      const shown = await shownNear;
      expect(shown.deals.map((d) => d.distanceMiles)).toEqual(shown.deals.map((d) => d.distanceMiles!).sort((a, b) => a - b));
      await expect(cardTitles(page)).toHaveText(
        [...shown.sponsored, ...shown.deals].map((d) => d.title),
        { useInnerText: true },
      );
      // Every card says how far it is ("0.4 mi").
      const first = page.locator('main article').first();
      await expect(first).toContainText(/\d+(\.\d)? mi/);
      await expect(page.locator('main article').filter({ hasText: / mi/ })).toHaveCount(shown.sponsored.length + shown.deals.length);

      // A radius keeps only the deals within it.
      if (width < 768) await page.getByRole('button', { name: /^Filters/ }).click();
      const shownWithin = listingAnswer(page, (q) => q.get('radius') === '1');
      await scope.getByLabel('Within').selectOption('1');
      await page.waitForURL((u) => u.searchParams.get('radius') === '1');
      const within = (await (
        await page.request.get('/api/deals?state=IL&city=Chicago&zip=60606&sort=distance&radius=1')
      ).json()) as BrowseResult;
      expect(within.deals.every((d) => d.distanceMiles! <= 1)).toBe(true);
      expect((await mineNear('&radius=1')).map((d) => d.id)).toEqual([deal.id]);
      if (width < 768) await page.keyboard.press('Escape');
      const shownIn = await shownWithin;
      expect([...shownIn.sponsored, ...shownIn.deals].every((d) => d.distanceMiles! <= 1)).toBe(true);
      await expect(cardTitles(page)).toHaveText(
        [...shownIn.sponsored, ...shownIn.deals].map((d) => d.title),
        { useInnerText: true },
      );
      await expectAccessible(page);
      await screenshot(page, `browse-near-zip-${width}`);
      await context.close();
    });
  }

  test('a misspelt search finds the deal: "piza" finds the deep-dish pizza among the first five', async ({ newPage }) => {
    const { page, context } = await newPage();
    await page.goto('/deals');
    const box = page.getByRole('combobox', { name: 'Search deals' });
    await box.fill('piza');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/deals' && u.searchParams.get('search') === 'piza');
    const api = (await (await page.request.get('/api/deals?search=piza')).json()) as BrowseResult;
    expect(api.deals.slice(0, 5).map((d) => d.title)).toContain('Deep-Dish Pizza Dinner for Four with Caesar Salad');
    await expect(cardTitles(page)).toHaveText(
      api.deals.map((d) => d.title),
      { useInnerText: true },
    );
    await context.close();
  });

  for (const width of [1280, 375]) {
    test(`the header suggests as you type and works with the keyboard alone (${width} px)`, async ({ newPage }) => {
      const { page, context } = await newPage({ width, height: 800 });
      await page.goto('/about');
      const asked: string[] = [];
      page.on('request', (r: Request) => {
        if (new URL(r.url()).pathname === '/api/search/suggest') asked.push(new URL(r.url()).searchParams.get('q')!);
      });
      if (width < 768) {
        // On a phone the search is in the side menu.
        await page.getByRole('button', { name: 'Open menu' }).focus();
        await page.keyboard.press('Enter');
      }
      const box = page.getByRole('combobox', { name: 'Search deals' });
      await box.focus();
      const typed = 'hot ston';
      await page.keyboard.type(typed);
      const list = page.getByRole('listbox', { name: 'Search suggestions' });
      await expect(list).toBeVisible();
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      // Each keystroke costs at most one request (typing without a pause asks once).
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.length).toBeLessThanOrEqual(typed.length);
      expect(asked.at(-1)).toBe(typed);

      const wanted = list.getByRole('option', { name: /60-Minute Hot Stone Massage/ });
      await expect(wanted).toBeVisible();
      await expect(list.getByRole('group', { name: 'Deals' })).toBeVisible();
      // Every suggestion is a link.
      for (const href of await list.getByRole('option').evaluateAll((els) => els.map((e) => e.getAttribute('href'))))
        expect(href).toMatch(/^\/(deals|businesses)\b/);
      await expectAccessible(page);
      await screenshot(page, `search-combobox-open-${width}`, { fullPage: false });

      // Down moves through the options (the box keeps the focus, aria-activedescendant names the option).
      for (let i = 0; i < 10; i++) {
        if ((await wanted.getAttribute('aria-selected')) === 'true') break;
        await page.keyboard.press('ArrowDown');
      }
      await expect(wanted).toHaveAttribute('aria-selected', 'true');
      await expect(box).toHaveAttribute('aria-activedescendant', (await wanted.getAttribute('id'))!);
      await expect(box).toBeFocused();
      const href = (await wanted.getAttribute('href'))!;

      // Escape closes the list and keeps the text; Down opens it again.
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
      await expect(box).toHaveValue(typed);
      await page.keyboard.press('ArrowDown');
      await expect(list).toBeVisible();
      for (let i = 0; i < 10; i++) {
        if ((await wanted.getAttribute('aria-selected')) === 'true') break;
        await page.keyboard.press('ArrowDown');
      }
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === href);
      await expect(page.getByRole('heading', { level: 1, name: '60-Minute Hot Stone Massage' })).toBeVisible();
      await context.close();
    });
  }

  for (const width of [1280, 375]) {
    test(`the deal and business pages show the address and directions by the business's coordinates (${width} px)`, async ({ newPage }) => {
      const { deal } = await placedDeal('Wacker Deli');
      const detail = (await apiCall(`/api/deals/${deal.id}`)).json as unknown as DealResponse;
      const { page, context } = await newPage({ width, height: 900 });
      // Distance from where the customer last looked for deals.
      await page.goto('/deals?zip=60601');
      await expect(page.locator('main article').first()).toBeVisible();
      await page.goto(`/deals/${deal.id}`);
      const where = page.getByRole('region', { name: 'Where to go' });
      await expect(where).toContainText('233 S Wacker Dr');
      await expect(where).toContainText('Lobby');
      await expect(where).toContainText('Chicago, IL 60606');
      await expect(where).toContainText(/\d+(\.\d)? mi from 60601 \(Chicago, IL\)/);
      const ll = '41.878900,-87.635900';
      await expect(where.getByRole('link', { name: /OpenStreetMap/ })).toHaveAttribute('href', new RegExp(`to=${ll}`));
      await expect(where.getByRole('link', { name: /Google Maps/ })).toHaveAttribute('href', new RegExp(`destination=${ll}`));
      await expect(where.getByRole('link', { name: /Apple Maps/ })).toHaveAttribute('href', new RegExp(`daddr=${ll}`));
      // No map without MAP_TILES_URL, and nothing broken where it would be.
      await expect(page.getByRole('region', { name: /map/i })).toHaveCount(0);
      await expectAccessible(page);
      await screenshot(page, `deal-page-address-${width}`);

      await page.getByRole('link', { name: detail.deal.merchantName }).first().click();
      await page.waitForURL('**/businesses/**');
      const business = page.getByRole('region', { name: 'Where to go' });
      await expect(business).toContainText('233 S Wacker Dr');
      await expect(business.getByRole('link', { name: /Google Maps/ })).toHaveAttribute('href', new RegExp(`destination=${ll}`));
      await expectAccessible(page);
      await screenshot(page, `business-page-address-${width}`);
      await context.close();
    });
  }
});
