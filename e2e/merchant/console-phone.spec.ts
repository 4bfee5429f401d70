import { expect, expectAccessible, newApprovedMerchant, screenshot, sectionLink, test } from '../support/browser';

/*
 * Issue 32: each console section has its own address, so a link, the back button and a refresh keep it. Before the
 * console, a merchant on a phone scrolled past the account status, the plan, the profile and the business-page
 * editor to reach the tabs, and tapping Payouts did not bring its content into view.
 */
test.describe('the merchant console on a phone', () => {
  test('a merchant opens /merchant/payouts directly on a phone: signed out it asks for a sign-in and comes back, the section fills the screen, and a refresh keeps it', async ({
    newPage,
  }) => {
    const merchant = await newApprovedMerchant('Phone Payouts Bistro');
    const { page } = await newPage({ width: 375, height: 812 });

    await page.goto('/merchant/payouts');
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByTestId('customer-login-email').fill(merchant.email);
    await page.getByTestId('customer-login-password').fill('Merchant2025');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/merchant/payouts');

    const heading = page.getByRole('heading', { name: 'Payouts', level: 1 });
    // The section is what the phone shows first: no other panel above it to scroll past.
    await expect(heading).toBeInViewport();
    await expect(page.getByText('No payouts yet. Sales are paid out twice a month, once their period has closed.').first()).toBeVisible();
    await expect(page.getByRole('searchbox', { name: /^Search payouts/ })).toBeVisible();
    await expect(sectionLink(page, 'Payouts')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'console/merchant-payouts-direct-375');

    await page.reload();
    await expect(page).toHaveURL(/\/merchant\/payouts$/);
    await expect(heading).toBeInViewport();
  });
});
