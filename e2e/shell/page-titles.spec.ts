import { baseUrl, expect, publicPagesWithData, test } from '../support/browser';

/**
 * Every public page has one title: the one the server writes into the HTML it sends (what a crawler, a
 * link preview and the tab show before any script) is the one the page keeps once the browser has
 * hydrated it. Both come from the page's one declaration (PUBLIC_PAGES, packages/shared).
 */

const decode = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

/** The titles in the HTML the server sends for an address. */
async function serverTitles(address: string): Promise<string[]> {
  const html = await (await fetch(`${baseUrl()}${address}`)).text();
  return [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!));
}

test.describe('page titles', () => {
  test('every public page has the same title before and after hydration', async ({ newPage }) => {
    // One of each kind of public page, those with data of their own from the demo data.
    const addresses = [
      ...(await publicPagesWithData()),
      '/about',
      '/contact',
      '/privacy',
      '/terms',
      '/company/terms',
      '/company/merchant-terms',
      '/company/merchant-refund-policy',
      '/perkboost-info',
      '/merchant/faq',
      '/merchant/pricing',
      '/merchant/success-stories',
      '/no-such-page',
    ];
    const { page } = await newPage();
    const differing: string[] = [];
    for (const address of addresses) {
      const before = await serverTitles(address);
      expect(before, `${address}: one title in the server's HTML`).toHaveLength(1);
      await page.goto(address);
      // Hydrated (page.goto waits for it); React puts the page's own <title> in the head.
      const after = await page.evaluate(() => ({
        title: document.title,
        elements: [...document.querySelectorAll('title')].map((t) => t.text),
      }));
      if (after.title !== before[0] || after.elements.some((t) => t !== before[0]))
        differing.push(`${address}: "${before[0]}" from the server, ${JSON.stringify(after.elements)} after hydration`);
    }
    expect(differing).toEqual([]);
  });
});
