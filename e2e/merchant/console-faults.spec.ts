import type { Page } from '@playwright/test';
import { ANALYTICS_MESSAGES, CHART_RANGE_MESSAGES, chartRangeAddressProblem } from '@localperks/shared';
import {
  buyVouchers,
  demoMerchantCookie,
  expect,
  expectAccessible,
  newApprovedMerchant,
  newCustomer,
  newStandardDeal,
  screenshot,
  signIn,
  test,
} from '../support/browser';

/**
 * Faults seen in the merchant's console (issue 32 follow-up): a bad date range in the analytics address is said in
 * words over the default range (not "failed to load"), the custom range form says what is wrong at its fields, and the
 * side navigation's column runs the whole height of a long page.
 */
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `console-faults/${name}`);
}

test.describe('merchant console faults', () => {
  test('a bad custom range in the analytics address is said in words and the default range shows; the custom form checks its days (375 and 1280 px)', async ({
    newPage,
  }) => {
    const merchant = await newApprovedMerchant(`Range Ramen ${tag}`);
    const deal = await newStandardDeal(`Range ramen bowl ${tag}`, merchant.cookie);
    const customer = await newCustomer('ranges');
    await buyVouchers(customer.cookie, [{ dealId: deal.id, quantity: 1 }]);

    for (const width of [375, 1280]) {
      const { page, context } = await newPage({ width, height: width < 768 ? 812 : 900 });
      await signIn(context, merchant.cookie);
      // Days that are no days: the page says so and shows the last 30 days, not an error.
      await page.goto('/merchant/dashboard?range=custom&from=2026-13-40&to=x');
      await expect(page.getByRole('status').filter({ hasText: chartRangeAddressProblem(CHART_RANGE_MESSAGES.day) })).toBeVisible();
      await expect(page.getByText(/\$79\.50 in the last 30 days \(Chicago days\)/)).toBeVisible();
      await expect(page.getByRole('group', { name: 'Date range' }).getByRole('button', { name: 'Last 30 days' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByText(ANALYTICS_MESSAGES.loadFailed)).toHaveCount(0);
      await expectAccessible(page);
      await shot(page, `analytics-bad-address-${width}`);

      // A start after the end: said in the schema's words.
      await page.goto('/merchant/dashboard?range=custom&from=2026-03-05&to=2026-03-04');
      await expect(page.getByRole('status').filter({ hasText: chartRangeAddressProblem(CHART_RANGE_MESSAGES.order) })).toBeVisible();
      await expect(page.getByText(ANALYTICS_MESSAGES.loadFailed)).toHaveCount(0);

      if (width === 1280) {
        // The custom form (react-hook-form with the shared schema): its fields say what is wrong, then it applies.
        await page.goto('/merchant/dashboard');
        await page.getByRole('group', { name: 'Date range' }).getByRole('button', { name: 'Custom' }).click();
        const form = page.getByRole('form', { name: 'Custom date range' });
        await form.getByLabel('From').fill('');
        await form.getByRole('button', { name: 'Apply' }).click();
        await expect(form.getByText(CHART_RANGE_MESSAGES.bothDays)).toBeVisible();
        await form.getByLabel('From').fill('2026-03-05');
        await form.getByLabel('To').fill('2026-03-04');
        await form.getByRole('button', { name: 'Apply' }).click();
        await expect(form.getByText(CHART_RANGE_MESSAGES.order)).toBeVisible();
        await expect(page).not.toHaveURL(/range=custom/);
        await form.getByLabel('To').fill('2026-03-10');
        await form.getByRole('button', { name: 'Apply' }).click();
        await expect(page).toHaveURL((u) => u.searchParams.get('from') === '2026-03-05' && u.searchParams.get('to') === '2026-03-10');
        await expect(page.getByText(/^Mar 5, 2026 – Mar 10, 2026, compared with/)).toBeVisible();
        await expectAccessible(page);
      }
      await context.close();
    }
  });

  test('the side navigation’s column runs the whole height of a long section (1280 px)', async ({ newPage }) => {
    const { page, context } = await newPage({ width: 1280, height: 900 });
    await signIn(context, await demoMerchantCookie());
    // My Deals with 100 rows a page (the demo business's deals, their promo codes under them): screens long.
    await page.goto('/merchant/deals?pageSize=100');
    await expect(page.getByRole('table', { name: 'Your deals' }).getByRole('row').nth(3)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Promo codes', exact: true })).toBeVisible();
    const column = page.locator('[data-console-sidebar]');
    const main = page.locator('main#main');
    const [col, content] = [(await column.boundingBox())!, (await main.boundingBox())!];
    expect(content.height).toBeGreaterThan(1.5 * 900);
    // The column (its white background and border) reaches the content's end, not one screen down.
    expect(col.y + col.height).toBeGreaterThanOrEqual(content.y + content.height - 1);
    // Scrolled to the end, the navigation is still in view beside the content.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.locator('aside').getByRole('link', { name: 'My Deals' })).toBeInViewport();
    await expectAccessible(page);
    await shot(page, 'merchant-deals-long-1280');
    await context.close();
  });
});
