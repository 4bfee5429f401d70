import {
  apiCall,
  buyVouchers,
  checkBothWidths,
  expect,
  latestMail,
  linkIn,
  newApprovedMerchant,
  newCustomer,
  newStandardDeal,
  signIn,
  test,
  toastWith,
} from '../support/browser';

/**
 * One-click unsubscribe (docs/decisions/0065-notifications.md): the review request, a non-transactional e-mail, carries
 * a visible unsubscribe link; opening it turns review requests off without signing in, and the account's
 * Notifications section shows the switch off (and turns it back on).
 */
const stamp = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

test('a customer unsubscribes from review requests with the link in the e-mail', async ({ newPage }) => {
  const merchant = await newApprovedMerchant(`Unsubscribe Cafe ${stamp}`);
  const deal = await newStandardDeal(`Coffee and cake ${stamp}`, merchant.cookie);
  const customer = await newCustomer('unsubscribe');
  const [voucher] = await buyVouchers(customer.cookie, [{ dealId: deal.id, quantity: 1 }]);
  expect((await apiCall('/api/merchant/redemptions', { code: voucher!.redemptionCode }, merchant.cookie)).status).toBe(200);
  try {
    // A day later, by the app's clock, the job sends the review request.
    expect((await apiCall('/api/dev/clock', { offsetMs: 25 * 3_600_000 })).status).toBe(200);
    expect((await apiCall('/api/dev/jobs/review-requests/run', {})).status).toBe(200);
  } finally {
    await apiCall('/api/dev/clock', { offsetMs: 0 });
  }
  const mail = await latestMail(customer.email, 'review_request');
  const link = linkIn(mail.text, '/unsubscribe?token=');

  // Opened in a browser that is not signed in: one click, and review requests are off.
  const { page } = await newPage({ width: 375, height: 812 });
  await page.goto(link);
  await expect(page.getByText('You are unsubscribed')).toBeVisible();
  await expect(page.getByText('You will no longer get review requests e-mails.')).toBeVisible();
  await checkBothWidths(page, 'notifications/unsubscribed', async () => {
    await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  });

  // The account's Notifications section shows it off; the customer turns it back on there.
  const account = await newPage({ width: 375, height: 812 });
  await signIn(account.context, customer.cookie);
  await account.page.goto('/profile?tab=notifications');
  const reviewRequests = account.page.getByRole('switch', { name: 'Review requests' });
  await expect(reviewRequests).toHaveAttribute('aria-checked', 'false');
  await expect(account.page.getByRole('switch', { name: 'Expiry reminders' })).toHaveAttribute('aria-checked', 'true');
  await checkBothWidths(account.page, 'notifications/settings', async () => {
    await expect(reviewRequests).toBeVisible();
  });
  await reviewRequests.click();
  await expect(toastWith(account.page, 'Notification settings saved')).toBeVisible();
  await expect(reviewRequests).toHaveAttribute('aria-checked', 'true');
});
