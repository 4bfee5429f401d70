import type { Page, Response } from '@playwright/test';
import {
  adminCookie,
  apiCall,
  expect,
  expectAccessible,
  login,
  screenshot,
  test,
  uniqueEmail,
  verifyByMail,
  openSection,
  sectionLink,
} from '../support/browser';

const PASSWORD = 'Merchant2025';

/** A merchant of the journey's own on `plan`: registered and verified through the public API, approved by the setup's admin. */
async function approvedMerchantOn(plan: 'advertise_only' | 'advertise_messaging', businessName: string) {
  const email = uniqueEmail(plan);
  const registered = await apiCall('/api/merchants/register', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    businessName,
    description: 'A neighbourhood business registered by a journey to try the plans.',
    website: '',
    phone: '(312) 555-0142',
    city: 'Chicago',
    state: 'IL',
    addressLine1: '233 S Wacker Dr',
    zip: '60606',
    plan,
    acceptTerms: true,
  });
  expect(registered.status, JSON.stringify(registered.json)).toBe(201);
  const cookie = await verifyByMail(email);
  const me = await apiCall('/api/merchant/me', undefined, cookie);
  const registrationId = (me.json as { registration: { id: string } }).registration.id;
  const approved = await apiCall(`/api/admin/merchant-requests/${registrationId}/approve`, {}, adminCookie());
  expect(approved.status, JSON.stringify(approved.json)).toBe(200);
  return { email };
}

