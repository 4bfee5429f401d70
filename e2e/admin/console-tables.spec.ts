import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
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

/**
 * The admin console's tables after Orders (issue 32, docs/decisions/0069-console-tables.md): vouchers, deals,
 * customers, merchants, refunds and payouts, each searched and filtered on the server with its state in the
 * address, and the vouchers exported with the page's filters.
 */
const stamp = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

/** Searches a table through its search form, as a person types and presses the button. */
async function search(scope: Page | Locator, label: string, text: string) {
  await scope.getByRole('searchbox', { name: new RegExp(`^${label}`) }).fill(text);
  await scope.getByRole('button', { name: label, exact: true }).click();
}

test.describe('admin console tables', () => {
  test('an admin finds a voucher by its code, its holder among all customers, and reads the deals, merchants, refunds and payouts tables', async ({
    newPage,
  }) => {
    const business = `Tables Taqueria ${stamp}`;
    const merchant = await newApprovedMerchant(business);
    const deal = await newStandardDeal(`Taco flight ${stamp}`, merchant.cookie);
    const customer = await newCustomer('tables');
    const bought = await buyVouchers(customer.cookie, [{ dealId: deal.id, quantity: 2 }]);
    const [kept, refunded] = bought;
    expect(kept!.redemptionCode).toBeTruthy();
    const refund = await apiCall(`/api/admin/purchases/${refunded!.id}/refund`, { decisionText: 'Closed for repairs.' }, adminCookie());
    expect(refund.status, JSON.stringify(refund.json)).toBe(200);

    const { page, context } = await newPage({ width: 1280, height: 900 });
    await signIn(context, adminCookie());
    await page.goto('/admin/dashboard');

    // Vouchers: one found by its code; the refunded one by its holder and state; the address keeps both.
    await openSection(page, 'Vouchers');
    await expect(page.getByRole('heading', { name: 'Vouchers', level: 1 })).toBeVisible();
    const vouchers = page.getByRole('table', { name: 'Vouchers' });
    await search(page, 'Search vouchers', kept!.redemptionCode!);
    await expect(page.getByText('1 result', { exact: true })).toBeVisible();
    await expect(vouchers.getByRole('row').filter({ hasText: kept!.redemptionCode! })).toContainText(customer.email);
    await expect(vouchers.getByRole('row').filter({ hasText: kept!.redemptionCode! })).toContainText('Active');
    await search(page, 'Search vouchers', customer.email);
    await expect(page.getByText('2 results', { exact: true })).toBeVisible();
    // Sorted on the server by a header: largest first, then the other way; the address says so.
    const price = vouchers.getByRole('columnheader', { name: 'Price' });
    await price.getByRole('button').click();
    await expect(price).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL((u) => u.searchParams.get('sort') === 'priceCents' && !u.searchParams.has('dir'));
    await price.getByRole('button').click();
    await expect(price).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL((u) => u.searchParams.get('sort') === 'priceCents' && u.searchParams.get('dir') === 'asc');
    await expect(page.getByText('2 results', { exact: true })).toBeVisible();
    await page.getByLabel('Status', { exact: true }).selectOption('refunded');
    await expect(page.getByText('1 result', { exact: true })).toBeVisible();
    await expect(page).toHaveURL((u) => u.searchParams.get('status') === 'refunded' && u.searchParams.get('q') === customer.email);
    await page.reload();
    await expect(vouchers.getByRole('row').filter({ hasText: refunded!.redemptionCode! })).toContainText('Refunded');
    await checkBothWidths(page, 'console/admin-vouchers', () =>
      expect(vouchers.getByRole('row').filter({ hasText: refunded!.redemptionCode! })).toBeVisible(),
    );
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^localperks-vouchers-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toContain('Voucher id,Bought,Code,Deal,Option,Business,Customer,E-mail,Status');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(refunded!.redemptionCode!);
    expect(lines[1]).toContain(',refunded,');

    // Deals: the business's deal by its title; a status it does not have leaves the table empty.
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSection(page, 'Deals');
    const deals = page.getByRole('table', { name: 'Deals' });
    await search(page, 'Search deals', `Taco flight ${stamp}`);
    await expect(deals.getByRole('row').filter({ hasText: business })).toContainText('Active');
    await checkBothWidths(page, 'console/admin-deals', () => expect(deals.getByRole('row').filter({ hasText: business })).toBeVisible());
    await page.getByLabel('Status', { exact: true }).selectOption('removed');
    await expect(page.getByText('Nothing matches')).toBeVisible();
    await checkBothWidths(page, 'console/admin-deals-empty', () => expect(page.getByText('Nothing matches')).toBeVisible());

    // Customers: every account in the table that is the section's list, each row with its ban.
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSection(page, 'Customers');
    await search(page, 'Search all customers', customer.email);
    const customerRow = page.getByRole('table', { name: 'Customers' }).getByRole('row').filter({ hasText: customer.email });
    await expect(customerRow).toContainText('Active');
    await expect(customerRow.getByRole('button', { name: /^Ban / })).toBeVisible();
    await expect(page.getByText('1 result', { exact: true })).toBeVisible();
    await checkBothWidths(page, 'console/admin-customers-table', () => expect(customerRow).toBeVisible());

    // Merchants: the business, approved, with its deal and its two vouchers sold, its actions in its row.
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSection(page, 'Businesses');
    await search(page, 'Search merchants', business);
    const merchantRow = page.getByRole('table', { name: 'Merchants' }).getByRole('row').filter({ hasText: business });
    await expect(merchantRow).toContainText('Approved');
    await expect(merchantRow).toContainText('1 deal · 1 active');
    await expect(merchantRow.getByRole('button', { name: `Suspend ${business}` })).toBeVisible();
    await checkBothWidths(page, 'console/admin-merchants-table', () => expect(merchantRow).toBeVisible());

    // Refunds: the voucher refunded above, by its holder.
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSection(page, 'Refunds');
    await search(page, 'Search refunds', customer.email);
    const refundRow = page
      .getByRole('table', { name: 'Refunds and refund requests' })
      .getByRole('row')
      .filter({ hasText: `Taco flight ${stamp}` });
    await expect(refundRow).toContainText('$');
    await expect(refundRow).toContainText(`Voucher ${refunded!.redemptionCode!}`);
    await checkBothWidths(page, 'console/admin-refunds-table', () => expect(refundRow).toBeVisible());

    // Payouts: filtered by state in the address (the demo's payouts, or none yet), then searched for nothing.
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSection(page, 'Payout Management');
    const allPayouts = page.getByRole('main');
    await allPayouts.getByLabel('Status', { exact: true }).selectOption('paid');
    await expect(page).toHaveURL((u) => u.searchParams.get('status') === 'paid');
    await expect(allPayouts.getByText(/^\d[\d,]* results?$/)).toBeVisible();
    await checkBothWidths(page, 'console/admin-payouts-table', () => expect(allPayouts.getByText(/^\d[\d,]* results?$/)).toBeVisible());
    await search(allPayouts, 'Search payouts', `no business ${stamp}`);
    await expect(allPayouts.getByText('Nothing matches')).toBeVisible();
    await context.close();
  });
});
