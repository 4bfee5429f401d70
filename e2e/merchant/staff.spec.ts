import {
  buyVouchers,
  checkBothWidths,
  expect,
  expectAccessible,
  latestMail,
  newApprovedMerchant,
  newCustomer,
  newStandardDeal,
  signIn,
  test,
  toastWith,
  uniqueEmail,
  sectionLink,
  sectionLinks,
} from '../support/browser';

/*
 * Staff for merchants (issue 33; docs/decisions/0062-roles-and-staff.md): the owner invites a redeemer by e-mail,
 * the redeemer accepts from the development mailbox with an account of their own, redeems a voucher at the
 * counter (recorded as theirs) and cannot open the payouts.
 */

const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a merchant invites a redeemer, who accepts from the e-mail, redeems a voucher and cannot open payouts', async ({ newPage }) => {
  const business = `Counter Journey Cafe ${tag}`;
  const owner = await newApprovedMerchant(business);
  const deal = await newStandardDeal(`Counter Journey Brunch ${tag}`, owner.cookie);
  const customer = await newCustomer('staff-voucher');
  const [voucher] = await buyVouchers(customer.cookie, [{ dealId: deal.id, quantity: 1 }]);
  const redeemerEmail = uniqueEmail('redeemer');

  // The owner invites the redeemer from the Staff tab.
  const { page } = await newPage({ width: 1280, height: 900 });
  await signIn(page.context(), owner.cookie);
  await page.goto('/merchant/dashboard?tab=staff');
  await page.getByLabel('E-mail').fill(redeemerEmail);
  await page.getByLabel('Role').selectOption('redeemer');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toastWith(page, 'Invitation sent')).toBeVisible();
  const staff = page.getByRole('list', { name: 'Staff' });
  await expect(staff.getByRole('listitem').filter({ hasText: redeemerEmail })).toContainText('Invited');
  await checkBothWidths(page, 'merchant-staff-tab', () => expect(staff).toBeVisible());

  // The redeemer opens the invitation in the development mailbox (once delivered; their own mail, as other journeys'
  // mails push it off the first page) and follows its link.
  await latestMail(redeemerEmail);
  const { page: r } = await newPage({ width: 375, height: 812 });
  await r.goto(`/dev/mailbox?to=${encodeURIComponent(redeemerEmail)}`);
  await r.getByRole('button', { name: new RegExp(`${business} invites you to its LocalPerks staff`) }).click();
  await r.getByRole('link', { name: /\/merchant\/staff\/accept\?token=/ }).click();
  await expect(r.getByRole('heading', { name: business })).toBeVisible();
  await expect(r.getByText('You are invited as a redeemer.', { exact: false })).toBeVisible();
  await checkBothWidths(r, 'staff-accept-invite', () => expect(r.getByRole('button', { name: 'Accept and join' })).toBeVisible());
  await r.setViewportSize({ width: 375, height: 812 });
  await r.getByLabel('Your name').fill('Riley Redeemer');
  await r.getByLabel('Password', { exact: true }).fill('Counter2025');
  await r.getByLabel('Confirm password').fill('Counter2025');
  await r.getByRole('button', { name: 'Accept and join' }).click();

  // Signed in, on the redeem screen: the only screen a redeemer has.
  await r.waitForURL('**/merchant/redeem');
  await expect(r.getByRole('heading', { name: 'Redeem a Voucher', level: 1 })).toBeVisible();
  await r.getByLabel('Redemption code').fill(voucher!.redemptionCode!);
  await r.getByRole('button', { name: 'Look up' }).click();
  await expect(r.getByRole('heading', { name: 'Ready to redeem' })).toBeVisible();
  await r.getByRole('button', { name: 'Redeem', exact: true }).click();
  await expect(toastWith(r, 'Voucher Redeemed')).toBeVisible();
  const today = r.getByRole('list', { name: 'Today’s redemptions' });
  await expect(today.getByRole('listitem')).toHaveCount(1);
  await expect(today).toContainText('by Riley Redeemer');
  await checkBothWidths(r, 'staff-redeemer-redeem', () => expect(today).toContainText('by Riley Redeemer'));
  // The header offers no dashboard to a redeemer (checked at 1280 px, where the main navigation shows).
  await expect(r.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Merchant Dashboard' })).toHaveCount(0);
  // The console's navigation is the redeem screen alone (issue 32).
  await expect(sectionLinks(r)).toHaveText(['Redeem Voucher']);

  // Payouts: the dashboard sends a redeemer back to the counter, and the server refuses the data.
  await r.goto('/merchant/dashboard?tab=payouts');
  await r.waitForURL('**/merchant/redeem');
  await expect(sectionLink(r, 'Payouts')).toHaveCount(0);
  const refused = await r.request.get('/api/merchant/payouts');
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    'Your staff role (Redeemer) does not include this. Ask the business owner if you need it.',
  );

  // The owner sees who redeemed it, and the staff member as active.
  await page.reload();
  await expect(staff.getByRole('listitem').filter({ hasText: 'Riley Redeemer' })).toContainText('Active');
  await page.goto('/merchant/redeem');
  await expect(page.getByRole('list', { name: 'Today’s redemptions' })).toContainText('by Riley Redeemer');
  await expectAccessible(page);
});
