import { expectAccessible, newApprovedMerchant, newStandardDeal, screenshot, test, expect } from '../support/browser';

test.describe('finding a business', () => {
  test('a business name in the header search shows the business above its deals, and its city lists it', async ({ newPage }) => {
    const tag = Date.now().toString(36);
    const name = `Quillfeather Dumpling House ${tag}`;
    const { cookie } = await newApprovedMerchant(name);
    const deal = await newStandardDeal(`Soup dumpling tasting ${tag}`, cookie);
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

    for (const width of [1280, 375]) {
      const { page, context } = await newPage({ width });
      await page.goto('/');
      const search = page.getByPlaceholder('Search deals...').filter({ visible: true }).first();
      if (width < 768 && !(await search.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByPlaceholder('Search deals...').filter({ visible: true }).first().fill(name);
      await page.getByPlaceholder('Search deals...').filter({ visible: true }).first().press('Enter');
      await page.waitForURL((u) => u.pathname === '/deals' && u.searchParams.get('search') === name);

      const group = page.getByRole('region', { name: 'Businesses' });
      const link = group.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', `/businesses/${slug}`);
      await expect(group).toContainText('1 live deal');
      // Its deal is found by the business's name (the deal's own words do not contain it) …
      const dealCard = page.locator('main article h3').filter({ hasText: deal.title });
      await expect(dealCard).toBeVisible();
      // … and the Businesses group comes before the deal results.
      const groupBox = (await group.boundingBox())!;
      const dealBox = (await dealCard.boundingBox())!;
      expect(groupBox.y + groupBox.height).toBeLessThanOrEqual(dealBox.y);
      await expectAccessible(page);
      await screenshot(page, `business-search/search-results-${width}`);

      // The city's business directory lists it; the address is server-rendered and hydrates cleanly.
      await page.goto('/businesses?city=Chicago&state=IL');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Businesses in Chicago, IL');
      await expect(page).toHaveTitle('Businesses in Chicago, IL | LocalPerks');
      await page.getByLabel('Search businesses').fill(tag);
      await page.getByRole('button', { name: 'Search', exact: true }).filter({ visible: true }).last().click();
      await page.waitForURL((u) => u.searchParams.get('search') === tag && u.searchParams.get('city') === 'Chicago');
      await expect(page.getByRole('region', { name: 'Businesses' }).getByRole('link')).toHaveText([name]);
      await expectAccessible(page);
      await screenshot(page, `business-search/directory-${width}`);
      await context.close();
    }
  });

  test('the directory is rendered on the server with the businesses of a place, and says so when there are none', async ({ newPage }) => {
    const { page, context } = await newPage();
    const html = await (await page.request.get('/businesses?state=IL&city=Chicago')).text();
    expect(html).toContain('Businesses in Chicago, IL');
    expect(html).toContain('Windy City Bistro');
    expect(html).toContain('<link rel="canonical" href="');
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/businesses\?state=IL&amp;city=Chicago"/);
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('/businesses</loc>');
    expect(sitemap).toContain('/businesses?state=IL&amp;city=Chicago</loc>');

    await page.goto('/businesses?search=zzzz-no-such-business');
    await expect(page.getByText('No businesses found')).toBeVisible();
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Businesses' }).click();
    await page.waitForURL('**/businesses');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Local Businesses');
    await expectAccessible(page);
    await context.close();
  });
});