/** Every API answer the page got that refused access (403) or failed (5xx). */
function refusedCalls(page: Page) {
  const refused: string[] = [];
  page.on('response', (r: Response) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && (r.status() === 403 || r.status() >= 500)) refused.push(`${r.status()} ${url.pathname}`);
  });
  return refused;
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `plans/${name}`);
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test.describe('plans say what they do, and do it', () => {
  test('an Advertise Only dashboard opens without an error: every tab says what the plan has and what upgrading adds', async ({
    newPage,
  }) => {
    const merchant = await approvedMerchantOn('advertise_only', 'Lakeshore Books');
    for (const width of [375, 1280]) {
      const { page } = await newPage({ width, height: 900 });
      const refused = refusedCalls(page);
      await login(page, merchant.email, PASSWORD);
      await page.waitForURL((u) => u.pathname === '/merchant/dashboard');

      // First tab: Revenue & Analytics is not in the plan; no error box, the upgrade instead.
      await expect(page.getByRole('heading', { name: 'Revenue & Analytics is not part of Advertise Only' })).toBeVisible();
      await expect(page.getByText('Failed to load merchant data')).toHaveCount(0);
      const analytics = page.getByRole('main');
      await expect(analytics.getByText('Upgrade to Advertise + Messaging')).toBeVisible();
      await expect(analytics.getByText('$15.00/month')).toBeVisible();
      await expect(analytics.getByText('Upgrade to Deals + Messaging')).toBeVisible();
      await expect(analytics.getByText('15% commission')).toBeVisible();
      await expectAccessible(page);
      await shot(page, `advertise-only-analytics-${width}`);
      // The plan line is on the Business Page tab (issue 39: the tabs come first).
      await openSection(page, 'Business Page');
      await expect(page.getByText('Advertise Only · Free · 0% commission')).toBeVisible();

      // Customer Messages: locked, with the way to a plan that has it.
      await openSection(page, /Customer Messages/);
      await expect(page.getByRole('heading', { name: 'Customer Messages are locked' })).toBeVisible();

      // My Deals: what Deals + Messaging adds.
      await openSection(page, 'My Deals');
      await expect(page.getByRole('heading', { name: 'Deals is not part of Advertise Only' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'My Deals', level: 1 })).toBeVisible();
      await expectAccessible(page);
      await shot(page, `advertise-only-deals-${width}`);

      // The upgrade's link opens Switch Plans, whose prices come from the plan constants.
      await page.getByRole('main').getByRole('link', { name: 'Switch Plans' }).click();
      await expect(sectionLink(page, 'Switch Plans')).toHaveAttribute('aria-current', 'page');
      const plans = page.getByRole('main');
      await expect(
        plans.getByRole('listitem').filter({ hasText: 'Deals + Messaging' }).getByText('15% commission', { exact: true }),
      ).toBeVisible();
      await expect(plans.getByRole('listitem').filter({ hasText: 'Advertise Only' }).getByText('Free', { exact: true })).toBeVisible();
      await expectAccessible(page);
      await shot(page, `advertise-only-plans-${width}`);

      // Back to the first tab: still no error, and no call the plan has no access to was ever made.
      await openSection(page, /Revenue/);
      await expect(page.getByRole('heading', { name: 'Revenue & Analytics is not part of Advertise Only' })).toBeVisible();
      expect(refused).toEqual([]);
    }
  });

  test('an Advertise + Messaging merchant downgrades and keeps the inbox until the paid period ends', async ({ newPage }) => {
    const merchant = await approvedMerchantOn('advertise_messaging', 'Harbor Tea Room');
    const { page } = await newPage({ width: 375, height: 800 });
    const refused = refusedCalls(page);
    await login(page, merchant.email, PASSWORD);
    await page.waitForURL((u) => u.pathname === '/merchant/dashboard');

    // Pay the $15/month subscription on the sandbox card page.
    await openSection(page, /Customer Messages/);
    await page.getByRole('button', { name: 'Pay $15.00/month' }).click();
    await page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Harbor Tea Room');
    await page.getByRole('button', { name: 'Pay $15.00' }).click();
    await page.waitForURL((u) => u.pathname === '/merchant/dashboard');
    await expect(toast(page, 'Subscription Activated!')).toBeVisible();
    // The payment toasts go before the dialog opens (a dialog's backdrop over a toast is not what anyone reads).
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);

    // Downgrade to Advertise Only: the dialog's promise.
    await openSection(page, 'Switch Plans');
    await page.getByRole('button', { name: 'Switch to Advertise Only' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('it stays active until the end of the period you paid for')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'downgrade-dialog-375');
    await dialog.getByRole('button', { name: 'Confirm Switch' }).click();
    await expect(toast(page, 'Profile Updated')).toContainText('Messaging active until', { useInnerText: true });
    await expect(page.getByRole('button', { name: 'Advertise Only: current plan' })).toBeVisible();

    // The promise kept: the inbox stays open right after the downgrade, with the date it closes.
    const me = (await (await page.request.get('/api/merchant/me')).json()) as {
      merchant: { subscriptionPlan: string; messagingAccess: boolean; messagingActiveUntil: string | null };
    };
    expect(me.merchant).toMatchObject({ subscriptionPlan: 'advertise_only', messagingAccess: true });
    const until = new Date(me.merchant.messagingActiveUntil!);
    expect(until.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    const untilText = until.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

    await openSection(page, /Customer Messages/);
    await expect(sectionLink(page, /Customer Messages/).getByLabel('Locked')).toHaveCount(0);
    await expect(page.getByRole('main').getByText(`Messaging active until ${untilText}`)).toBeVisible();
    // One heading names the section (the console page's), not a second one over the inbox.
    await expect(page.getByRole('heading', { name: 'Customer Messages', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Customer Messages', exact: true })).toHaveCount(1);
    await expect(page.getByText('No customer messages yet.')).toBeVisible();
    await page
      .getByRole('group', { name: 'Show messages' })
      .getByRole('button', { name: /Unread/ })
      .click();
    await expect(page.getByText('No unread messages.')).toBeVisible();
    // The status card is on the Business Page tab (issue 39: the tabs come first).
    await openSection(page, 'Business Page');
    await expect(page.getByText(`Messaging status: Active until ${untilText}`)).toBeVisible();
    await openSection(page, /Customer Messages/);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, 'downgraded-inbox-375');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await expect(page.getByRole('main').getByText(`Messaging active until ${untilText}`)).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'downgraded-inbox-1280');
    expect(refused).toEqual([]);
  });
});
