import type { Page } from '@playwright/test';
import {
  adminCookie,
  apiCall,
  buyVouchers,
  expect,
  expectAccessible,
  newApprovedMerchant,
  newCustomer,
  newStandardDeal,
  screenshot,
  signIn,
  test,
  openSection,
} from '../support/browser';

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `analytics/${name}`);
}

test.describe('merchant analytics', () => {
  test('a refunded voucher comes off Total Revenue and shows under Refunds, by deal and in Recent Purchases (375 and 1280 px)', async ({
    newPage,
  }) => {
    const merchant = await newApprovedMerchant(`Refund Bistro ${tag()}`);
    const tasting = await newStandardDeal(`Refundable tasting menu ${tag()}`, merchant.cookie);
    const brunch = await newStandardDeal(`Kept brunch ${tag()}`, merchant.cookie);
    const customer = await newCustomer('analytics');
    const bought = await buyVouchers(customer.cookie, [
      { dealId: tasting.id, quantity: 2 },
      { dealId: brunch.id, quantity: 1 },
    ]);
    const refunded = bought.find((p) => p.dealId === tasting.id)!;
    const res = await apiCall(
      `/api/admin/purchases/${refunded.id}/refund`,
      { decisionText: 'The kitchen closed for a week.' },
      adminCookie(),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);

    for (const width of [375, 1280]) {
      const { page, context } = await newPage({ width, height: width < 768 ? 812 : 900 });
      await signIn(context, merchant.cookie);
      // The plan line names the commission once (on the Business Page tab since issue 39).
      await page.goto('/merchant/dashboard?tab=business');
      await expect(page.getByText('Deals + Messaging · No monthly fee · 15% commission', { exact: true })).toBeVisible();
      await openSection(page, 'Revenue & Analytics');
      await expect(page.getByRole('heading', { name: 'Revenue & Analytics' })).toBeVisible();
      const summary = page.getByRole('list', { name: 'Revenue summary' });
      const stat = (label: string) => summary.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
      // Three vouchers at $79.50 sold, one given back.
      await expect(stat('Total Revenue')).toContainText('$159.00');
      await expect(stat('Refunds')).toContainText('$79.50');
      await expect(stat('Refunds')).toContainText('1 voucher refunded or charged back');
      await expect(stat('Total Purchases')).toContainText('3');
      // The range's chart counts the business's own days (issue 32): a Chicago business, Chicago days.
      await expect(page.getByText('$159.00 in the last 30 days (Chicago days), after $79.50 refunds')).toBeVisible();
      await expect(page.getByText(/\$79\.50 · 2 sold · \$79\.50 refunded/)).toBeVisible();
      await expect(page.getByText('· Refunded')).toHaveCount(1);
      await expectAccessible(page);
      await shot(page, `merchant-analytics-refund-${width}`);
      await context.close();
    }
  });
});
