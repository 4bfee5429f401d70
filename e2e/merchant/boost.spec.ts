import type { Page } from '@playwright/test';
import { BOOST_MESSAGES } from '@localperks/shared';
import { expect, expectAccessible, login, newApprovedMerchant, newStandardDeal, screenshot, test } from '../support/browser';

const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const TITLE = `Boosted rooftop dinner ${tag}`;

/** Full-page screenshots from the top, so the sticky header sits where a person sees it. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `boost/${name}`);
}

test.describe('boosting a live deal', () => {
  test('a Deals + Messaging merchant boosts a live deal through the sandbox checkout; it leads its category page in the row labelled Sponsored', async ({
    newPage,
  }) => {
    const merchant = await newApprovedMerchant(`Rooftop Kitchen ${tag}`);
    const deal = await newStandardDeal(TITLE, merchant.cookie);

    const { page } = await newPage({ width: 1280, height: 900 });
    await login(page, merchant.email, 'Merchant2025');
    await page.waitForURL((u) => u.pathname === '/merchant/dashboard');
    await page.goto('/merchant/dashboard?tab=deals');
    await expect(page.getByRole('table', { name: 'Your deals' }).getByRole('row').filter({ hasText: TITLE })).toBeVisible();

    await page.getByRole('button', { name: `Boost “${TITLE}”`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Boost this deal' });
    await expect(dialog).toBeVisible();
    for (const text of ['1 day', '3 days', '7 days', '14 days', '$9.99', '$24.99', '$49.99', '$89.99', 'Popular', 'Best Value'])
      await expect(dialog.getByText(text, { exact: true }), text).toBeVisible();
    await dialog.getByText('7 days', { exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Pay $49.99' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'boost-dialog-1280');

    await dialog.getByRole('button', { name: 'Pay $49.99' }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await expect(page.getByRole('heading', { name: 'Pay with card' })).toBeVisible();
    await expect(page.getByText('$49.99').first()).toBeVisible();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Rooftop Kitchen');
    await page.getByRole('button', { name: /^Pay \$/ }).click();

    // Back on My Deals: the boost runs, with its time left and its stats.
    await page.waitForURL((u) => u.pathname === '/merchant/deals', { timeout: 20_000 });
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: BOOST_MESSAGES.paidToast })).toBeVisible();
    await expect(page.getByText(/Boosted · 6 days 23 hours left|Boosted · 7 days left/)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('table', { name: /Boost results/ })).toBeVisible();
    await expect(page.getByRole('button', { name: `Extend Boost “${TITLE}”` })).toHaveText(/Extend Boost/);
    await expectAccessible(page);
    await shot(page, 'my-deals-boosted-1280');

    // The deal leads its category (Restaurants, Chicago) in the Sponsored row, labelled as paid placement
    // and not with the crowd-vote PerkBoost badge, at 1280 and 375 px (issue 38 item 2).
    for (const [width, height] of [
      [1280, 900],
      [375, 812],
    ] as const) {
      const customer = await newPage({ width, height });
      await customer.page.goto('/deals?category=1&state=IL&city=Chicago');
      const sponsored = customer.page.getByRole('region', { name: 'Sponsored' });
      const card = sponsored.getByRole('article').filter({ has: customer.page.getByRole('heading', { name: TITLE }) });
      await expect(card).toBeVisible();
      await expect(card.getByText('Sponsored', { exact: true })).toBeVisible();
      await expect(card.getByText('PerkBoost', { exact: true })).toHaveCount(0);
      await expectAccessible(customer.page);
      await shot(customer.page, `category-boosted-${width}`);
      // The deal page is no placement: no badge claims it is a crowd-vote deal.
      await card.getByRole('link', { name: TITLE }).click();
      await customer.page.waitForURL((u) => u.pathname.endsWith(deal.id));
      await expect(customer.page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
      await expect(customer.page.getByRole('main').getByText('PerkBoost', { exact: true })).toHaveCount(0);
      if (width === 375) {
        await expectAccessible(customer.page);
        await shot(customer.page, 'deal-page-boosted-375');
      }
    }

    // My Deals at 375 px.
    const small = await newPage({ width: 375, height: 812 });
    await login(small.page, merchant.email, 'Merchant2025');
    await small.page.waitForURL((u) => u.pathname === '/merchant/dashboard');
    await small.page.goto('/merchant/dashboard?tab=deals');
    await expect(small.page.getByText(/Boosted · /)).toBeVisible();
    await expectAccessible(small.page);
    await shot(small.page, 'my-deals-boosted-375');
  });
});
