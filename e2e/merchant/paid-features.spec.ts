import type { Page } from '@playwright/test';
import { BUSINESS_PROFILE_MESSAGES, MERCHANT_DEAL_MESSAGES, formatBusinessTime } from '@localperks/shared';
import {
  adminCookie,
  apiCall,
  buyVouchers,
  demoMerchantCookie,
  expect,
  expectAccessible,
  newApprovedMerchant,
  newCrowdVoteDeal,
  newCustomer,
  newStandardDeal,
  screenshotFromTop,
  signIn,
  test,
  toastWith,
  openSection,
  sectionLink,
} from '../support/browser';

/**
 * What a merchant pays for and sees (issue 39): paid features wait for the payment, the dashboard's
 * tabs come first on a phone with counts of what waits, a voted deal's terms are locked in the form,
 * overnight hours, dates in one style and zone, a removed deal's appeal, and the forms' feedback.
 */
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const toast = toastWith;
const shot = (page: Page, name: string) => screenshotFromTop(page, `issue-39/${name}`);

test.describe('merchant: what is paid for, on a phone and a desk', () => {
  test('an unpaid Advertise + Messaging switch opens no paid feature; the dashboard tabs come first at 375 px with counts', async ({
    newPage,
  }) => {
    const name = `Tabfirst Tailors ${tag}`;
    const merchant = await newApprovedMerchant(name, 'advertise_only');
    // Something waits: a customer's message and a refund request (the merchant moves to Deals + Messaging to sell).
    expect((await apiCall('/api/merchant/plan', { plan: 'deals_messaging' }, merchant.cookie)).status).toBe(200);
    const deal = await newStandardDeal(`Hem and press ${tag}`, merchant.cookie);
    const customer = await newCustomer('waiting');
    const [voucher] = await buyVouchers(customer.cookie, [{ dealId: deal.id, quantity: 1 }]);
    expect(
      (await apiCall(`/api/purchases/${voucher!.id}/refund-request`, { reason: 'closed', note: 'Shut on Monday.' }, customer.cookie))
        .status,
    ).toBe(200);
    const sent = await apiCall(
      '/api/customer-messages',
      { dealId: deal.id, subject: 'Opening hours', message: 'Open Sunday?' },
      customer.cookie,
    );
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);

    const { page, context } = await newPage({ width: 375, height: 740 });
    await signIn(context, merchant.cookie);
    await page.goto('/merchant/dashboard');
    // The console's sections are one tap away at the top of the page (issue 32), not 1,600 px down.
    const menu = page.getByRole('button', { name: 'Open menu' });
    await expect(menu).toBeVisible();
    expect((await menu.boundingBox())!.y).toBeLessThan(400);
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: /Refund requests 1 waiting for you/ })).toBeVisible();
    await expect(drawer.getByRole('link', { name: /Customer Messages 1 waiting for an answer/ })).toBeVisible();
    await expect(sectionLink(page, /Refund requests 1 waiting for you/)).toHaveCount(1);
    await expectAccessible(page);
    await shot(page, 'merchant-tabs-first-375');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // Tapping a tab brings its content into view.
    await openSection(page, 'Business Page');
    const panel = page.getByRole('main');
    await expect(panel.getByRole('heading', { name: 'Account Status' })).toBeInViewport();
    await expect(panel.getByText('Business Page', { exact: true }).last()).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'merchant-business-tab-375');
    for (const tab of ['Refund requests', 'Customer Messages', 'Payouts', 'Billing', 'My Deals', 'Switch Plans', 'Revenue & Analytics']) {
      await openSection(page, new RegExp(`^${tab}`));
      // Revenue & Analytics is the dashboard's home, under the spec's title.
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
        tab === 'Revenue & Analytics' ? 'Merchant Dashboard' : tab,
      );
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeInViewport();
      await expectAccessible(page);
    }

    // Back to Advertise + Messaging without paying: analytics and the enhanced page wait for the payment.
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSection(page, 'My Deals');
    expect((await apiCall(`/api/merchant/deals/${deal.id}/pause`, {}, merchant.cookie)).status).toBe(200);
    await openSection(page, 'Switch Plans');
    await page.getByRole('button', { name: 'Switch to Advertise + Messaging' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm Switch' }).click();
    await expect(page.getByText('Payment needed')).toBeVisible();
    await openSection(page, /Revenue & Analytics/);
    await expect(page.getByRole('heading', { name: 'Revenue & Analytics starts with your payment' })).toBeVisible();
    await openSection(page, 'Business Page');
    await expect(page.getByText(BUSINESS_PROFILE_MESSAGES.needsPayment)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Monday' })).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, 'merchant-business-tab-unpaid-1280');

    // A cancelled payment is a warning, not an error.
    await page.goto('/merchant/dashboard?payment=cancelled');
    await expect(toast(page, 'Payment Cancelled')).toHaveAttribute('data-type', 'warning');
    await context.close();
  });

  test('overnight hours, the refund request in New York time, and the boost end in the app’s date style', async ({ newPage }) => {
    const name = `Night Owl Noodles ${tag}`;
    const merchant = await newApprovedMerchant(name);
    const deal = await newStandardDeal(`Late ramen ${tag}`, merchant.cookie);
    const customer = await newCustomer('tokyo');
    const [voucher] = await buyVouchers(customer.cookie, [{ dealId: deal.id, quantity: 1 }]);
    const asked = await apiCall(
      `/api/purchases/${voucher!.id}/refund-request`,
      { reason: 'closed', note: 'Closed at 1 am.' },
      customer.cookie,
    );
    expect(asked.status).toBe(200);

    // The merchant reads from Tokyo: the request's time and its deadline are both New York's.
    const { page, context } = await newPage({ width: 375, height: 740, timezoneId: 'Asia/Tokyo' });
    await signIn(context, merchant.cookie);
    await page.goto('/merchant/dashboard?tab=refunds');
    const card = page
      .getByRole('table', { name: 'Refund requests table' })
      .getByRole('row')
      .filter({ hasText: `Late ramen ${tag}` });
    await expect(card.getByText(formatBusinessTime(asked.json.createdAt as string), { exact: true })).toBeVisible();
    await expect(card.getByText(/Respond by .+ E[SD]T \(5 business days\)/)).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'merchant-refund-requested-ny-375');

    // Opening hours past midnight: Friday 18:00 to 02:00.
    await openSection(page, 'Business Page');
    await page.getByRole('checkbox', { name: 'Friday' }).check();
    await page.getByLabel('Friday opens').fill('18:00');
    await page.getByLabel('Friday closes').fill('02:00');
    await expect(page.getByText('next day')).toBeVisible();
    await page.getByRole('button', { name: 'Save business page' }).click();
    await expect(toast(page, BUSINESS_PROFILE_MESSAGES.savedTitle)).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'merchant-overnight-hours-375');
    const slug = ((await apiCall('/api/merchant/business-profile', undefined, merchant.cookie)).json as { slug: string }).slug;
    await page.goto(`/businesses/${slug}`);
    await expect(page.getByRole('row', { name: /Friday/ })).toContainText('6:00 PM – 2:00 AM (next day)');

    // A boost's end reads like every other date of the app: "Dec 1, 2026 at 3:42 PM".
    const boost = await apiCall(`/api/merchant/boosts/deals/${deal.id}`, { boostDays: 1 }, merchant.cookie);
    expect(boost.status).toBe(200);
    const sessionId = new URL(boost.json.checkoutUrl as string).pathname.split('/').pop();
    expect(
      (
        await apiCall(`/api/sandbox/sessions/${sessionId}/pay`, {
          cardNumber: '4242 4242 4242 4242',
          expiry: '12/34',
          cvc: '123',
          name: 'M',
        })
      ).status,
    ).toBe(200);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/merchant/dashboard?tab=deals');
    await expect(page.getByText(/\(until [A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M\)/)).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'merchant-boost-until-1280');
    await context.close();
  });

  test('a voted crowd-vote deal shows its fine print and dates locked; ticking Launch as PerkBoost keeps targets clear of the header', async ({
    newPage,
  }) => {
    const voted = await newCrowdVoteDeal(`Voted brunch ${tag}`, { votesRequired: 50, votes: 1 });
    const cookie = await demoMerchantCookie();
    for (const width of [375, 1280]) {
      const { page, context } = await newPage({ width, height: 800 });
      await signIn(context, cookie);
      await page.goto(`/merchant/deals/${voted.id}/edit`);
      await expect(page.getByText(MERCHANT_DEAL_MESSAGES.crowdVoteLocked)).toBeVisible();
      await expect(page.getByLabel('Fine print (optional)')).toHaveAttribute('readonly', '');
      await expect(page.getByLabel('Expiration date')).toHaveAttribute('readonly', '');
      await expectAccessible(page);
      await shot(page, `merchant-voted-deal-locked-${width}`);
      // Saving other changes still works; the locked terms go back as stored.
      await page.getByLabel('Title').fill(`Voted brunch ${tag} (now with juice)`);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toast(page, 'Deal Updated')).toBeVisible();

      // A new deal: ticking Launch as PerkBoost scrolls, and nothing ends up under the sticky header.
      await page.goto('/merchant/deals/new');
      await page.getByRole('checkbox', { name: /Launch as PerkBoost/ }).check();
      await expectAccessible(page);
      await shot(page, `merchant-new-deal-perkboost-${width}`);
      await context.close();
    }
  });

  test('a deal taken down by an admin: the merchant sees why and what was refunded, and appeals it', async ({ newPage }) => {
    const name = `Appealing Arcade ${tag}`;
    const merchant = await newApprovedMerchant(name);
    const deal = await newStandardDeal(`Token bundle ${tag}`, merchant.cookie);
    expect((await apiCall(`/api/admin/deals/${deal.id}/deactivate`, { reason: 'Photos look borrowed' }, adminCookie())).status).toBe(200);

    const { page, context } = await newPage({ width: 375, height: 740 });
    await signIn(context, merchant.cookie);
    await page.goto('/merchant/dashboard?tab=deals');
    // The deal's row in My Deals' table carries the removal's notes and the appeal.
    const card = page
      .getByRole('table', { name: 'Your deals' })
      .getByRole('row')
      .filter({ hasText: `Token bundle ${tag}` });
    await expect(card).toContainText('Removed by an admin: Photos look borrowed');
    await expect(card).toContainText('No boost was running on it, so there was nothing to refund.');
    await card.getByRole('button', { name: `Appeal the removal of “Token bundle ${tag}”` }).click();
    const dialog = page.getByRole('dialog', { name: 'Appeal this removal' });
    await dialog.getByRole('button', { name: 'Send appeal' }).click();
    await expect(dialog.getByText('Please say why the deal should be reinstated.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Why should it be reinstated? (required)').fill('All photos are ours, taken in the arcade.');
    await dialog.getByRole('button', { name: 'Send appeal' }).click();
    await expect(toast(page, 'Appeal sent')).toBeVisible();
    await expect(card).toContainText('Your appeal is with our team.');
    await expect(card.getByRole('button', { name: /Appeal/ })).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, 'merchant-removed-deal-appealed-375');
    await context.close();
  });

  test('an empty registration focuses its first field', async ({ newPage }) => {
    const { page } = await newPage({ width: 375, height: 740 });
    await page.goto('/merchant/register');
    await page.getByRole('button', { name: 'Create Merchant Account' }).click();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByRole('checkbox', { name: /accept/ })).not.toBeFocused();
  });
});
