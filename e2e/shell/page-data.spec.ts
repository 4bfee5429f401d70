import { expect, publicPagesWithData, test, trackRequests } from '../support/browser';

/**
 * A public page's data is declared once, in its route's loader (apps/web/src/app/page-data.ts): the server
 * render fills the page's queries from it and the browser hydrates from what it read. So a hydrated page
 * asks the API for none of the data it shows; one whose server render read other data (another query, the
 * same under another key) than the page reads would fetch it here.
 */

test.describe('public page data', () => {
  test('a server-rendered public page asks the API for nothing once hydrated', async ({ newPage }) => {
    // One of each kind of public page with data of its own, and a sort, from the demo data.
    const addresses = [...(await publicPagesWithData()), '/deals?category=4&sort=price-low'];
    const { page } = await newPage();
    let address = '';
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      // The live event stream (a deal's votes) is a subscription, not the page's data.
      if (url.pathname.startsWith('/api/') && r.resourceType() !== 'eventsource')
        asked.push(`${address}: ${r.method()} ${url.pathname}${url.search}`);
    });
    for (address of addresses) {
      const requests = trackRequests(page);
      const res = await page.goto(address);
      expect(res?.status(), address).toBe(200);
      // Server-rendered: the page came with the data it was rendered from (page.goto waits for hydration).
      await expect(page.locator('#lp-ssr-state'), address).toHaveCount(1);
      // Whatever the page asks for on start-up has been asked for by then.
      await requests.settled();
    }
    expect(asked).toEqual([]);
  });
});
