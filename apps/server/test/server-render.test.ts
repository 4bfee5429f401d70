import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { formatCents } from '@localperks/shared';
import { deals } from '../src/db/schema';
import { STATIC_PUBLIC_PAGES } from '../src/ssr/seo';
import { build, ORIGIN } from './build';
import { buy, createBoostDeal, createDeal, createMerchant, createMerchantSession } from './factories';
import { loadWebServerEntry } from './web-server-entry';

/*
 * Public pages are rendered on the server with React (docs/decisions/0014-react-ssr.md): what a
 * crawler or a slow phone receives carries the page's content before any script runs.
 */

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-web-'));
fs.copyFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), path.join(webDir, 'index.html'));
const t = await build({ serveWeb: true, webDir, serverEntry: await loadWebServerEntry() });
const DAY = 86_400_000;

const { merchant } = await createMerchant(t.database.db, { businessName: 'Harbor Tacos' });

/** The app root's HTML as the server sent it, without React's text separators (`<!-- -->`). */
const rootHtml = (html: string) =>
  (/<div id="root">([\s\S]*)<\/div><script type="application\/json" id="lp-ssr-state">/.exec(html)?.[1] ?? '').replace(/<!--.*?-->/g, '');
/** The state the browser hydrates from. */
const ssrState = (html: string) => {
  const m = /<script type="application\/json" id="lp-ssr-state">([\s\S]*?)<\/script>/.exec(html);
  expect(m, 'the page carries its hydration state').not.toBeNull();
  return JSON.parse(m![1]!) as { now: number; queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } };
};
/** Every <script> without a src is a data block (JSON, JSON-LD): the CSP allows no inline script. */
const inlineScriptTypes = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => /type="([^"]+)"/.exec(m[1]!)?.[1]);
const jsonLd = (html: string) => {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, any>) : null;
};
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)" \/>/.exec(html)?.[1];

