import { readFile } from 'node:fs/promises';
import {
  adminCookie,
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
 * The admins' Orders table (issue 32, docs/decisions/0069-console-tables.md): searched, filtered by date and
 * exported on the server, the state kept in the address.
 */
const stamp = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

/** A calendar day in New York (the table's dates), `days` from today. */
const nyDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

test.describe('admin orders table', () => {
  test('an admin filters orders by date and exports them', async ({ newPage }) => {
    const merchant = await newApprovedMerchant(`Orders Oyster Bar ${stamp}`);
    const deal = await newStandardDeal(`Oyster platter ${stamp}`, merchant.cookie);
    const customer = await newCustomer('orders');
    await buyVouchers(customer.cookie, [{ dealId: deal.id, quantity: 2 }]);

    const { page, context } = await newPage({ width: 1280, height: 900 });
    await signIn(context, adminCookie());
    await page.goto('/admin/dashboard');
    await openSection(page, 'Orders');
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Orders' });
    await expect(table).toBeVisible();

    // The customer's order, found by their e-mail.
    await page.getByRole('searchbox', { name: /^Search orders/ }).fill(customer.email);
    await page.getByRole('button', { name: 'Search orders', exact: true }).click();
    await expect(page.getByText('1 result', { exact: true })).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: customer.email });
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('2');

    // Dates: yesterday alone has none of it; today has it. The address keeps the filters through a refresh.
    await page.getByLabel('From', { exact: true }).fill(nyDay(-1));
    await page.getByLabel('To', { exact: true }).fill(nyDay(-1));
    await expect(page.getByText('0 results', { exact: true })).toBeVisible();
    await expect(page.getByText('Nothing matches')).toBeVisible();
    await checkBothWidths(page, 'console/admin-orders-empty', async () => {
      await expect(page.getByText('Nothing matches')).toBeVisible();
    });
    await page.getByLabel('To', { exact: true }).fill(nyDay(0));
    await page.getByLabel('From', { exact: true }).fill(nyDay(0));
    await expect(page.getByText('1 result', { exact: true })).toBeVisible();
    await expect(page).toHaveURL((u) => u.searchParams.get('from') === nyDay(0) && u.searchParams.get('to') === nyDay(0));
    await page.reload();
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(nyDay(0));
    await expect(table.getByRole('row').filter({ hasText: customer.email })).toBeVisible();
    await checkBothWidths(page, 'console/admin-orders', async () => {
      await expect(table.getByRole('row').filter({ hasText: customer.email })).toBeVisible();
    });

    // The export carries the same filters: the header and this one order, as a spreadsheet reads it.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^localperks-orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toContain('Order,Created,Customer,E-mail,Status,Vouchers,Total ($)');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(customer.email);
    expect(lines[1]).toContain(',paid,2,');
    await context.close();
  });
});
