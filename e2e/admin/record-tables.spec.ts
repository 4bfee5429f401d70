import type { Page } from '@playwright/test';
import {
  adminSignIn,
  apiCall,
  expect,
  expectAccessible,
  newAdmin,
  newApprovedMerchant,
  newCustomer,
  newStandardDeal,
  screenshotFromTop,
  signIn,
  test,
  toastWith,
} from '../support/browser';

/**
 * The console's tables of the platform's records (issue 32): an owner finds a promo code in the Promo codes table and
 * deactivates it from its row; the Disputes, Customer Support, Reviews, Jobs and Audit Trail sections show their
 * tables; a merchant opens a customer's message from the Customer Messages table. Axe and screenshots at 375 and
 * 1280 px.
 */
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const shot = (page: Page, name: string) => screenshotFromTop(page, `issue-32/${name}`);

/** The section's table (by its caption) or its empty state, once loaded. */
async function tableShown(page: Page, caption: string) {
  const main = page.getByRole('main');
  await expect(main.getByRole('table', { name: caption }).or(main.getByText(/^(Nothing here yet|Nothing matches)$/))).toBeVisible();
  await expect(main.getByText(/^Loading/)).toHaveCount(0);
}

test('an owner deactivates a promo code from its table row; the records’ sections show their tables at both widths', async ({
  newPage,
}) => {
  const admin = await newAdmin('Records Owner');
  const { page } = await newPage({ width: 1280, height: 900 });
  await adminSignIn(page, admin);

  // Promo codes: created with the form, found with the table's search, deactivated from its row.
  const code = `REC${tag}`.toUpperCase().slice(0, 20);
  await page.goto('/admin/promo-codes');
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByLabel('Percent off').fill('10');
  await page.getByLabel('Ends', { exact: true }).fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
  await page.getByRole('button', { name: 'Create promo code' }).click();
  await expect(toastWith(page, 'Promo code created')).toBeVisible();
  await page.getByRole('searchbox', { name: /^Search promo codes/ }).fill(code);
  await page.getByRole('button', { name: 'Search promo codes' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${code}`));
  const row = page.getByRole('table', { name: 'Promo codes table' }).getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Deactivate ${code}` }).click();
  await page
    .getByRole('dialog', { name: `Deactivate ${code}?` })
    .getByRole('button', { name: 'Deactivate', exact: true })
    .click();
  await expect(toastWith(page, 'Promo code deactivated')).toBeVisible();
  await expect(row).toContainText('Deactivated');
  await expect(row.getByRole('button', { name: `Deactivate ${code}` })).toHaveCount(0);

  const sections: [string, string][] = [
    ['/admin/disputes', 'Disputes'],
    ['/admin/support', 'Support tickets'],
    ['/admin/reviews', 'Reviews table'],
    ['/admin/promo-codes', 'Promo codes table'],
    ['/admin/jobs', 'Background job runs'],
    ['/admin/audit', 'Audit trail'],
  ];
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    for (const [path, caption] of sections) {
      await page.goto(path);
      await tableShown(page, caption);
      await expectAccessible(page);
      await shot(page, `admin-${path.split('/')[2]!.split('?')[0]}-${width}`);
    }
  }
  // The audit trail has this journey's admin, created by the setup's owner: found by the table's search.
  await page.goto('/admin/audit');
  await page.getByRole('searchbox', { name: /^Search the audit trail/ }).fill(admin.email);
  await page.getByRole('button', { name: 'Search the audit trail' }).click();
  // The search is in the address before the table answers it: until then the rows are the unfiltered first page.
  await expect(page).toHaveURL(/[?&]q=/);
  const created = page.getByRole('table', { name: 'Audit trail' }).getByRole('row').filter({ hasText: 'admin.created' });
  await expect(created).toHaveCount(1);
  await expect(created).toBeVisible();
});

test('a merchant opens a customer’s message from the Customer Messages table (375 px)', async ({ newPage }) => {
  const merchant = await newApprovedMerchant(`Records Deli ${tag}`);
  const deal = await newStandardDeal(`Records sandwich ${tag}`, merchant.cookie);
  const customer = await newCustomer('records-asker');
  const subject = `Gluten free ${tag}?`;
  const sent = await apiCall('/api/customer-messages', { dealId: deal.id, subject, message: 'Is the bread gluten free?' }, customer.cookie);
  expect(sent.status, JSON.stringify(sent.json)).toBe(201);

  const { page, context } = await newPage({ width: 375, height: 812 });
  await signIn(context, merchant.cookie);
  await page.goto('/merchant/messages');
  await tableShown(page, 'Customer messages');
  const row = page.getByRole('table', { name: 'Customer messages' }).getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText('Is the bread gluten free?');
  await expect(row).toContainText('Unread');
  await expectAccessible(page);
  await shot(page, 'merchant-messages-375');
  await row.getByRole('button', { name: subject }).click();
  await expect(page.getByRole('dialog', { name: subject })).toContainText(customer.email);
  await page.keyboard.press('Escape');
  await expect(row).toContainText('Read');
  // The chips set the table's status in the address.
  await page
    .getByRole('group', { name: 'Show messages' })
    .getByRole('button', { name: /Unread/ })
    .click();
  await expect(page).toHaveURL(/status=unread/);
  await expect(page.getByText('No unread messages.')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/merchant/messages');
  await tableShown(page, 'Customer messages');
  await expectAccessible(page);
  await shot(page, 'merchant-messages-1280');
});