describe('server-rendered public pages', () => {
  it('home: featured and crowd-vote deals with titles, prices, discount and city, and no executable inline script', async () => {
    const featured = await createDeal(t.database.db, merchant.id, {
      title: 'Sunset Harbor Taco Feast',
      originalPriceCents: 9_000,
      dealPriceCents: 1_800,
      discountPercentage: 80,
      city: 'San Diego',
      state: 'CA',
    });
    const boost = await createBoostDeal(t.database.db, merchant.id, 50, 32, { title: 'Crowd Kayak Morning' });
    const res = await t.request({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const root = rootHtml(res.body);
    expect(root).toContain('Featured Deals');
    expect(root).toContain(featured.title);
    expect(root).toContain(formatCents(featured.dealPriceCents));
    expect(root).toContain(formatCents(featured.originalPriceCents));
    expect(root).toContain('80% off');
    expect(root).toContain('San Diego, CA');
    expect(root).toContain(boost.title);
    expect(root).toContain('32 of 50 votes');
    expect(root).not.toContain('Loading deals');
    // The head the server always wrote stays: one title, the Open Graph tags.
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body).toContain('<meta property="og:title" content="LocalPerks: Discover Local Deals" />');
    expect(inlineScriptTypes(res.body).every((type) => type === 'module' || type === 'application/json')).toBe(true);
    expect(canonical(res.body)).toBe(`${ORIGIN}/`);
  });

  it('/deals with a category and a sort: the matching deals in that order, under the query key the page asks for', async () => {
    const cheap = await createDeal(t.database.db, merchant.id, { title: 'Spin Class Five Pack', categoryId: 4, dealPriceCents: 2_500 });
    const dear = await createDeal(t.database.db, merchant.id, { title: 'Personal Training Month', categoryId: 4, dealPriceCents: 9_900 });
    const other = await createDeal(t.database.db, merchant.id, { title: 'Burger Night For Two', categoryId: 1 });
    const res = await t.request({ method: 'GET', url: '/deals?category=4&sort=price-low' });
    expect(res.statusCode).toBe(200);
    const root = rootHtml(res.body);
    expect(root).toContain(cheap.title);
    expect(root).toContain(formatCents(cheap.dealPriceCents));
    expect(root).toContain(dear.title);
    expect(root.indexOf(cheap.title)).toBeLessThan(root.indexOf(dear.title));
    expect(root).not.toContain(other.title);
    const { queries } = ssrState(res.body).queries;
    expect(queries.map((q) => q.queryKey)).toContainEqual(['deals', 'browse', { category: 4, sort: 'price-low' }]);
    // Every filter variant of the browse page points to the browse page.
    expect(canonical(res.body)).toBe(`${ORIGIN}/deals`);
  });

  it('/deals/:id: title, prices, discount, city, description, fine print and the countdown, with Product/Offer JSON-LD', async () => {
    const deal = await createBoostDeal(t.database.db, merchant.id, 100, 78, {
      title: 'Lighthouse Tour & Chowder',
      description: 'A guided climb to the lamp room, then a bowl of clam chowder on the pier.',
      finePrint: 'Valid weekends only. Children under 8 must be accompanied.',
      highlights: ['Guided climb'],
      originalPriceCents: 6_000,
      dealPriceCents: 3_000,
      discountPercentage: 50,
      city: 'Boston',
      state: 'MA',
      votingEndDate: new Date(Date.now() + 2 * DAY + 5 * 3_600_000 + 30 * 60_000),
      expirationDate: new Date('2031-06-15T20:00:00Z'),
    });
    const res = await t.request({ method: 'GET', url: `/deals/${deal.id}` });
    expect(res.statusCode).toBe(200);
    const root = rootHtml(res.body);
    expect(root).toContain('Lighthouse Tour &amp; Chowder');
    expect(root).toContain(formatCents(3_000));
    expect(root).toContain(formatCents(6_000));
    expect(root).toContain('50% off');
    expect(root).toContain('Boston, MA');
    expect(root).toContain(deal.description);
    expect(root).toContain(deal.finePrint);
    expect(root).toContain('Jun 15, 2031');
    // The countdown is rendered from the server's clock, which travels with the page for the hydration.
    const { now } = ssrState(res.body);
    expect(Math.abs(now - Date.now())).toBeLessThan(60_000);
    expect(root).toMatch(/2 days 5 hrs/);
    expect(root).toContain('78 of 100 votes');
    expect(canonical(res.body)).toBe(`${ORIGIN}/deals/${deal.id}`);
    expect(jsonLd(res.body)).toMatchObject({
      '@type': 'Product',
      name: deal.title,
      description: deal.description,
      offers: {
        '@type': 'Offer',
        price: '30.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/PreOrder',
        priceValidUntil: '2031-06-15',
        url: `${ORIGIN}/deals/${deal.id}`,
      },
    });
    expect(res.body).toContain('<meta property="og:title" content="Lighthouse Tour &amp; Chowder | LocalPerks" />');
  });

  it('/deals/:id with verified reviews: the average and count on the page, AggregateRating and Review in its JSON-LD', async () => {
    const owner = await createMerchantSession(t, { businessName: 'Rated Ramen' });
    const deal = await createDeal(t.database.db, owner.merchant.id, { title: 'Ramen Night for Two' });
    const customer = await t.loginAs('customer', { name: 'Kim Reviewer' });
    const vouchers = await buy(t, customer.cookie, [{ dealId: deal.id, quantity: 2 }]);
    for (const [i, v] of vouchers.entries()) {
      await t.request({ method: 'POST', url: '/api/merchant/redemptions', cookie: owner.cookie, payload: { code: v.redemptionCode } });
      const posted = await t.request({
        method: 'POST',
        url: `/api/purchases/${v.id}/review`,
        cookie: customer.cookie,
        payload: { rating: 4 + i, title: i ? 'Superb </script> broth' : null, body: 'Rich broth, springy noodles and quick service.' },
      });
      expect(posted.statusCode).toBe(201);
    }
    const res = await t.request({ method: 'GET', url: `/deals/${deal.id}` });
    expect(rootHtml(res.body)).toContain('4.5');
    expect(rootHtml(res.body)).toContain('(2 reviews)');
    const ld = jsonLd(res.body)!;
    expect(ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 });
    expect(ld.review).toHaveLength(2);
    expect(ld.review[0]).toMatchObject({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Kim R.' },
      name: 'Superb </script> broth',
      reviewBody: 'Rich broth, springy noodles and quick service.',
      reviewRating: { '@type': 'Rating', ratingValue: 5 },
    });
    // A review's text cannot end the data block.
    expect(res.body).not.toContain('Superb </script>');
  });

  it('preloads the LCP image at high priority: the deal page’s image, and the first card of a listing', async () => {
    const deal = await createDeal(t.database.db, merchant.id, { title: 'Preloaded Pier Brunch', imageUrl: '/images/deals/tacos.svg' });
    const preload = '<link rel="preload" as="image" href="/images/deals/tacos.svg" fetchpriority="high" />';
    expect((await t.request({ method: 'GET', url: `/deals/${deal.id}` })).body).toContain(preload);
    expect((await t.request({ method: 'GET', url: `/deals?search=${encodeURIComponent('Preloaded Pier Brunch')}` })).body).toContain(
      preload,
    );
  });

  it('preloads the LCP image once (home, browse, /perkboost, a deal page), and never lazy-loads it', async () => {
    await createBoostDeal(t.database.db, merchant.id, 40, 2, { title: 'Lcp Lantern Vote', imageUrl: '/images/deals/bowling.svg' });
    const deal = await createDeal(t.database.db, merchant.id, { title: 'Lcp Once Brunch', imageUrl: '/images/deals/pasta-class.svg' });
    for (const url of ['/', '/deals', '/perkboost', `/deals/${deal.id}`]) {
      const html = (await t.request({ method: 'GET', url })).body;
      const head = html.slice(0, html.indexOf('</head>'));
      const preloads = head.match(/<link rel="preload" as="image"[^>]*>/gi) ?? [];
      expect(preloads, url).toHaveLength(1);
      const href = /href="([^"]+)"/.exec(preloads[0]!)?.[1];
      // The preloaded image is the first one the page shows, fetched at once.
      const firstImg = /<img\b[^>]*>/.exec(rootHtml(html))![0];
      expect(firstImg, `${url}: ${preloads[0]} vs ${firstImg}`).toContain(`src="${href}"`);
      expect(firstImg, url).not.toContain('loading="lazy"');
      expect(firstImg, url).toContain('fetchPriority="high"');
    }
  });

  it('home shows no deal twice: Featured, Sponsored, PerkBoost Deals and Browse by Category each show their own', async () => {
    for (let i = 0; i < 8; i++)
      await createDeal(t.database.db, merchant.id, { title: `Home once ${i}`, discountPercentage: 60 + i, dealPriceCents: 1000 + i });
    const boosted = await createDeal(t.database.db, merchant.id, { title: 'Home once sponsored', discountPercentage: 90 });
    await t.database.db
      .update(deals)
      .set({ boostedUntil: new Date(Date.now() + DAY) })
      .where(eq(deals.id, boosted.id));
    await createBoostDeal(t.database.db, merchant.id, 40, 30, { title: 'Home once vote' });
    const root = rootHtml((await t.request({ method: 'GET', url: '/' })).body);
    // Each card's title link names its deal once.
    const linked = [...root.matchAll(/<a[^>]*href="\/deals?\/([0-9a-f-]{36})"/g)].map((m) => m[1]!);
    expect(linked.length).toBeGreaterThanOrEqual(3 + 1 + 1 + 6);
    expect(linked.filter((id, i) => linked.indexOf(id) !== i)).toEqual([]);
    expect(root).toContain('Home once sponsored');
    expect(root).toContain('Sponsored');
  });

  it('/deal/:id moves permanently to /deals/:id; an unknown deal is a 404 rendered by the browser', async () => {
    const deal = await createDeal(t.database.db, merchant.id, { title: 'Redirected Deal' });
    const moved = await t.request({ method: 'GET', url: `/deal/${deal.id}` });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/deals/${deal.id}`);
    const missing = await t.request({ method: 'GET', url: '/deals/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"></div>');
    expect(missing.body).not.toContain('lp-ssr-state');
    expect((await t.request({ method: 'GET', url: '/deals/not-a-uuid' })).statusCode).toBe(404);
  });

  it('/perkboost: the crowd-vote deals with their vote counts', async () => {
    const deal = await createBoostDeal(t.database.db, merchant.id, 40, 12, { title: 'Rooftop Cinema Vote' });
    const res = await t.request({ method: 'GET', url: '/perkboost' });
    expect(res.statusCode).toBe(200);
    const root = rootHtml(res.body);
    expect(root).toContain('PerkBoost Deals');
    expect(root).toContain(deal.title);
    expect(root).toContain('12 of 40 votes');
  });

  it('the deal data travels in a JSON block nothing in a deal can close or break', async () => {
    const title = 'Sneaky </script><script>alert(1)</script> \u2028 deal';
    const deal = await createDeal(t.database.db, merchant.id, { title });
    const res = await t.request({ method: 'GET', url: `/deals/${deal.id}` });
    expect(res.body).not.toContain('<script>alert(1)');
    const blocks = [...res.body.matchAll(/<script type="application\/(?:ld\+)?json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(blocks).toHaveLength(2);
    for (const block of blocks) expect(block).not.toMatch(/[\u2028\u2029<]/);
    const data = ssrState(res.body).queries.queries.find((q) => q.queryKey[1] === 'detail')!.state.data as { deal: { title: string } };
    expect(data.deal.title).toBe(title);
    expect(jsonLd(res.body)!.name).toBe(title);
  });

  it('signed-in areas get the app shell; static, legal and merchant info pages are rendered', async () => {
    for (const url of ['/cart', '/favorites', '/profile', '/purchases', '/merchant/dashboard', '/admin/dashboard']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    const pages: Record<string, string> = {
      '/about': 'About LocalPerks',
      '/privacy': 'Privacy Policy',
      '/terms': 'Terms of Service',
      '/merchant/faq': 'Merchant FAQ',
      '/merchant/pricing': 'Simple pricing for local businesses',
    };
    for (const [url, heading] of Object.entries(pages)) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(rootHtml(res.body), url).toContain(heading);
    }
    expect(canonical((await t.request({ method: 'GET', url: '/company/terms' })).body)).toBe(`${ORIGIN}/terms`);
    const unknown = await t.request({ method: 'GET', url: '/no-such-page' });
    expect(unknown.statusCode).toBe(404);
    expect(rootHtml(unknown.body)).toContain('Page Not Found');
  });
});

describe('sitemap and robots.txt', () => {
  it('the sitemap lists the static public pages, each rendered on the server, and every live deal, not an expired or paused one', async () => {
    const live = await createDeal(t.database.db, merchant.id, { title: 'Live Sitemap Deal' });
    const expired = await createDeal(t.database.db, merchant.id, { title: 'Old Deal', expirationDate: new Date(Date.now() - DAY) });
    const paused = await createDeal(t.database.db, merchant.id, { title: 'Paused Deal' });
    await t.database.db.update(deals).set({ status: 'paused' }).where(eq(deals.id, paused.id));
    const res = await t.request({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${ORIGIN}/deals/${live.id}`);
    expect(locs).not.toContain(`${ORIGIN}/deals/${expired.id}`);
    expect(locs).not.toContain(`${ORIGIN}/deals/${paused.id}`);
    for (const page of STATIC_PUBLIC_PAGES) {
      expect(locs).toContain(`${ORIGIN}${page}`);
      const html = await t.request({ method: 'GET', url: page });
      expect(html.statusCode, page).toBe(200);
      expect(rootHtml(html.body).length, page).toBeGreaterThan(1000);
    }
  });

  it('robots.txt keeps crawlers out of the signed-in areas and names the sitemap', async () => {
    const res = await t.request({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    for (const p of ['/account', '/cart', '/checkout', '/merchant', '/admin', '/purchases', '/favorites'])
      expect(res.body).toContain(`Disallow: ${p}\n`);
    expect(res.body).toContain('Allow: /merchant/pricing');
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});
