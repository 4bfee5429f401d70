import type { Page } from '@playwright/test';
import { formatCents, type AdminOverview } from '@localperks/shared';
import {
  adminSignIn,
  animationsSettled,
  apiCall,
  buyVouchers,
  expect,
  expectAccessible,
  newAdmin,
  newApprovedMerchant,
  newCustomer,
  newStandardDeal,
  screenshot,
  test,
  uniqueEmail,
  openSection,
} from '../support/browser';

const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function pageShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await animationsSettled(page);
  await screenshot(page, `admin-money/${name}`);
}
async function dialogShot(page: Page, name: string) {
  await animationsSettled(page);
  await screenshot(page, `admin-money/${name}`, { fullPage: false });
}

/** A merchant registers through the public API (not verified: the e-mail link is not followed). */
async function registerMerchant(businessName: string) {
  const res = await apiCall('/api/merchants/register', {
    email: uniqueEmail('notify'),
    password: 'Merchant2025',
    confirmPassword: 'Merchant2025',
    businessName,
    description: 'A neighbourhood shop registering for the admin notifications journey.',
    website: '',
    phone: '(312) 555-0142',
    city: 'Chicago',
    state: 'IL',
    addressLine1: '233 S Wacker Dr',
    zip: '60606',
    plan: 'deals_messaging',
    acceptTerms: true,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
}

const bell = (page: Page) => page.getByTestId('admin-notifications-bell');

test.describe('admin: notifications and revenue', () => {
  test('sees the unread count (live), opens a notification and lands on its approval card, which marks it read; sees revenue by source and overdue payouts', async ({
    newPage,
  }) => {
    const first = `Bell Bakery ${tag}`;
    const second = `Bell Bistro ${tag}`;
    // An admin of the journey's own: only the notifications written after it exists are its.
    const admin = await newAdmin('Notified Admin');
    await registerMerchant(first);

    const { page } = await newPage({ width: 1280, height: 900 });
    await adminSignIn(page, admin);

    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await expect(page.getByTestId('admin-unread-count')).toHaveText('1');
    // A second registration arrives while the dashboard is open: the count follows live (no reload).
    await registerMerchant(second);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');

    // The panel: newest first.
    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const items = panel.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(second);
    await expect(items.nth(1)).toContainText(first);
    await expect(items.nth(1)).toContainText('New merchant registration (unread)');
    await expectAccessible(page);
    await dialogShot(page, 'notifications-panel-1280');

    // Open the older one: its approval card, focused and outlined; it is read now.
    await items.nth(1).getByRole('link', { name: 'New merchant registration', exact: true }).click();
    await expect(panel).toHaveCount(0);
    // The notification's link (/admin/dashboard?tab=approval&request=…) lands on the approvals section's own address.
    await page.waitForURL((u) => u.pathname === '/admin/approvals' && u.searchParams.has('request'));
    const card = page
      .getByRole('list', { name: 'New pending approvals' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: first }) });
    await expect(card).toBeFocused();
    await expect(card).toContainText('E-mail not verified');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await expectAccessible(page);
    await pageShot(page, 'approval-linked-card-1280');

    // Approving an unverified merchant asks first.
    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Approve without a verified e-mail?' });
    await expect(confirm).toContainText(first);
    await expectAccessible(page);
    await dialogShot(page, 'approve-unverified-confirm-1280');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await confirm.getByRole('button', { name: 'Approve anyway' }).click();
    await expect(page.getByText('Merchant Approved', { exact: true }).first()).toBeVisible();
    await expect(card).toHaveCount(0);

    // Mark all as read.
    await bell(page).click();
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(panel.getByText('0 unread')).toBeVisible();
    await expect(panel.getByText('(unread)')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');

    // Overview: platform income by source, this period and all time, as the server counts it.
    await openSection(page, 'Overview');
    const revenueCard = page.getByRole('table', { name: 'Platform income by source, this period and all time' });
    await expect(revenueCard).toBeVisible();
    const overview = (await (await page.request.get('/api/admin/overview')).json()) as AdminOverview;
    const r = overview.revenue;
    const row = (name: string | RegExp) =>
      revenueCard
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', typeof name === 'string' ? { name, exact: true } : { name }) });
    await expect(row('Commission on voucher sales (net of reversals)')).toContainText(formatCents(r.allTime.commissionCents));
    await expect(row('Subscriptions')).toContainText(formatCents(r.allTime.subscriptionCents));
    await expect(row('PerkBoost')).toContainText(formatCents(r.allTime.perkboostCents));
    await expect(row('Platform income')).toContainText(formatCents(r.currentPeriod.totalCents));
    await expect(row('Platform income')).toContainText(formatCents(r.allTime.totalCents));
    await expect(row(/^Gross voucher sales/)).toContainText('not platform income');
    await expect(row(/^Gross voucher sales/)).toContainText(formatCents(r.allTime.grossSalesCents));
    // Money given back to customers is the merchants', shown apart from the platform's income.
    await expect(row(/^Refunds given back/)).toContainText(formatCents(r.currentPeriod.refundsCents));
    await expect(row(/^Refunds given back/)).toContainText(formatCents(r.allTime.refundsCents));
    // The demo data has closed periods no admin has paid yet: they are flagged, with the way to them.
    expect(overview.overduePayouts).toBeGreaterThan(0);
    const overdue = page.getByRole('status').filter({ hasText: /payouts? (is|are) overdue/ });
    await expect(overdue).toContainText(String(overview.overduePayouts));
    await expectAccessible(page);
    await pageShot(page, 'overview-1280');

    // The link opens All Payouts (the payouts table) with the overdue ones first.
    await overdue.getByRole('link', { name: 'Review overdue payouts' }).click();
    await expect(page).toHaveURL((u) => u.pathname === '/admin/payouts' && u.searchParams.get('sort') === 'isOverdue');
    const payouts = page.getByRole('table', { name: 'All Payouts' });
    const firstPayout = payouts.getByRole('row').nth(1);
    await expect(firstPayout).toContainText('Overdue');
    await expect(firstPayout).toContainText('Was due');
    await expectAccessible(page);
    await pageShot(page, 'payouts-overdue-1280');

    // The same on a phone.
    await page.setViewportSize({ width: 375, height: 812 });
    await openSection(page, 'Overview');
    await expect(revenueCard).toBeVisible();
    await expectAccessible(page);
    await pageShot(page, 'overview-375');
    await overdue.getByRole('link', { name: 'Review overdue payouts' }).click();
    await expect(firstPayout).toContainText('Overdue');
    await pageShot(page, 'payouts-overdue-375');
    await bell(page).click();
    await expect(panel.getByRole('list', { name: 'Notifications' }).getByRole('listitem')).toHaveCount(2);
    await expectAccessible(page);
    await dialogShot(page, 'notifications-panel-375');
  });

  test('the inbox carries a new support ticket and a merchant’s answer to a refund request, each a named link, done once handled', async ({
    newPage,
  }) => {
    // An admin of the journey's own, before anything happens: what it is told is this journey's.
    const admin = await newAdmin('Inbox Admin');
    const merchant = await newApprovedMerchant(`Inbox Ice Cream ${tag}`);
    const deal = await newStandardDeal(`Sundae for two ${tag}`, merchant.cookie);
    const customer = await newCustomer('inbox');
    const [voucher] = await buyVouchers(customer.cookie, [{ dealId: deal.id, quantity: 1 }]);
    const asked = await apiCall(
      `/api/purchases/${voucher!.id}/refund-request`,
      { reason: 'closed', note: 'Shut all week.' },
      customer.cookie,
    );
    expect(asked.status).toBe(200);
    const requestId = asked.json.id as string;
    expect(
      (await apiCall(`/api/merchant/refund-requests/${requestId}/answer`, { message: 'Open daily from noon.' }, merchant.cookie)).status,
    ).toBe(200);
    const ticket = await apiCall('/api/support/tickets', {
      name: 'Casey Customer',
      email: customer.email,
      subject: `Gift voucher ${tag}`,
      message: 'Can I gift a voucher to my sister?',
    });
    expect(ticket.status).toBe(201);
    const ticketId = (ticket.json.ticket as { id: string }).id;

    const { page } = await newPage({ width: 375, height: 812 });
    await adminSignIn(page, admin);
    // The registration was approved (handled): only the ticket and the refund answer wait.
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const items = panel.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
    await expect(
      items.filter({ hasText: `Gift voucher ${tag}` }).getByRole('link', { name: 'New support ticket', exact: true }),
    ).toBeVisible();
    const answered = items.filter({ hasText: 'Open daily from noon.' });
    await expect(answered.getByRole('link', { name: 'Merchant answered a refund request', exact: true })).toBeVisible();
    await expect(answered.getByRole('button', { name: 'Mark as read: Merchant answered a refund request' })).toBeVisible();
    await expectAccessible(page);
    await dialogShot(page, 'notifications-inbox-375');

    // Handled by an admin (a reply, a decision): each is done, the bell follows live.
    await page.keyboard.press('Escape');
    const headers = { origin: new URL(page.url()).origin };
    const reply = await page.request.post(`/api/admin/support/tickets/${ticketId}/replies`, {
      headers,
      data: { subject: `Re: Gift voucher ${tag}`, message: 'Yes: choose Send as a gift at checkout.' },
    });
    expect(reply.status()).toBe(201);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    const decided = await page.request.post(`/api/admin/refund-requests/${requestId}/decision`, {
      headers,
      data: { decision: 'decline', decisionText: 'The shop was open.' },
    });
    expect(decided.status()).toBe(200);
    await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');
    await bell(page).click();
    await expect(panel.getByText('(unread)')).toHaveCount(0);
    await expectAccessible(page);
  });
});
