import type { Page } from '@playwright/test';
import {
  DEMO,
  adminCookie,
  checkBothWidths,
  demoMerchantCookie,
  expect,
  expectAccessible,
  login,
  screenshotFromTop,
  signIn,
  test,
} from '../support/browser';

/**
 * The demo shows every feature (the non-negotiable): its support desk, its refunds and a chargeback are there from
 * the first start, not empty sections. The admin's Support, Refunds and Disputes sections, the demo merchant's
 * Refund requests and the demo customer's own tickets, at 375 and 1280 px with the axe check. Other journeys add
 * their own rows alongside, so each of the demo's rows is found by the table's search.
 */
const PAST_BUYERS = 'past-buyers@customers.localperks.example';

/** Searches a console table through its search form, as a person types and presses the button. */
async function search(page: Page, label: string, text: string) {
  await page.getByRole('searchbox', { name: new RegExp(`^${label}`) }).fill(text);
  await page.getByRole('button', { name: label, exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=/);
}

test('the demo’s tickets, refunds and chargebacks are in the admin’s sections, the demo merchant’s refund requests and the demo customer’s account', async ({
  newPage,
}) => {
  const { page, context } = await newPage({ width: 1280, height: 900 });
  await signIn(context, adminCookie());

  // Support: the demo customer's two tickets, worked by the demo support admin, and a visitor's from the contact form.
  await page.goto('/admin/support');
  await search(page, 'Search tickets', DEMO.customer);
  const tickets = page.getByRole('table', { name: 'Support tickets' });
  const gift = tickets.getByRole('row').filter({ hasText: 'Can I give a voucher as a gift?' });
  const email = tickets.getByRole('row').filter({ hasText: 'Changing the e-mail address on my account' });
  await expect(gift).toContainText('In Progress');
  await expect(gift).toContainText('Sam Support');
  await expect(email).toContainText('Resolved');
  await checkBothWidths(page, 'demo/admin-support', () => expect(gift).toBeVisible());
  await page.setViewportSize({ width: 1280, height: 900 });
  await search(page, 'Search tickets', 'Listing my bakery on LocalPerks');
  await expect(tickets.getByRole('row').filter({ hasText: 'Jamie Rivera' })).toContainText('Open');

  // Refunds: the demo buyer's requests of the demo merchant's vouchers, one refunded, one declined, one waiting.
  await page.goto('/admin/refunds');
  await search(page, 'Search refunds', PAST_BUYERS);
  const refunds = page.getByRole('table', { name: 'Refunds and refund requests' });
  const demoRow = (status: string) => refunds.getByRole('row').filter({ hasText: 'Windy City Bistro' }).filter({ hasText: status }).first();
  for (const status of ['Refunded', 'Declined', 'Requested']) await expect(demoRow(status)).toBeVisible();
  await checkBothWidths(page, 'demo/admin-refunds', () => expect(demoRow('Requested')).toBeVisible());

  // Disputes: the open chargeback on one of the demo merchant's payments.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/disputes');
  await search(page, 'Search disputes', PAST_BUYERS);
  const disputes = page.getByRole('table', { name: 'Disputes' });
  const dispute = disputes.getByRole('row').filter({ hasText: 'Windy City Bistro' });
  await expect(dispute).toContainText('Open');
  // And one lost on another business's payment, its fee passed on.
  await expect(disputes.getByRole('row').filter({ hasText: 'Skyline Harbor Tours' })).toContainText('Lost');
  await checkBothWidths(page, 'demo/admin-disputes', () => expect(dispute).toBeVisible());

  // The demo merchant: the open request waits for an answer; the decided ones are there too.
  const m = await newPage({ width: 1280, height: 900 });
  await signIn(m.context, await demoMerchantCookie());
  await m.page.goto('/merchant/refunds');
  const requests = m.page.getByRole('table', { name: 'Refund requests table' });
  const waiting = requests
    .getByRole('row')
    .filter({ hasText: 'Demo Buyers' })
    .filter({ has: m.page.getByRole('button', { name: /^Accept and refund/ }) });
  await expect(waiting).toHaveCount(1);
  await checkBothWidths(m.page, 'demo/merchant-refunds', () => expect(waiting).toBeVisible());

  // The demo customer: their tickets in their account, with the support team's reply in the thread.
  const c = await newPage({ width: 375, height: 812 });
  await login(c.page, DEMO.customer);
  await c.page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await c.page.goto('/profile?tab=support');
  await c.page.getByRole('button', { name: /Can I give a voucher as a gift\?/ }).click();
  await expect(c.page.getByText(/This is a gift/)).toBeVisible();
  await expect(c.page.getByText('Thanks! Can I still change the delivery day after I have paid?')).toBeVisible();
  await expectAccessible(c.page);
  await screenshotFromTop(c.page, 'demo/customer-support-375');
});
