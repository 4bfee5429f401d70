import {
  adminCookie,
  apiCall,
  buyVouchers,
  checkBothWidths,
  expect,
  newApprovedMerchant,
  newCustomer,
  newStandardDeal,
  openSection,
  signIn,
  test,
} from '../support/browser';
import type { Page } from '@playwright/test';

/**
 * A merchant's console tables (issue 32, docs/decisions/0069-console-tables.md): vouchers sold, redemptions, the
 * business's deals, refunds and payouts, each searched and filtered on the server with its state in the address.
 */
const stamp = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

/** The part of a section under its heading `title` (the table of all its records under the section's own work). */
const part = (page: Page, title: string, level = 2) => page.getByRole('heading', { name: title, exact: true, level }).locator('..');

test.describe('merchant console tables', () => {
  test('a merchant on a phone reads its vouchers sold (codes masked until redeemed), redemptions, deals, refunds and payouts', async ({
    newPage,
  }) => {
    const business = `Tables Tapas ${stamp}`;
    const merchant = await newApprovedMerchant(business);
    const deal = await newStandardDeal(`Tapas night ${stamp}`, merchant.cookie);
    const customer = await newCustomer('mtables');
    const [redeemed, refunded, kept] = await buyVouchers(customer.cookie, [{ dealId: deal.id, quantity: 3 }]);
    expect((await apiCall('/api/merchant/redemptions', { code: redeemed!.redemptionCode }, merchant.cookie)).status).toBe(200);
    const refund = await apiCall(`/api/admin/purchases/${refunded!.id}/refund`, { decisionText: 'Kitchen closed.' }, adminCookie());
    expect(refund.status, JSON.stringify(refund.json)).toBe(200);

    const { page, context } = await newPage({ width: 375, height: 812 });
    await signIn(context, merchant.cookie);

    // Vouchers sold, opened by its address: three, the unredeemed ones by their last four characters.
    await page.goto('/merchant/vouchers');
    await expect(page.getByRole('heading', { name: 'Vouchers Sold', level: 1 })).toBeVisible();
    const sold = page.getByRole('table', { name: 'Vouchers sold' });
    await expect(page.getByText('3 results', { exact: true })).toBeVisible();
    const keptRow = sold.getByRole('row').filter({ hasText: `•••• ${kept!.redemptionCode!.slice(-4)}` });
    await expect(keptRow).toContainText('Active');
    await expect(sold).not.toContainText(kept!.redemptionCode!);
    await expect(sold).not.toContainText(customer.email);
    await expect(sold.getByRole('row').filter({ hasText: redeemed!.redemptionCode! })).toContainText('Redeemed');
    await page.getByLabel('Status', { exact: true }).selectOption('refunded');
    await expect(page.getByText('1 result', { exact: true })).toBeVisible();
    await expect(page).toHaveURL((u) => u.pathname === '/merchant/vouchers' && u.searchParams.get('status') === 'refunded');
    await checkBothWidths(page, 'console/merchant-vouchers', () =>
      expect(sold.getByRole('row').filter({ hasText: 'Refunded' })).toBeVisible(),
    );

    // Redemptions: the redeemed one, with its whole code.
    await page.setViewportSize({ width: 375, height: 812 });
    await openSection(page, 'Redemptions');
    const redemptions = page.getByRole('table', { name: 'Redemptions' });
    await expect(redemptions.getByRole('row').filter({ hasText: redeemed!.redemptionCode! })).toContainText(`Tapas night ${stamp}`);
    await checkBothWidths(page, 'console/merchant-redemptions', () =>
      expect(redemptions.getByRole('row').filter({ hasText: redeemed!.redemptionCode! })).toBeVisible(),
    );

    // My Deals: the table is the list of every deal, searched by title.
    await page.setViewportSize({ width: 375, height: 812 });
    await openSection(page, 'My Deals');
    const deals = page.getByRole('region', { name: 'My Deals' });
    await deals.getByRole('searchbox', { name: /^Search your deals/ }).fill(`Tapas night ${stamp}`);
    await deals.getByRole('button', { name: 'Search your deals', exact: true }).click();
    await expect(deals.getByText('1 result', { exact: true })).toBeVisible();
    await expect(
      deals
        .getByRole('table', { name: 'Your deals' })
        .getByRole('row')
        .filter({ hasText: `Tapas night ${stamp}` }),
    ).toContainText('Active');
    // The table (its actions in each row) scrolls in its own region: the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await checkBothWidths(page, 'console/merchant-deals-table', () => expect(deals.getByText('1 result', { exact: true })).toBeVisible());

    // Refund requests: the refund paid back by the admin, in the refunds table under the requests' table.
    await page.setViewportSize({ width: 375, height: 812 });
    await openSection(page, /^Refund requests/);
    // No customer asked for one: the requests' table says so in the old list's words.
    await expect(page.getByRole('region', { name: 'Refund requests' }).getByText('No refund requests.')).toBeVisible();
    const refunds = part(page, 'Refunds table');
    await expect(
      refunds
        .getByRole('table', { name: 'Refunds table' })
        .getByRole('row')
        .filter({ hasText: `Tapas night ${stamp}` }),
    ).toBeVisible();
    // Two tables on one page, each with its own filters in the address: the requests' status is not the refunds'.
    await page.getByRole('region', { name: 'Refund requests' }).getByLabel('Status', { exact: true }).selectOption('requested');
    await expect(page).toHaveURL((u) => u.searchParams.get('status') === 'requested');
    await expect(
      refunds
        .getByRole('table', { name: 'Refunds table' })
        .getByRole('row')
        .filter({ hasText: `Tapas night ${stamp}` }),
    ).toBeVisible();
    await refunds.getByLabel('Status', { exact: true }).selectOption('refunded');
    await expect(page).toHaveURL(
      (u) => u.searchParams.get('refunds.status') === 'refunded' && u.searchParams.get('status') === 'requested',
    );
    await expect(
      refunds
        .getByRole('table', { name: 'Refunds table' })
        .getByRole('row')
        .filter({ hasText: `Tapas night ${stamp}` }),
    ).toBeVisible();
    await expect(refunds.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      /\/api\/merchant\/tables\/refunds\/export\.csv\?status=refunded$/,
    );
    await checkBothWidths(page, 'console/merchant-refunds-table', () =>
      expect(refunds.getByRole('table', { name: 'Refunds table' })).toBeVisible(),
    );

    // Payouts: none yet for a business this new; the table (the payout history) says so.
    await page.setViewportSize({ width: 375, height: 812 });
    await openSection(page, /^Payouts/);
    const payouts = part(page, 'Payout history', 3);
    await expect(payouts.getByRole('searchbox', { name: /^Search payouts/ })).toBeVisible();
    await expect(payouts.getByText('Nothing here yet')).toBeVisible();
    await expect(payouts.getByText('No payouts yet. Sales are paid out twice a month, once their period has closed.')).toBeVisible();
    await checkBothWidths(page, 'console/merchant-payouts-table', () => expect(payouts.getByText('Nothing here yet')).toBeVisible());
    await context.close();
  });
});
