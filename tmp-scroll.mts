import { chromium } from '@playwright/test';
import { startBuiltServer } from './scripts/built-server';
const srv = await startBuiltServer({ dataDirPrefix: 'scroll-', timeoutMs: 240000, env: { NODE_ENV: 'development', PASSWORD_HASH_COST: 'low' } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
for (const reducedMotion of ['reduce', 'no-preference'] as const) {
  const page = await browser.newPage({ viewport: { width: 375, height: 812 }, reducedMotion });
  await page.goto(srv.url + '/about');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.evaluate(() => window.scrollTo({ top: 1500, behavior: 'instant' }));
  await page.waitForTimeout(300);
  const y0 = await page.evaluate(() => window.scrollY);
  await page.goto(srv.url + '/terms');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.waitForTimeout(1500);
  const y1 = await page.evaluate(() => window.scrollY);
  const saved = await page.evaluate(() => sessionStorage.getItem('react-router-scroll-positions'));
  console.log(reducedMotion, 'about scrolled to', y0, '→ goto /terms at', y1, saved);
  await page.close();
}
await browser.close(); await srv.stop();
