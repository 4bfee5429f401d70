import type { Page } from '@playwright/test';
import { formatCents, payoutPeriodFor, type MerchantPayoutsPage } from '@localperks/shared';
import {
  adminCookie,
  animationsSettled,
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

/*
 * Money reaches merchants by itself (issue 36, docs/decisions/0056-payout-accounts-and-transfers.md): a new merchant
 * sets up payouts through the sandbox's hosted onboarding, a customer buys, the server's clock moves to the payout
 * date and the payout job closes the period and transfers the payout to the merchant's payout account; the merchant
 * sees it Paid with its transfer id, and the transfer in the sandbox's payout dashboard. The admin's payouts table
 * filters by state and reconciles. Moving the clock closes the current period for every merchant: this journey runs
 * with the exclusive ones, after the others (playwright.config.ts).
 */

const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await animationsSettled(page);
  await screenshot(page, `payouts/${name}`);
}

test.describe('payouts transferred by themselves', () => {
  test('a new merchant sets up payouts in the sandbox, a sale happens, the job closes the period on its payout date, and the payout shows Paid with a transfer id', async ({
    newPage,
  }) => {
    const business = `Transfer Trattoria ${tag}`;
    const merchant = await newApprovedMerchant(business);
    const deal = await newStandardDeal(`Payout journey tasting menu ${tag}`, merchant.cookie);

    const { page, context } = await newPage({ width: 1280, height: 900 });
    await signIn(context, merchant.cookie);
    await page.goto('/merchant/dashboard?tab=payouts');
    const account = page.getByRole('region', { name: 'Payout account' });
    await expect(account).toContainText('Not started');
    await checkBothWidths(page, 'payouts/merchant-not-started', () =>
      expect(account).toContainText('Set up payouts to receive the money from your sales.'),
    );

    // "Set up payouts": the sandbox's hosted onboarding (what Stripe Connect's is with Stripe).
    await account.getByRole('button', { name: 'Set up payouts' }).click();
    await page.waitForURL(/\/sandbox\/connect\/acctlink_sandbox_/);
    await expect(page.getByRole('heading', { name: `Set up payouts for ${business}`, level: 1 })).toBeVisible();
    await checkBothWidths(page, 'payouts/sandbox-onboarding', () => expect(page.getByRole('radio', { name: /^Verified/ })).toBeChecked());
    await page.getByRole('button', { name: 'Submit and return to LocalPerks' }).click();

    // Back on the Payouts page: the account is active (read fresh on return, and told by the sandbox's signed event).
    await page.waitForURL((u) => u.pathname === '/merchant/payouts');
    await expect(toastWith(page, 'Payout account updated')).toBeVisible();
    await expect(account).toContainText('Active');
    await expect(account.getByRole('button', { name: 'Open your sandbox payout dashboard' })).toBeVisible();
    await expect(page).toHaveURL((u) => !u.searchParams.has('account'));

    // A customer buys.
    const customer = await newCustomer('payout-buyer');
    await buyVouchers(customer.cookie, [{ dealId: deal.id, quantity: 1 }]);

    // The server's clock moves to the period's payout date and the payout job runs: the period closes and is transferred.
    const at = Date.parse(`${payoutPeriodFor(new Date()).payoutDate}T08:00:00Z`);
    try {
      const moved = await apiCall('/api/dev/clock', { offsetMs: at - Date.now() });
      expect(moved.status, JSON.stringify(moved.json)).toBe(200);
      const run = await apiCall('/api/dev/jobs/payout-close/run', {});
      expect(run.status, JSON.stringify(run.json)).toBe(200);
      expect((run.json.result as { transfers: { paid: number } }).transfers.paid).toBeGreaterThanOrEqual(1);
    } finally {
      await apiCall('/api/dev/clock', { offsetMs: 0 });
    }

    const payouts = (await apiCall('/api/merchant/payouts', undefined, merchant.cookie)).json as unknown as MerchantPayoutsPage;
    const [payout] = payouts.items;
    expect(payout).toMatchObject({ state: 'paid', paidVia: 'transfer', totalPurchases: 1, grossCents: 7950 });
    expect(payout!.transferId).toMatch(/^tr_sandbox_/);

    await page.reload();
    const history = page.getByRole('region', { name: 'Payout history' });
    const row = history.locator('tbody tr').first();
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await expect(row).toContainText(payout!.transferId!);
    await expect(row).toContainText(formatCents(payout!.netCents));
    // The Paid column (the table's ninth: the payout date and period are a cell of their own).
    await expect(row.locator('td').nth(8)).not.toHaveText('—');
    await expectAccessible(page);
    await shot(page, 'merchant-paid-1280');

    // The sandbox's payout dashboard (what Stripe's Express dashboard is) has received it.
    await account.getByRole('button', { name: 'Open your sandbox payout dashboard' }).click();
    await page.waitForURL(/\/sandbox\/connect\/acctlink_sandbox_/);
    const received = page.getByRole('list', { name: 'Transfers received' }).getByRole('listitem').first();
    await expect(received).toContainText(payout!.transferId!);
    await checkBothWidths(page, 'payouts/sandbox-dashboard', () => expect(received).toContainText(formatCents(payout!.netCents)));
    await page.getByRole('link', { name: 'Back to LocalPerks' }).click();
    // The provider's pages send the merchant back to the Payouts section's own address (no redirect to race).
    await page.waitForURL((u) => u.pathname === '/merchant/payouts');
    await expect(history.locator('tbody tr').first()).toContainText(payout!.transferId!);
    await expectAccessible(page);
    await shot(page, 'merchant-paid-375');
  });

  test('the admin filters payouts by state and reconciles the ledger (reads the demo data)', async ({ newPage }) => {
    const { page, context } = await newPage({ width: 1280, height: 900 });
    await signIn(context, adminCookie());
    await page.goto('/admin/dashboard?tab=payouts');
    const payouts = page.getByRole('table', { name: 'All Payouts' });
    await payouts.waitFor({ state: 'visible' });
    // The demo business whose payout account is restricted: its transfer failed, with the reason, and can be retried or held.
    // The payouts table filters by state on the server and counts them.
    await page.getByLabel('Status', { exact: true }).selectOption('failed');
    await expect(page.getByText(/^\d[\d,]* results?$/)).toBeVisible();
    const failed = payouts.getByRole('row').filter({ hasText: 'Bushwick Bloom Spa' }).first();
    await expect(failed).toContainText('Failed');
    await expect(failed).toContainText('The payout account is restricted');
    await expect(failed.getByRole('button', { name: /^Retry transfer/ })).toBeVisible();
    await expect(failed.getByRole('button', { name: /^Hold/ })).toBeVisible();
    const reconciliation = page.getByRole('table', { name: 'The platform’s money from the ledger' });
    await expect(reconciliation).toContainText('Balance held for merchants');
    await expect(page.getByText('Balanced.', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'admin-failed-1280');
    // Retried while the account is restricted: refused, with what to do.
    await failed.getByRole('button', { name: /^Retry transfer/ }).click();
    await expect(toastWith(page, 'not active, so the transfer cannot be retried yet')).toBeVisible();
    await page.setViewportSize({ width: 375, height: 812 });
    await expectAccessible(page);
    await shot(page, 'admin-failed-375');
  });
});
