import {
  adminCookie,
  apiCall,
  buyVouchers,
  checkBothWidths,
  expect,
  expectAccessible,
  newApprovedMerchant,
  newCustomer,
  newStandardDeal,
  screenshot,
  signIn,
  test,
  toastWith,
} from '../support/browser';

/**
 * The console's record pages and global search (issue 32, docs/decisions/0072-record-pages-and-search.md): an admin
 * finds a customer by a voucher's code in the top bar's search, opens the order, the customer and the business, and
 * refunds the voucher from the order's page (the refund flow's confirmation); axe and screenshots at 375 and 1280 px.
 */
const stamp = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

test.describe('admin record pages', () => {
  test('an admin finds a customer by voucher code and refunds from the order page', async ({ newPage }) => {
    const business = `Records Ramen ${stamp}`;
    const merchant = await newApprovedMerchant(business);
    const deal = await newStandardDeal(`Ramen for two ${stamp}`, merchant.cookie);
    const customer = await newCustomer('records');
    const named = await apiCall('/api/account/profile', { name: `Rita Records ${stamp}`, phoneNumber: '' }, customer.cookie, 'PATCH');
    expect(named.status, JSON.stringify(named.json)).toBeLessThan(300);
    const vouchers = await buyVouchers(customer.cookie, [{ dealId: deal.id, quantity: 2 }]);
    const code = (vouchers[0] as { redemptionCode: string }).redemptionCode;

    const { page, context } = await newPage({ width: 1280, height: 900 });
    await signIn(context, adminCookie());
    await page.goto('/admin/dashboard');

    // The top bar's search, by keyboard: the code as the customer read it out (lower case, spaces), Down, Enter.
    const box = page.getByRole('searchbox', { name: 'Find a customer, business, order or voucher' });
    await box.fill(code.replaceAll('-', ' ').toLowerCase());
    const found = page.getByRole('list', { name: 'Records found' }).getByRole('link');
    await expect(found).toHaveCount(1);
    await expect(found).toContainText(`Voucher ${code}`);
    await expect(found).toContainText(customer.email);
    await checkBothWidths(page, 'console/admin-search', async () => {
      if ((page.viewportSize()?.width ?? 0) < 768) {
        // On a phone the search opens in a dialog from the top bar's button.
        if (!(await page.getByRole('dialog', { name: 'Find a record' }).isVisible())) {
          await page.getByRole('button', { name: 'Find a record' }).click();
          await page.getByRole('dialog').getByRole('searchbox').fill(customer.email);
        }
        await expect(page.getByRole('dialog').getByRole('link', { name: new RegExp(customer.email.replace('.', '\\.')) })).toBeVisible();
      } else {
        if (await page.getByRole('dialog').isVisible()) await page.keyboard.press('Escape');
        await box.fill(code.replaceAll('-', ' ').toLowerCase());
        await expect(found).toContainText(`Voucher ${code}`);
      }
    });
    await box.focus();
    await page.keyboard.press('ArrowDown');
    await expect(found).toBeFocused();
    await page.keyboard.press('Enter');

    // The voucher opens its order: lines, payment, the customer, both vouchers, nothing refunded yet.
    await page.waitForURL('**/admin/orders/*');
    const orderId = page.url().split('/admin/orders/')[1]!;
    await expect(page.getByRole('heading', { level: 1, name: `Order ${orderId.slice(0, 8)}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Lines table' })).toContainText(`Ramen for two ${stamp}`);
    const vouchersOfOrder = page.getByRole('list', { name: 'Vouchers of this order' });
    await expect(vouchersOfOrder.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText('Nothing refunded.')).toBeVisible();

    // The customer the code belongs to.
    await page.getByRole('link', { name: `Rita Records ${stamp}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Rita Records ${stamp}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Vouchers table' })).toContainText(code);
    // Signed up and confirmed by mail: signed in on one device, no password sign-in yet.
    await expect(page.getByRole('region', { name: 'Signed-in devices table' }).getByRole('row')).toHaveCount(2);
    await expect(page.getByText('No sign-in yet.')).toBeVisible();
    await checkBothWidths(page, 'console/admin-customer-record', async () => {
      await expect(page.getByRole('region', { name: 'Vouchers table' })).toContainText(code);
    });

    // Back to the order, and the business's page from it.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${orderId.slice(0, 8)}` })).toBeVisible();
    await page.getByRole('link', { name: business }).click();
    await expect(page.getByRole('heading', { level: 1, name: business })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Sales table' })).toContainText(code);
    await checkBothWidths(page, 'console/admin-merchant-record', async () => {
      await expect(page.getByRole('region', { name: 'Sales table' })).toContainText(code);
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goBack();

    // The refund, from the order's page, behind the refund flow's confirmation with its decision text.
    await checkBothWidths(page, 'console/admin-order-record', async () => {
      await expect(vouchersOfOrder.getByRole('listitem')).toHaveCount(2);
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: new RegExp(`^Refund .*, Ramen for two ${stamp} voucher ${code}$`) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('This cannot be undone.');
    await dialog.getByLabel('Decision text (required)').fill('The restaurant closed for repairs.');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(toastWith(page, 'Refund')).toBeVisible();
    const refunded = vouchersOfOrder.getByRole('listitem').filter({ hasText: code });
    await expect(refunded).toContainText('Refunded');
    await expect(page.getByRole('button', { name: new RegExp(`^Refund .*, Ramen for two ${stamp} voucher ${code}$`) })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Refunds table' })).toContainText(`Ramen for two ${stamp}`);
    // The other voucher can still be refunded; the refund is the ledger's too.
    await expect(page.getByRole('button', { name: /^Refund .*, Ramen for two/ })).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Ledger entries table' })).toBeVisible();
    await page.reload();
    await expect(vouchersOfOrder.getByRole('listitem').filter({ hasText: code })).toContainText('Refunded');
    await screenshot(page, 'console/admin-order-record-refunded-1280', { fullPage: true });
  });
});
