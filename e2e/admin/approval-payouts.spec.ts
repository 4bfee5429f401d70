import type { Locator, Page } from '@playwright/test';
import {
  adminSignIn,
  animationsSettled,
  apiCall,
  expect,
  expectAccessible,
  latestMail,
  linkIn,
  newAdmin,
  screenshot,
  test,
  uniqueEmail,
  openSection,
} from '../support/browser';

const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const PASSWORD = 'Merchant2025';
const REASON = 'Please add your business licence number and a photo of the storefront.';
/** The demo business that has not set up payouts (apps/server/src/demo/seed.ts): its closed payout waits for its account. */
const WAITING_BUSINESS = 'Skyline Harbor Tours';
const WAITING_BUSINESS_EMAIL = 'skyline-harbor-tours@merchants.localperks.example';

/** A merchant registers through the public API (the registration page has its own journey). */
async function registerMerchant(businessName: string, plan: string) {
  const email = uniqueEmail(`approval-${plan}`);
  const res = await apiCall('/api/merchants/register', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    businessName,
    description: 'A neighbourhood shop registering for an admin review journey.',
    website: 'https://shop.example.com',
    phone: '(312) 555-0142',
    city: 'Chicago',
    state: 'IL',
    addressLine1: '233 S Wacker Dr',
    zip: '60606',
    plan,
    acceptTerms: true,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return email;
}

/** Signs an admin of this journey's own in through /admin-login with the 6-digit code from the e-mail. */
async function adminLogin(page: Page) {
  await adminSignIn(page, await newAdmin('Approval Admin'));
}

/** A dialog is fixed to the viewport: photograph what the person sees, once it has finished opening. */
async function dialogShot(page: Page, name: string) {
  await animationsSettled(page);
  await screenshot(page, name, { fullPage: false });
}

/** Full-page screenshots from the top, so the sticky header sits where a person sees it. */
async function pageShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const card = (page: Page, list: string, name: string): Locator =>
  page
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

test.describe('admin: merchant approval and payouts', () => {
  test('approves one registration, rejects another, reads the merchant’s answer live, resets it to review, and marks a payout paid outside the platform', async ({
    newPage,
  }) => {
    const approveName = `Approve Cafe ${tag}`;
    const rejectName = `Reject Deli ${tag}`;
    await registerMerchant(approveName, 'deals_messaging');
    const rejectEmail = await registerMerchant(rejectName, 'advertise_only');

    const { page } = await newPage({ width: 1280, height: 900 });
    await adminLogin(page);
    await page.goto('/admin/dashboard?tab=approval');
    await page.getByRole('heading', { name: /^New Pending Approvals \(\d+\)$/ }).waitFor({ state: 'visible' });
    const toApprove = card(page, 'New pending approvals', approveName);
    await toApprove.waitFor({ state: 'visible' });
    await expect(toApprove).toContainText('Deals + Messaging (15% commission)');
    await expectAccessible(page);
    await pageShot(page, 'admin-approval-1280');

    // Approve: the merchant has not verified their e-mail (registered through the API), so the admin confirms it.
    await expect(toApprove).toContainText('E-mail not verified');
    await toApprove.getByRole('button', { name: 'Approve', exact: true }).click();
    const confirmApprove = page.getByRole('dialog', { name: 'Approve without a verified e-mail?' });
    await confirmApprove.getByRole('button', { name: 'Approve anyway' }).click();
    await toast(page, 'Merchant Approved').waitFor({ state: 'visible' });
    await expect(page.getByText(`${approveName} has been approved with a 15% commission rate`, { exact: false }).first()).toBeAttached();
    await card(page, 'Recently processed', approveName)
      .or(page.getByRole('list', { name: 'Recently processed' }).getByText(approveName))
      .first()
      .waitFor({ state: 'visible' });
    await expect(toApprove).toHaveCount(0);

    // Reject: the button waits for a reason.
    await card(page, 'New pending approvals', rejectName).getByRole('button', { name: 'Reject', exact: true }).click();
    const rejectDialog = page.getByRole('dialog', { name: 'Reject Merchant Registration' });
    await rejectDialog.waitFor({ state: 'visible' });
    const rejectButton = rejectDialog.getByRole('button', { name: 'Reject', exact: true });
    await expect(rejectButton).toBeDisabled();
    await rejectDialog.getByLabel('Reason for rejection (required):').fill('   ');
    await expect(rejectButton).toBeDisabled();
    await rejectDialog.getByLabel('Reason for rejection (required):').fill(REASON);
    await expectAccessible(page);
    await rejectButton.click();
    await toast(page, 'Rejection Sent').waitFor({ state: 'visible' });
    const awaiting = card(page, 'Awaiting merchant response', rejectName);
    await awaiting.waitFor({ state: 'visible' });
    await expect(awaiting).toContainText(`Reason: ${REASON.slice(0, 50)}...`);
    expect((await latestMail(rejectEmail, 'merchant_rejected')).text).toContain('business licence number');

    // The merchant answers in the thread (their side through the API); the admin sees it arrive live.
    const verify = await latestMail(rejectEmail, 'email_verification');
    const token = new URL(linkIn(verify.text, '/auth/callback')).searchParams.get('token');
    const session = await apiCall('/api/auth/verify-email', { token });
    expect(session.status).toBe(200);
    const answer = await apiCall(
      '/api/merchant/registration/messages',
      { message: 'Licence number is IL-448812; photo sent by e-mail.' },
      session.cookie,
    );
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    await awaiting.getByRole('button', { name: `View Messages with ${rejectName}, 1 unread` }).waitFor({ state: 'visible' });

    await awaiting.getByRole('button', { name: /^View Messages/ }).click();
    const messages = page.getByRole('dialog', { name: 'Messages' });
    await messages.getByText('Licence number is IL-448812; photo sent by e-mail.').waitFor({ state: 'visible' });
    await expect(messages.getByText('Rejection Notice')).toHaveCount(1);
    await expect(messages.getByText('New', { exact: true })).toHaveCount(1);
    await expect(messages.getByText('Awaiting Response')).toHaveCount(1);
    await expectAccessible(page);
    await dialogShot(page, 'admin-messages-1280');
    const box = messages.getByLabel(`Message to ${rejectName}`);
    await box.fill('   ');
    await box.press('Control+Enter');
    await box.fill('  Thank you, we will review it again now.  ');
    await box.press('Control+Enter');
    await messages.getByText('Thank you, we will review it again now.', { exact: true }).waitFor({ state: 'visible' });
    expect((await latestMail(rejectEmail, 'admin_merchant_message')).text).toContain('Thank you, we will review it again now.');
    await page.keyboard.press('Escape');
    await expect(awaiting.getByRole('button', { name: `View Messages with ${rejectName}` })).toHaveCount(1);

    // Reset to Review: back among the new requests.
    await awaiting.getByRole('button', { name: 'Reset to Review' }).click();
    await toast(page, 'Status Updated').waitFor({ state: 'visible' });
    await card(page, 'New pending approvals', rejectName).waitFor({ state: 'visible' });

    // Payouts are transferred by themselves (issue 36); marking one paid is an exception, with a reason: the demo
    // business that has not set up payouts, its closed payout waiting for its payout account.
    await openSection(page, 'Payout Management');
    await page.getByRole('heading', { name: 'Current Period Summary' }).waitFor({ state: 'visible' });
    // All Payouts is the payouts table: filtered by state on the server, each payout's actions in its row.
    const payouts = page.getByRole('table', { name: 'All Payouts' });
    await payouts.waitFor({ state: 'visible' });
    await page.getByLabel('Status', { exact: true }).selectOption('waiting_for_account');
    await expect(page).toHaveURL((u) => u.searchParams.get('status') === 'waiting_for_account');
    const first = payouts
      .getByRole('row')
      .filter({ hasText: WAITING_BUSINESS })
      .filter({ has: page.getByRole('button', { name: /^Mark as paid outside the platform/ }) })
      .first();
    await expect(first).toContainText(WAITING_BUSINESS);
    await expect(first).toContainText('Waiting for account');
    await expectAccessible(page);
    await pageShot(page, 'admin-payouts-1280');
    const waitingBefore = await payouts.getByRole('row').filter({ hasText: WAITING_BUSINESS }).count();
    await first.getByRole('button', { name: /^Mark as paid outside the platform/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Mark this payout as paid outside the platform?' });
    // The reason is required: the exception is audited with it.
    await confirm.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(confirm.getByText(/Say why, in a few words/)).toBeVisible();
    await confirm.getByLabel('Why was it paid outside the platform?').fill('The owner could not finish payout setup; paid by cheque.');
    await expectAccessible(page);
    await dialogShot(page, 'admin-payout-outside-1280');
    await confirm.getByRole('button', { name: 'Mark as paid' }).click();
    await toast(page, 'Payout Processed').waitFor({ state: 'visible' });
    await page.getByText('Payout has been marked as paid successfully').first().waitFor({ state: 'visible' });
    // Gone from the waiting ones at once (the table refreshed), and among the paid ones.
    await expect(payouts.getByRole('row').filter({ hasText: WAITING_BUSINESS })).toHaveCount(waitingBefore - 1);
    await page.getByLabel('Status', { exact: true }).selectOption('paid');
    const paid = payouts.getByRole('row').filter({ hasText: WAITING_BUSINESS }).first();
    await paid.getByText('Paid', { exact: true }).first().waitFor({ state: 'visible' });
    await expect(paid).toContainText('outside the platform');
    await pageShot(page, 'admin-payouts-paid-1280');
    await paid
      .getByText(/Paid on \w+ \d+, \d{4}/)
      .first()
      .waitFor({ state: 'visible' });
    expect((await latestMail(WAITING_BUSINESS_EMAIL, 'payout_paid')).subject).toMatch(/payout of \$\d+\.\d{2} has been paid/);

    // The same screens on a phone (375 px). One journey keeps the sign-ups from this address few
    // (registration is rate-limited per address).
    await page.setViewportSize({ width: 375, height: 812 });
    await openSection(page, 'Merchant Approval');
    const phoneCard = card(page, 'New pending approvals', rejectName);
    await phoneCard.waitFor({ state: 'visible' });
    await expectAccessible(page);
    await pageShot(page, 'admin-approval-375');
    await phoneCard.getByRole('button', { name: /^View Messages/ }).click();
    await page
      .getByRole('dialog', { name: 'Messages' })
      .getByText('Thank you, we will review it again now.', { exact: true })
      .waitFor({ state: 'visible' });
    await expectAccessible(page);
    await dialogShot(page, 'admin-messages-375');
    await page.keyboard.press('Escape');
    await openSection(page, 'Payout Management');
    await page.getByRole('table', { name: 'All Payouts' }).waitFor({ state: 'visible' });
    await expect(page.getByRole('heading', { name: 'Current Period Summary' })).toBeVisible();
    await expectAccessible(page);
    await pageShot(page, 'admin-payouts-375');
  });
});
