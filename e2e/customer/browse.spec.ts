import type { BrowseResult } from '@localperks/shared';
import type { Page } from '@playwright/test';
import { BROWSE_PAGE_SIZE, SERVER_RENDER_TIME_ZONE } from '@localperks/shared';
import { expectAccessible, newCustomer, newStandardDeal, screenshot, signIn, test, expect, trackRequests } from '../support/browser';

/** The titles of the deal cards in order, exactly these (a web-first check: it retries until they are). */
const expectCardTitles = (page: Page, titles: string[]) =>
  expect(page.locator('main article h3')).toHaveText(titles, { useInnerText: true });

test.describe('discovering deals', () => {
  test('searches from the header and lists only matching deals', async ({ newPage }) => {
    const { page, context } = await newPage();
    await page.goto('/');
    await page.getByPlaceholder('Search deals...').first().fill('  massage ');
    await page.getByPlaceholder('Search deals...').first().press('Enter');
    await page.waitForURL('**/deals?search=massage');
    const api = (await (await page.request.get('/api/deals?search=massage')).json()) as BrowseResult;
    expect(api.total).toBeGreaterThan(0);
    await expectCardTitles(
      page,
      api.deals.map((d) => d.title),
    );
    // Each result says massage, or spa (its synonym: docs/decisions/0050-search.md), in its title, description or
    // business name; a massage by its title leads.
    for (const d of api.deals) expect(`${d.title} ${d.description} ${d.merchantName}`.toLowerCase()).toMatch(/massage|\bspas?\b/);
    expect(api.deals[0]!.title.toLowerCase()).toContain('massage');
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /deals?$/ })
        .first(),
    ).toHaveText(`${api.total} ${api.total === 1 ? 'deal' : 'deals'}`, { useInnerText: true });
    await context.close();
  });

  test('filters by type, category and sort; the filters live in the URL and survive a reload', async ({ newPage }) => {
    const { page, context } = await newPage();
    await page.goto('/deals');
    await page.getByText('Standard', { exact: true }).click();
    await page.getByLabel('Sort by').selectOption('price-low');
    await page
      .getByRole('button', { name: /Fitness/ })
      .first()
      .click();
    await page.waitForURL(
      (u) =>
        u.searchParams.get('type') === 'standard' && u.searchParams.get('sort') === 'price-low' && u.searchParams.get('category') === '4',
    );
    const api = (await (await page.request.get('/api/deals?type=standard&sort=price-low&category=4')).json()) as BrowseResult;
    const prices = api.deals.map((d) => d.dealPriceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await expectCardTitles(
      page,
      api.deals.map((d) => d.title),
    );
    await page.reload();
    await expectCardTitles(
      page,
      api.deals.map((d) => d.title),
    );
    await expectAccessible(page);
    await screenshot(page, 'browse-filtered-1280');
    await context.close();
  });

  test('use my location picks the nearest of the 12 cities from the browser position and remembers it', async ({ newPage }) => {
    // Round Rock, TX: nearest listed city is Austin.
    const { page, context } = await newPage({ geolocation: { latitude: 30.5083, longitude: -97.6789 } });
    await page.goto('/deals');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page.getByText('Location Updated')).toBeVisible();
    await page.waitForURL((u) => u.searchParams.get('state') === 'TX' && u.searchParams.get('city') === 'Austin');
    const api = (await (await page.request.get('/api/deals?state=TX&city=Austin')).json()) as BrowseResult;
    await expectCardTitles(
      page,
      api.deals.map((d) => d.title),
    );
    // The choice persists across visits.
    await page.goto('/deals');
    await page.waitForURL((u) => u.searchParams.get('city') === 'Austin');
    await context.close();
  });

  test('a state alone applies all its cities, and an empty result offers to clear the filters', async ({ newPage }) => {
    const { page, context } = await newPage();
    await page.goto('/deals');
    await page.getByLabel('State').selectOption('CA');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Location Applied')).toBeVisible();
    await page.waitForURL((u) => u.searchParams.get('state') === 'CA' && !u.searchParams.get('city'));
    const api = (await (await page.request.get('/api/deals?state=CA')).json()) as BrowseResult;
    expect(new Set(api.deals.map((d) => d.city))).toEqual(new Set(['Los Angeles', 'San Francisco', 'San Diego']));
    await page.goto('/deals?search=zzzznothing');
    await expect(page.getByText('No deals match your filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).last().click();
    await page.waitForURL((u) => u.search === '');
    await context.close();
  });

  test('the server renders the first page of deals; the next loads as the end of the list scrolls into view (375 px)', async ({
    newPage,
  }) => {
    // Deals of its own under a word nobody else uses: one more than a page.
    const word = `Scrollpage${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
    for (let i = 1; i <= BROWSE_PAGE_SIZE + 1; i++) await newStandardDeal(`${word} tasting menu ${i}`);
    const { page, context } = await newPage({ width: 375, height: 812 });
    await page.goto(`/deals?search=${word}`);
    const cards = page.locator('main article');
    await expect(page.getByText(`${BROWSE_PAGE_SIZE + 1} deals`, { exact: true })).toBeVisible();
    await expect(cards).toHaveCount(BROWSE_PAGE_SIZE);
    // No click: bringing the end of the list into view is enough.
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(BROWSE_PAGE_SIZE + 1);
    await expect(page.getByText(`You have seen all ${BROWSE_PAGE_SIZE + 1} deals.`)).toBeVisible();
    await context.close();
  });

  test('on a phone the filters open in a sheet, and home and browse pass axe', async ({ newPage }) => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Featured Deals' })).toBeVisible();
    await expect(page.locator('main article').nth(3)).toBeAttached();
    await expectAccessible(page);
    await screenshot(page, 'home-375');
    await page.goto('/deals');
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await sheet.getByText('PerkBoost', { exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('type') === 'perkboost');
    await expectAccessible(page);
    await screenshot(page, 'browse-sheet-375');
    await context.close();
  });
});

test.describe('first screen without an extra round trip', () => {
  test('a deal page hydrates with the date the server rendered, then shows the reader’s, whatever the hour and zone', async ({
    newPage,
  }) => {
    // 06:00 UTC is the evening before in Los Angeles (the zone the server renders dates in): the two dates
    // differ at any hour of the run. The fixture fails the test on a hydration error of a public page.
    const expires = new Date(Date.now() + 30 * 86_400_000);
    expires.setUTCHours(6, 0, 0, 0);
    const dateIn = (timeZone: string) => expires.toLocaleDateString('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' });
    const [serverDate, readerDate] = [dateIn(SERVER_RENDER_TIME_ZONE), dateIn('UTC')];
    expect(serverDate).not.toBe(readerDate);
    const deal = await newStandardDeal(`Hydration tasting menu ${Date.now()}`, undefined, { expirationDate: expires.toISOString() });
    const customer = await newCustomer('zones');
    for (const signedIn of [false, true]) {
      const { page, context } = await newPage({ timezoneId: 'UTC' });
      if (signedIn) await signIn(context, customer.cookie);
      const res = await page.goto(`/deals/${deal.id}`);
      expect((await res!.text()).replaceAll('<!-- -->', '')).toContain(`Sale ends ${serverDate}`);
      await expect(page.getByText(`Sale ends ${readerDate}`)).toBeVisible();
      await context.close();
    }
  });

  test('home, browse and deal pages render from the data embedded by the server', async ({ newPage }) => {
    const { page, context } = await newPage();
    const requests = trackRequests(page);
    const calls: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname === '/api/home' || /^\/api\/deals\/[0-9a-f-]{36}$/.test(u.pathname)) calls.push(u.pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Featured Deals' })).toBeVisible();
    const featured = page.locator('section', { has: page.getByRole('heading', { name: 'Featured Deals' }) }).locator('article h3');
    await expect(featured).toHaveCount(3);
    const { deals } = (await (await page.request.get('/api/deals?type=standard&pageSize=1')).json()) as BrowseResult;
    await page.goto(`/deals/${deals[0]!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(deals[0]!.title);
    await requests.settled();
    expect(calls).toEqual([]);

    // Browse: the first page of results for the address's filters comes with the page.
    const browseCalls: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname === '/api/deals') browseCalls.push(u.search);
    });
    await page.goto('/deals?category=4&sort=discount');
    await expect(page.locator('main article').first()).toBeAttached();
    await expect(page.getByRole('status').filter({ hasText: /^\d+ deals?$/ })).toBeVisible();
    // Once the page has started up (nothing in flight, the browser idle), no extra call was made.
    await requests.settled();
    expect(browseCalls).toEqual([]);
    await context.close();
  });
});
