import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  apiCall,
  codeIn,
  DEMO,
  demoPassword,
  expectAccessible,
  latestMail,
  linkIn,
  login,
  screenshot,
  useBrowser,
} from '../support/browser';

const b = useBrowser();
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const PASSWORD = 'Merchant2025';

/** The admin signs in through the API: credentials, then the 6-digit code from the e-mail. */
async function adminSession(): Promise<string> {
  const login = await apiCall('/api/admin-auth/login', { email: DEMO.admin, password: demoPassword() });
  expect(login.status, JSON.stringify(login.json)).toBe(200);
  const mail = await latestMail(DEMO.admin, 'admin_access_code');
  const code = await apiCall('/api/admin-auth/code', { code: codeIn(mail.text) }, login.cookie);
  expect(code.status, JSON.stringify(code.json)).toBe(200);
  return code.cookie ?? login.cookie!;
}

/** Full-page screenshots from the top, so the sticky header sits where a person sees it. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

describe('merchant dashboard', () => {
  it('the demo merchant signs in to the dashboard and finds every tab (1280 px)', async () => {
    const { page, context } = await b.newPage({ width: 1280, height: 900 });
    await login(page, DEMO.merchant);
    await page.waitForURL((u) => u.pathname === '/merchant/dashboard');
    await expect.poll(() => page.getByRole('heading', { name: 'Merchant Dashboard', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByText('Business', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Windy City Bistro').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('tab', { name: 'Switch Plans' }).isVisible()).toBe(true);
    for (const name of ['Account Status', 'Platform Features', 'Business Profile'])
      expect(await page.getByRole('heading', { name }).isVisible(), name).toBe(true);
    for (const row of ['Email Verified', 'Admin Review', 'Deal Creation'])
      expect(await page.getByText(row, { exact: true }).isVisible(), row).toBe(true);
    expect(await page.getByText('Pending Approval').count()).toBe(0);
    for (const name of ['Revenue & Analytics', 'Customer Messages', 'Switch Plans', 'My Deals'])
      expect(await page.getByRole('tab', { name }).isVisible(), name).toBe(true);
    await expectAccessible(page);
    await shot(page, 'merchant-dashboard-1280');

    // Switch Plans: the three plans with price and commission; the current one is refused.
    await page.getByRole('tab', { name: 'Switch Plans' }).click();
    const plans = page.getByRole('tabpanel');
    for (const text of ['Advertise Only', 'Advertise + Messaging', 'Deals + Messaging', '$15.00/month', '15% commission on sales']) {
      expect(await plans.getByText(text, { exact: true }).first().isVisible(), text).toBe(true);
    }
    expect(await plans.getByText('Downgrades take effect at the end of your current billing cycle.').isVisible()).toBe(true);
    await plans.getByRole('button', { name: 'Deals + Messaging: current plan' }).click();
    await expect.poll(() => toast(page, 'Already on this plan').isVisible()).toBe(true);
    // Choosing another plan asks first; cancelling changes nothing.
    await plans.getByRole('button', { name: 'Switch to Advertise + Messaging' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch to Advertise + Messaging?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // The toast sits over the top right corner for a few seconds; the page is checked without it.
    await toast(page, 'Already on this plan').getByRole('button', { name: 'Close toast' }).click();
    await expect.poll(() => toast(page, 'Already on this plan').count()).toBe(0);
    // Checked from the top: content scrolled under the sticky header counts as overlapped for axe.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page);
    await shot(page, 'merchant-dashboard-plans-1280');

    // The Launch Checklist links back into each step.
    await page.getByRole('main').getByRole('link', { name: 'Launch Checklist' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Launch Checklist', level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/steps done\./).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: '3. Get approved' }).isVisible()).toBe(true);
    await expectAccessible(page);
    await shot(page, 'merchant-pre-launch-1280');

    // Logout: toast and back to the home page.
    await page.goto('/merchant/dashboard');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => toast(page, 'Logged Out').isVisible()).toBe(true);
    await context.close();
  });

  it('a new merchant under review talks with the admin, is approved, pays $15 on the card page and messaging unlocks (375 px)', async () => {
    const email = `e2e-dashboard-${tag}@example.com`;
    const registered = await apiCall('/api/merchants/register', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      businessName: 'Harbor Street Florist',
      description: 'Seasonal bouquets, wedding flowers and plants for every corner of your home.',
      website: '',
      phone: '(617) 555-0133',
      city: 'Boston',
      state: 'MA',
      plan: 'advertise_messaging',
      acceptTerms: true,
    });
    expect(registered.status, JSON.stringify(registered.json)).toBe(201);

    const { page, context } = await b.newPage({ width: 375, height: 812 });
    // The verification link signs the merchant in and leads to the dashboard.
    const mail = await latestMail(email, 'email_verification');
    await page.goto(linkIn(mail.text, '/auth/callback'));
    await page.waitForURL((u) => u.pathname === '/merchant/dashboard', { timeout: 8000 });
    await expect.poll(() => page.getByRole('heading', { name: 'Under Review' }).isVisible()).toBe(true);
    expect(await page.getByText('Harbor Street Florist').first().isVisible()).toBe(true);
    // The registration answer names no ids (it is the same for a taken address): the merchant's own overview does.
    const registrationId = ((await (await page.request.get('/api/merchant/me')).json()) as { registration: { id: string } }).registration
      .id;
    await expect.poll(() => page.getByText('No messages yet. Start the conversation by sending a message.').isVisible()).toBe(true);

    // Blank is not sent; Ctrl+Enter sends a trimmed message, shown on the merchant's side.
    const box = page.getByLabel('Your message');
    expect(await box.getAttribute('rows')).toBe('3');
    await box.fill('   ');
    expect(await page.getByRole('button', { name: 'Send Message' }).isDisabled()).toBe(true);
    await box.press('Control+Enter');
    await box.fill('  Hello! We can send photos of our shop if that helps.  ');
    await box.press('Control+Enter');
    const thread = page.getByRole('list', { name: 'Messages' });
    await expect.poll(() => thread.getByText('Hello! We can send photos of our shop if that helps.').isVisible()).toBe(true);
    await expect.poll(() => toast(page, 'Message Sent').isVisible()).toBe(true);
    expect(await box.inputValue()).toBe('');
    expect(await thread.getByRole('listitem').count()).toBe(1);

    // The admin answers; the thread updates live, on the team's side.
    const admin = await adminSession();
    const reply = await apiCall(
      `/api/admin/merchant-requests/${registrationId}/messages`,
      { message: 'Thanks, photos would help. We will review today.' },
      admin,
    );
    expect(reply.status, JSON.stringify(reply.json)).toBe(201);
    await expect
      .poll(() => thread.getByText('Thanks, photos would help. We will review today.').isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await thread.getByText('LocalPerks team').isVisible()).toBe(true);
    await expectAccessible(page);
    await shot(page, 'merchant-dashboard-under-review-375');

    // The admin asks for more: Response Required with the reason, and the notice tagged in the thread.
    const rejected = await apiCall(
      `/api/admin/merchant-requests/${registrationId}/reject`,
      { reason: 'Please add photos of your storefront.' },
      admin,
    );
    expect(rejected.status, JSON.stringify(rejected.json)).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Response Required' }).isVisible()).toBe(true);
    expect(await page.getByText('Please add photos of your storefront.', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => thread.getByText('Rejection Notice').isVisible()).toBe(true);
    await expect.poll(() => toast(page, 'Response Required').isVisible()).toBe(true);
    await expectAccessible(page);
    await shot(page, 'merchant-dashboard-response-required-375');

    // Edit Profile from the status screen: phone numbers leave the description, with a notice.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Description').fill('Seasonal bouquets and wedding flowers. Call 617-555-0144 for same-day delivery.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByText('Phone numbers were removed from your description.', { exact: false }).isVisible()).toBe(true);
    await expect.poll(() => toast(page, 'Profile Updated').isVisible()).toBe(true);
    expect(await toast(page, 'Profile Updated').innerText()).toContain('commission rate is 0%');
    expect(await page.getByLabel('Description').inputValue()).toBe('Seasonal bouquets and wedding flowers. Call for same-day delivery.');
    await expectAccessible(page);
    await shot(page, 'merchant-dashboard-edit-profile-375');

    // Approved: the full dashboard; Customer Messages is locked until the subscription is paid.
    const approved = await apiCall(`/api/admin/merchant-requests/${registrationId}/approve`, {}, admin);
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    await page.goto('/merchant/dashboard?tab=messages');
    await expect.poll(() => page.getByRole('heading', { name: 'Customer Messages are locked' }).isVisible()).toBe(true);
    expect(
      await page
        .getByRole('tab', { name: /Customer Messages/ })
        .getByLabel('Locked')
        .count(),
    ).toBe(1);
    await expectAccessible(page);
    await shot(page, 'merchant-dashboard-locked-375');

    await page.getByRole('button', { name: 'Pay $15.00/month' }).click();
    await page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
    await expect.poll(() => page.getByText('Renews automatically every month until canceled.').isVisible()).toBe(true);
    expect(await page.getByText('Advertise + Messaging plan (monthly)').isVisible()).toBe(true);
    await expectAccessible(page);
    await shot(page, 'merchant-subscription-card-page-375');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Harbor Street Florist');
    await page.getByRole('button', { name: 'Pay $15.00' }).click();

    // Back with ?payment=success: the toasts, the subscription confirmed, the parameter gone.
    await page.waitForURL((u) => u.pathname === '/merchant/dashboard');
    await expect.poll(() => toast(page, 'Payment Successful!').isVisible()).toBe(true);
    await expect.poll(() => toast(page, 'Subscription Activated!').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.getByRole('tab', { name: /Customer Messages/ }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Customer Messages are locked' }).count()).toBe(0);
    expect(
      await page
        .getByRole('tab', { name: /Customer Messages/ })
        .getByLabel('Locked')
        .count(),
    ).toBe(0);
    const me = (await (await page.request.get('/api/merchant/me')).json()) as {
      merchant: { hasSubscription: boolean; messagingAccess: boolean };
    };
    expect(me.merchant).toMatchObject({ hasSubscription: true, messagingAccess: true });
    await expectAccessible(page);
    await shot(page, 'merchant-dashboard-unlocked-375');

    // The same page at 1280 px.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/merchant/dashboard?tab=plans');
    await expect.poll(() => page.getByRole('button', { name: 'Advertise + Messaging: current plan' }).isVisible()).toBe(true);
    await expectAccessible(page);
    await shot(page, 'merchant-dashboard-approved-1280');

    // Cancelled payments say so and leave the address clean.
    await page.goto('/merchant/dashboard?payment=cancelled');
    await expect.poll(() => toast(page, 'Payment Cancelled').isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await context.close();
  });
});
