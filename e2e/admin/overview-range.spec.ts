import type { Page } from '@playwright/test';
import {
  adminCookie,
  buyVouchers,
  checkBothWidths,
  expect,
  newApprovedMerchant,
  newCustomer,
  newStandardDeal,
  signIn,
  test,
} from '../support/browser';

/**
 * The admin overview's date range (issue 32, docs/decisions/0073-charts.md): the figures, the charts' table
 * alternative and the address follow the range chosen on the page.
 */
const stamp = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

/** One figure's tile in the Performance card. */
const figure = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Figures for the range' })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });
/** A figure's value (the tile's large number). */
const valueOf = (page: Page, label: string) => figure(page, label).locator('p').nth(1).locator('span').first();

test.describe('admin overview range', () => {
  test('the admin’s chart range changes the figures', async ({ newPage }) => {
    // Today's own sales: a new business, a new customer, two vouchers.
    const merchant = await newApprovedMerchant(`Range Roastery ${stamp}`);
    const deal = await newStandardDeal(`Espresso flight ${stamp}`, merchant.cookie);
    const customer = await newCustomer('range');
    await buyVouchers(customer.cookie, [{ dealId: deal.id, quantity: 2 }]);

    const { page, context } = await newPage({ width: 1280, height: 900 });
    await signIn(context, adminCookie());
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Performance' })).toBeVisible();
    const range = page.getByRole('group', { name: 'Date range' });
    await expect(range.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    // The last 30 days hold today's vouchers, the new business and its customer.
    await expect(valueOf(page, 'Vouchers sold')).not.toHaveText('0');
    await expect(valueOf(page, 'GMV')).not.toHaveText('$0.00');
    await expect(valueOf(page, 'New merchants')).not.toHaveText('0');
    await expect(page.getByRole('table', { name: /^GMV per day/ }).getByRole('row')).toHaveCount(31);

    // A January long before the platform: every figure is nothing, and the address says so.
    await range.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('From', { exact: true }).fill('2001-01-01');
    await page.getByLabel('To', { exact: true }).fill('2001-01-31');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/[?&]range=custom&from=2001-01-01&to=2001-01-31/);
    await expect(
      page.getByText('Jan 1, 2001 – Jan 31, 2001, compared with Dec 1, 2000 – Dec 31, 2000 (New York days)', { exact: true }),
    ).toBeVisible();
    await expect(valueOf(page, 'GMV')).toHaveText('$0.00');
    await expect(valueOf(page, 'Vouchers sold')).toHaveText('0');
    await expect(valueOf(page, 'New merchants')).toHaveText('0');
    await expect(valueOf(page, 'Take rate')).toHaveText('–');
    await expect(page.getByRole('table', { name: /^GMV per day/ }).getByRole('row')).toHaveCount(32);

    // A refresh keeps the range.
    await page.reload();
    await expect(range.getByRole('button', { name: 'Custom' })).toHaveAttribute('aria-pressed', 'true');
    await expect(valueOf(page, 'GMV')).toHaveText('$0.00');

    // Dates the wrong way round are said at the field, and the figures stay as they were.
    await page.getByLabel('From', { exact: true }).fill('2001-02-10');
    await page.getByLabel('To', { exact: true }).fill('2001-02-01');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('The start date must be on or before the end date.')).toBeVisible();
    await expect(page).toHaveURL(/from=2001-01-01/);

    // The last 7 days: today's sales are back, and the browser's back button returns to the January.
    await range.getByRole('button', { name: 'Last 7 days' }).click();
    await expect(page).toHaveURL(/[?&]range=7d/);
    await expect(valueOf(page, 'Vouchers sold')).not.toHaveText('0');
    await expect(valueOf(page, 'GMV')).not.toHaveText('$0.00');
    await expect(page.getByRole('table', { name: /^GMV per day/ }).getByRole('row')).toHaveCount(8);
    await page.goBack();
    await expect(valueOf(page, 'GMV')).toHaveText('$0.00');
    await page.goForward();
    await expect(valueOf(page, 'GMV')).not.toHaveText('$0.00');

    await checkBothWidths(page, 'admin/overview-range', async () => {
      await expect(page.getByRole('heading', { name: 'GMV per day' })).toBeVisible();
      await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    });
    await context.close();
  });
});
