/**
 * The figures of issue 38's customer audit, measured on the built product with the demo data
 * (`npm run build`, then `npx tsx scripts/customer-audit.ts`):
 * - how many businesses with live deals show "Closed" on every day of the week on their page;
 * - axe's serious and critical WCAG 2.x A/AA findings on the customer routes at 375 and 1280 px, as a
 *   visitor and as the demo customer, with the avatar menu and the phone's side menu open.
 * Prints one JSON object; changes nothing but its own fresh database. With AUDIT_SCREENSHOTS=<folder> it
 * also saves full-page screenshots of the home page, browse and a demo business page at both widths.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { startBuiltServer } from './built-server';

const CHROMIUM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ?? '/usr/bin/chromium';
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const password = process.env.DEMO_PASSWORD ?? 'LocalPerks2025!';

const VISITOR_ROUTES = ['/', '/deals', '/perkboost', '/businesses', '/businesses/skyline-harbor-tours', '/login', '/auth', '/register'];
const CUSTOMER_ROUTES = ['/', '/deals', '/favorites', '/cart', '/purchases', '/profile?tab=security', '/profile?tab=payment-methods'];

async function closedAllWeek(url: string) {
  const slugs: string[] = [];
  for (let page = 1; ; page++) {
    const res = (await (await fetch(`${url}/api/businesses?page=${page}`)).json()) as {
      businesses: { slug: string; liveDealCount: number }[];
      hasMore: boolean;
    };
    slugs.push(...res.businesses.filter((b) => b.liveDealCount > 0).map((b) => b.slug));
    if (!res.hasMore) break;
  }
  const closed: string[] = [];
  for (const slug of slugs) {
    const html = await (await fetch(`${url}/businesses/${slug}`)).text();
    if ((html.match(/>Closed</g) ?? []).length >= 7) closed.push(slug);
  }
  return { businessesWithDeals: slugs.length, closedAllWeek: closed.length, slugs: closed };
}

async function axe(page: Page) {
  // Signed in, the page holds a live-events stream open: wait for its content (not for an h1, which the sign-in
  // pages lacked) and for nothing to be loading.
  await page.waitForLoadState('load');
  await page.locator('main :is(h1, h2, form)').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (d: Document, o: object) => Promise<AxeResults> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.length }));
}

async function main() {
  const server = await startBuiltServer({ dataDirPrefix: 'localperks-audit-', timeoutMs: 300_000, env: { NODE_ENV: 'development' } });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const hours = await closedAllWeek(server.url);
    const findings: { width: number; who: string; where: string; rule: string; impact: string | null | undefined; nodes: number }[] = [];
    let runs = 0;
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 900 }, baseURL: server.url });
      const page = await context.newPage();
      const check = async (who: string, where: string) => {
        runs++;
        for (const f of await axe(page)) findings.push({ width, who, where, ...f });
      };
      for (const path of VISITOR_ROUTES) {
        await page.goto(path);
        await check('visitor', path);
        const shots = process.env.AUDIT_SCREENSHOTS;
        if (shots && ['/', '/deals', '/businesses/skyline-harbor-tours'].includes(path)) {
          const name = path === '/' ? 'home' : path.split('/').pop();
          await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
        }
      }
      const login = await context.request.post('/api/auth/login', {
        data: { email: 'customer@localperks.example', password },
        headers: { origin: server.url },
      });
      if (!login.ok()) throw new Error(`demo customer login: ${login.status()} ${await login.text()}`);
      for (const path of CUSTOMER_ROUTES) {
        await page.goto(path);
        await check('customer', path);
      }
      await page.goto('/');
      await page.getByRole('button', { name: /account menu for / }).click();
      await page.getByRole('menu').waitFor();
      await check('customer', '/ (avatar menu open)');
      await page.keyboard.press('Escape');
      if (width < 768) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Side menu' }).waitFor();
        await check('customer', '/ (side menu open)');
      }
      await context.close();
    }
    const byWidth = (w: number) => findings.filter((f) => f.width === w);
    console.log(
      JSON.stringify(
        {
          hours,
          axe: {
            runs,
            seriousOrCritical: { 375: byWidth(375).length, 1280: byWidth(1280).length },
            nodes: { 375: byWidth(375).reduce((n, f) => n + f.nodes, 0), 1280: byWidth(1280).reduce((n, f) => n + f.nodes, 0) },
            findings,
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
