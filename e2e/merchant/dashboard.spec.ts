import type { Page } from '@playwright/test';
import {
  adminCookie,
  apiCall,
  DEMO,
  expect,
  expectAccessible,
  latestMail,
  linkIn,
  login,
  screenshot,
  test,
  uniqueEmail,
  openSection,
  sectionLink,
} from '../support/browser';

const PASSWORD = 'Merchant2025';

/** Full-page screenshots from the top, so the sticky header sits where a person sees it. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test.describe('merchant dashboard', () => {
  test('the demo merchant signs in to the dashboard and finds every tab (1280 px)', async ({ newPage }) => {
    const { page, context } = await newPage({ width: 1280, height: 900 });
    await login(page, DEMO.merchant);
    await page.waitForURL((u) => u.pathname === '/merchant/dashboard');
    await expect(page.getByRole('heading', { name: 'Merchant Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('Business', { exact: true })).toBeVisible();
    await expect(page.getByText('Windy City Bistro').first()).toBeVisible();
    await expect(sectionLink(page, 'Switch Plans')).toBeVisible();
    // The status cards and the profile are on the Business Page tab (issue 39: the tabs come first).
    await openSection(page, 'Business Page');
    for (const name of ['Account Status', 'Platform Features', 'Business Profile'])
      await expect(page.getByRole('heading', { name }), name).toBeVisible();
    for (const row of ['Email Verified', 'Admin Review', 'Deal Creation'])
      await expect(page.getByText(row, { exact: true }), row).toBeVisible();
    await expect(page.getByText('Pending Approval')).toHaveCount(0);
    for (const name of ['Revenue & Analytics', 'Customer Messages', 'Switch Plans', 'My Deals'])
      await expect(sectionLink(page, name), name).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'merchant-dashboard-1280');

    // Switch Plans: the three plans with price and commission; the current one is refused.
    await openSection(page, 'Switch Plans');
    const plans = page.getByRole('main');
    for (const text of ['Advertise Only', 'Advertise + Messaging', 'Deals + Messaging', '$15.00/month', '15% commission on sales']) {
      await expect(plans.getByText(text, { exact: true }).first(), text).toBeVisible();
    }
    await expect(plans.getByText('Downgrades take effect at the end of your current billing cycle.')).toBeVisible();
    await plans.getByRole('button', { name: 'Deals + Messaging: current plan' }).click();
    await expect(toast(page, 'Already on this plan')).toBeVisible();
    // Choosing another plan asks first; cancelling changes nothing.
    await plans.getByRole('button', { name: 'Switch to Advertise + Messaging' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch to Advertise + Messaging?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    // The toast sits over the top right corner for a few seconds; the page is checked without it.
    // It closes by itself after a few seconds (clicking its close button raced that timer on a busy machine).
    await expect(toast(page, 'Already on this plan')).toHaveCount(0);
    // Checked from the top: content scrolled under the sticky header counts as overlapped for axe.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page);
    await shot(page, 'merchant-dashboard-plans-1280');

    // The Launch Checklist links back into each step.
    await openSection(page, 'Business Page');
    await page.getByRole('main').getByRole('link', { name: 'Launch Checklist' }).click();
    await expect(page.getByRole('heading', { name: 'Launch Checklist', level: 1 })).toBeVisible();
    await expect(page.getByText(/steps done\./)).toBeVisible();
    await expect(page.getByRole('heading', { name: '3. Get approved' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'merchant-pre-launch-1280');

    // Logout: toast and back to the home page, signed out. Not /login?returnTo=…: the dashboard once
    // saw the session end before it was left, and its guard sent the visitor to sign in again.
    await page.goto('/merchant/dashboard');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(toast(page, 'Logged Out')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveURL((u) => u.pathname === '/' && u.search === '');
    await context.close();
  });

  test('a new merchant under review talks with the admin, is approved, pays $15 on the card page and messaging unlocks (375 px)', async ({
    newPage,
  }) => {
    const email = uniqueEmail('dashboard');
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
      addressLine1: '1 Beacon St',
      zip: '02108',
      plan: 'advertise_messaging',
      acceptTerms: true,
    });
    expect(registered.status, JSON.stringify(registered.json)).toBe(201);

    const { page, context } = await newPage({ width: 375, height: 812 });
    // The verification link signs the merchant in and leads to the dashboard.
    const mail = await latestMail(email, 'email_verification');
    await page.goto(linkIn(mail.text, '/auth/callback'));
    await page.waitForURL((u) => u.pathname === '/merchant/dashboard', { timeout: 8000 });
    await expect(page.getByRole('heading', { name: 'Under Review' })).toBeVisible();
    await expect(page.getByText('Harbor Street Florist').first()).toBeVisible();
    // The registration answer names no ids (it is the same for a taken address): the merchant's own overview does.
    const registrationId = ((await (await page.request.get('/api/merchant/me')).json()) as { registration: { id: string } }).registration
      .id;
    await expect(page.getByText('No messages yet. Start the conversation by sending a message.')).toBeVisible();

    // Blank is not sent; Ctrl+Enter sends a trimmed message, shown on the merchant's side.
    const box = page.getByLabel('Your message');
    await expect(box).toHaveAttribute('rows', '3');
    await box.fill('   ');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeDisabled();
    await box.press('Control+Enter');
    await box.fill('  Hello! We can send photos of our shop if that helps.  ');
    await box.press('Control+Enter');
    const thread = page.getByRole('list', { name: 'Messages' });
    await expect(thread.getByText('Hello! We can send photos of our shop if that helps.')).toBeVisible();
    await expect(toast(page, 'Message Sent')).toBeVisible();
    await expect(box).toHaveValue('');
    await expect(thread.getByRole('listitem')).toHaveCount(1);

    // The admin answers; the thread updates live, on the team's side.
    // The admin's side through the API, with the session made before the journeys started.
    const admin = adminCookie();
    const reply = await apiCall(
      `/api/admin/merchant-requests/${registrationId}/messages`,
      { message: 'Thanks, photos would help. We will review today.' },
      admin,
    );
    expect(reply.status, JSON.stringify(reply.json)).toBe(201);
    await expect(thread.getByText('Thanks, photos would help. We will review today.')).toBeVisible();
    await expect(thread.getByText('LocalPerks team')).toBeVisible();
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
    await expect(page.getByRole('heading', { name: 'Response Required' })).toBeVisible();
    await expect(page.getByText('Please add photos of your storefront.', { exact: true })).toBeVisible();
    await expect(thread.getByText('Rejection Notice')).toBeVisible();
    await expect(toast(page, 'Response Required')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'merchant-dashboard-response-required-375');

    // Edit Profile from the status screen: phone numbers leave the description, with a notice.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Description').fill('Seasonal bouquets and wedding flowers. Call 617-555-0144 for same-day delivery.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Phone numbers were removed from your description.', { exact: false })).toBeVisible();
    await expect(toast(page, 'Profile Updated')).toBeVisible();
    await expect(toast(page, 'Profile Updated')).toContainText('commission rate is 0%', { useInnerText: true });
    await expect(page.getByLabel('Description')).toHaveValue('Seasonal bouquets and wedding flowers.');
    await expectAccessible(page);
    await shot(page, 'merchant-dashboard-edit-profile-375');

    // Approved: the full dashboard; Customer Messages is locked until the subscription is paid.
    const approved = await apiCall(`/api/admin/merchant-requests/${registrationId}/approve`, {}, admin);
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    await page.goto('/merchant/dashboard?tab=messages');
    await expect(page.getByRole('heading', { name: 'Customer Messages are locked' })).toBeVisible();
    await expect(sectionLink(page, /Customer Messages/).getByLabel('Locked')).toHaveCount(1);
    await expectAccessible(page);
    await shot(page, 'merchant-dashboard-locked-375');

    await page.getByRole('button', { name: 'Pay $15.00/month' }).click();
    await page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
    await expect(page.getByText('Renews automatically every month until canceled.')).toBeVisible();
    await expect(page.getByText('Advertise + Messaging plan (monthly)')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'merchant-subscription-card-page-375');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Harbor Street Florist');
    await page.getByRole('button', { name: 'Pay $15.00' }).click();

    // Back with ?payment=success: the toasts, the subscription confirmed, the parameter gone.
    await page.waitForURL((u) => u.pathname === '/merchant/dashboard');
    await expect(toast(page, 'Payment Successful!')).toBeVisible();
    await expect(toast(page, 'Subscription Activated!')).toBeVisible();
    await expect(page).toHaveURL((u) => u.search === '');
    await openSection(page, /Customer Messages/);
    await expect(page.getByRole('heading', { name: 'Customer Messages are locked' })).toHaveCount(0);
    await expect(sectionLink(page, /Customer Messages/).getByLabel('Locked')).toHaveCount(0);
    const me = (await (await page.request.get('/api/merchant/me')).json()) as {
      merchant: { hasSubscription: boolean; messagingAccess: boolean };
    };
    expect(me.merchant).toMatchObject({ hasSubscription: true, messagingAccess: true });
    await expectAccessible(page);
    await shot(page, 'merchant-dashboard-unlocked-375');

    // The same page at 1280 px.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/merchant/dashboard?tab=plans');
    await expect(page.getByRole('button', { name: 'Advertise + Messaging: current plan' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'merchant-dashboard-approved-1280');

    // Cancelled payments say so and leave the address clean.
    await page.goto('/merchant/dashboard?payment=cancelled');
    await expect(toast(page, 'Payment Cancelled')).toBeVisible();
    await expect(page).toHaveURL((u) => u.search === '');
    await context.close();
  });
});
