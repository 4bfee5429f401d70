import {
  apiCall,
  checkBothWidths,
  expect,
  latestMail,
  buyVouchers,
  newApprovedMerchant,
  newCustomer,
  newStandardDeal,
  signIn,
  test,
  toastWith,
} from '../support/browser';

/**
 * Verified reviews (docs/decisions/0064-verified-reviews.md): a customer redeems a voucher, reviews the deal from
 * My Purchases, the review shows on the deal page with "Verified purchase", and the business replies from its
 * dashboard; the customer is e-mailed and the reply shows under the review, named as the business.
 */
const stamp = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
const BUSINESS = `Review Kitchen ${stamp}`;
const DEAL = `Chef's table for two ${stamp}`;
const TITLE = 'A memorable evening';
const BODY = 'Seven small courses, each better than the last, and the staff explained every dish. We will be back.';
const REPLY = 'Thank you for coming! The chef is delighted you enjoyed the seven courses.';

test('a customer redeems, then reviews the deal, then the business replies', async ({ newPage }) => {
  const merchant = await newApprovedMerchant(BUSINESS);
  const deal = await newStandardDeal(DEAL, merchant.cookie);
  const customer = await newCustomer('reviewer');
  const [voucher] = await buyVouchers(customer.cookie, [{ dealId: deal.id, quantity: 1 }]);
  // Redeemed at the counter.
  const redeemed = await apiCall('/api/merchant/redemptions', { code: voucher!.redemptionCode }, merchant.cookie);
  expect(redeemed.status, JSON.stringify(redeemed.json)).toBe(200);

  // My Purchases offers the review under the redeemed voucher.
  const { page, context } = await newPage({ width: 375, height: 812 });
  await signIn(context, customer.cookie);
  await page.goto('/purchases');
  await page.getByRole('tab', { name: /^Redeemed/ }).click();
  await page.getByRole('link', { name: `Write a review of ${DEAL}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Write a review' })).toBeVisible();
  await checkBothWidths(page, 'reviews/form', async () => {
    await expect(page.getByRole('button', { name: 'Post review' })).toBeVisible();
  });

  // Stars are required, and at least 20 characters.
  await page.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Choose a rating from 1 to 5 stars.')).toBeVisible();
  await page.getByLabel('Your review').fill('Nice.');
  await page.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Write at least 20 characters about your experience.')).toBeVisible();
  // The fourth star, as a person clicks it (the radio inside it is for keyboards and screen readers).
  await page.locator('label').filter({ hasText: '4 stars: Very good' }).click();
  await expect(page.getByRole('radio', { name: '4 stars: Very good' })).toBeChecked();
  await page.getByLabel('Title (optional)').fill(TITLE);
  await page.getByLabel('Your review').fill(BODY);
  await page.getByRole('button', { name: 'Post review' }).click();
  await expect(toastWith(page, 'Thanks for your review!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Your review' })).toBeVisible();
  await expect(page.getByText(BODY)).toBeVisible();

  // The deal page shows it: the average and the count, and the review marked as a verified purchase.
  await page.getByRole('link', { name: 'See it on the deal page' }).click();
  const reviews = page.locator('#reviews');
  await expect(reviews.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(reviews.getByText('Verified purchase')).toBeVisible();
  await expect(page.getByText('(1 review)').first()).toBeVisible();
  await checkBothWidths(page, 'reviews/deal-page', async () => {
    await expect(reviews.getByText(BODY)).toBeVisible();
  });

  // The business replies from its dashboard.
  const shop = await newPage({ width: 1280, height: 900 });
  await signIn(shop.context, merchant.cookie);
  await shop.page.goto('/merchant/dashboard?tab=reviews');
  await expect(shop.page.getByRole('heading', { name: 'Customer reviews' })).toBeVisible();
  await expect(shop.page.getByText(BODY)).toBeVisible();
  await checkBothWidths(shop.page, 'reviews/merchant-tab', async () => {
    await expect(shop.page.getByRole('button', { name: /^Reply/ })).toBeVisible();
  });
  await shop.page.getByRole('button', { name: /^Reply/ }).click();
  const dialog = shop.page.getByRole('dialog', { name: /^Reply to/ });
  await dialog.getByLabel('Your reply').fill(REPLY);
  await dialog.getByRole('button', { name: 'Post reply' }).click();
  await expect(toastWith(shop.page, 'Reply posted')).toBeVisible();
  await expect(shop.page.getByText(`Response from ${BUSINESS}`)).toBeVisible();
  await expect(shop.page.getByRole('button', { name: /^Reply/ })).toHaveCount(0);

  // The customer is told by e-mail, and the reply shows under the review, named as the business.
  const mail = await latestMail(customer.email, 'review_reply');
  expect(mail.subject).toBe(`${BUSINESS} replied to your review`);
  expect(mail.text).toContain(REPLY);
  await page.reload();
  await expect(reviews.getByText(`Response from ${BUSINESS}`)).toBeVisible();
  await expect(reviews.getByText(REPLY)).toBeVisible();

  // The deal's card in a search for its title carries the average and the count too.
  await page.goto(`/deals?search=${encodeURIComponent(DEAL)}`);
  const card = page.locator('main article').filter({ has: page.locator('h3', { hasText: DEAL }) });
  await expect(card).toContainText('4.0');
  await expect(card).toContainText('(1 review)');
});
