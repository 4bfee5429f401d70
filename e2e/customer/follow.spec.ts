import {
  apiCall,
  checkBothWidths,
  expect,
  latestMail,
  newApprovedMerchant,
  newCustomer,
  newStandardDeal,
  signIn,
  test,
  toastWith,
} from '../support/browser';

/**
 * Following a business (docs/decisions/0065-notifications.md): a customer presses Follow on its page, the page keeps
 * it through a reload, the business's next deal reaches them by e-mail (the saved-deal-alerts job, once), and
 * Unfollow turns it off.
 */
const stamp = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

test('a customer follows a business from its page and is e-mailed its next deal', async ({ newPage }) => {
  const name = `Follow Journey Deli ${stamp}`;
  const merchant = await newApprovedMerchant(name);
  const { slug } = (await apiCall('/api/merchant/business-profile', undefined, merchant.cookie)).json as { slug: string };
  const customer = await newCustomer('follow');

  const { page, context } = await newPage({ width: 375, height: 812 });
  await signIn(context, customer.cookie);
  await page.goto(`/businesses/${slug}`);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(toastWith(page, `Following ${name}`)).toBeVisible();
  const following = page.getByRole('button', { name: 'Following', exact: true });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await checkBothWidths(page, 'follow/business-following', () => expect(following).toHaveAttribute('aria-pressed', 'true'));

  // The business posts a deal; the alerts job e-mails its followers about it.
  const title = `Pastrami on rye for two ${stamp}`;
  await newStandardDeal(title, merchant.cookie);
  expect((await apiCall('/api/dev/jobs/saved-deal-alerts/run', {})).status).toBe(200);
  const mail = await latestMail(customer.email, 'followed_business_deal');
  expect(`${mail.subject}\n${mail.text}`).toContain(title);

  // Unfollow: the button says so again, and the next reload agrees.
  await following.click();
  await expect(toastWith(page, `Unfollowed ${name}`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toHaveAttribute('aria-pressed', 'false');
});
