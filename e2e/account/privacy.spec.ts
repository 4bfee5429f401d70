import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import {
  apiCall,
  buyVouchers,
  checkBothWidths,
  expect,
  latestMail,
  login,
  newApprovedMerchant,
  newCustomer,
  newStandardDeal,
  signIn,
  test,
  toastWith,
} from '../support/browser';

test.describe('privacy rights', () => {
  test('downloads my data from the Privacy tab, and the ZIP holds my own data as JSON and CSV', async ({ newPage }) => {
    const customer = await newCustomer('export');
    const merchant = await newApprovedMerchant('Export Journey Deli');
    const deal = await newStandardDeal('Export Journey Sandwiches', merchant.cookie);
    const [voucher] = await buyVouchers(customer.cookie, [{ dealId: deal.id, quantity: 1 }]);

    const { page, context } = await newPage();
    await signIn(context, customer.cookie);
    await page.goto('/profile?tab=privacy');
    await page.getByRole('button', { name: 'Download my data' }).click();
    await expect(toastWith(page, 'We will email you a link when the download is ready.')).toBeVisible();
    const download = page.getByRole('link', { name: /Download ZIP/ });
    await checkBothWidths(page, 'account-privacy', () => expect(download).toBeVisible());
    expect((await latestMail(customer.email, 'data_export_ready')).text).toContain('/profile?tab=privacy');

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^localperks-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = Object.fromEntries(
      Object.entries(unzipSync(new Uint8Array(fs.readFileSync(await file.path())))).map(([name, bytes]) => [name, strFromU8(bytes)]),
    );
    for (const section of [
      'profile',
      'orders',
      'vouchers',
      'refunds',
      'favourites',
      'votes',
      'messages',
      'tickets',
      'consents',
      'sign-in-history',
    ])
      for (const ext of ['json', 'csv']) expect(Object.keys(files)).toContain(`${section}.${ext}`);
    expect(JSON.parse(files['profile.json']!)[0].email).toBe(customer.email);
    expect(files['vouchers.csv']).toContain(voucher!.redemptionCode);
    expect(Object.values(files).join('\n')).not.toContain(merchant.email);
  });

  test('deletes my account after listing the voucher it forfeits; then sign-in is refused', async ({ newPage }) => {
    const customer = await newCustomer('delete');
    const merchant = await newApprovedMerchant('Deletion Journey Diner');
    const deal = await newStandardDeal('Deletion Journey Brunch', merchant.cookie);
    await buyVouchers(customer.cookie, [{ dealId: deal.id, quantity: 1 }]);

    const { page } = await newPage();
    await login(page, customer.email, customer.password);
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/profile?tab=privacy');
    const forfeited = page.getByRole('list', { name: 'Vouchers you would forfeit' });
    await expect(forfeited).toContainText('Deletion Journey Brunch');
    await expect(forfeited.getByRole('link', { name: 'Ask for a refund' })).toBeVisible();
    await checkBothWidths(page, 'account-delete', () => expect(page.getByRole('button', { name: 'Delete my account' })).toBeEnabled());

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill(customer.password);
    await dialog.getByLabel('Type DELETE to confirm').fill('delete');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Type DELETE to confirm');
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await checkBothWidths(page, 'account-delete-dialog', () => expect(dialog).toBeVisible());
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect(toastWith(page, 'Your account was deleted and every session was signed out.')).toBeVisible();
    await page.waitForURL((u) => u.pathname === '/');

    // Sign-in is refused, in the browser and through the API; the other session (the verification link's) ended too.
    await login(page, customer.email, customer.password);
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    expect((await apiCall('/api/account/profile', undefined, customer.cookie)).status).toBe(401);
  });
});
