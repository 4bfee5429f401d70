import {
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
 * Gifts (docs/decisions/0066-gifts.md): a customer marks a cart line "This is a gift" at checkout and pays; the
 * recipient gets the gift e-mail (today), opens its link signed out, signs in and claims it into My Purchases, where
 * its code is theirs; the buyer sees the gift claimed, never its code.
 */
const stamp = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
const DEAL = `Pottery class for one ${stamp}`;

test('a customer buys a gift, and the recipient claims it from the e-mail link', async ({ newPage }) => {
  const merchant = await newApprovedMerchant(`Gift Studio ${stamp}`);
  const deal = await newStandardDeal(DEAL, merchant.cookie);
  const buyer = await newCustomer('gift-buyer');
  const recipient = await newCustomer('gift-recipient');

  const { page, context } = await newPage({ width: 375, height: 812 });
  await signIn(context, buyer.cookie);
  await page.goto(`/deals/${deal.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.getByRole('checkbox', { name: `This is a gift: ${DEAL}` }).check();
  // The recipient is required before paying.
  await page.getByLabel('Name on Card').fill('Casey Customer');
  await page.getByLabel('Street Address').fill('233 S Wacker Dr');
  await page.getByLabel('City').fill('Chicago');
  await page.getByLabel('State').selectOption('IL');
  await page.getByLabel('ZIP Code').fill('60606');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByText('Enter the recipient’s name.')).toBeVisible();
  await page.getByLabel('Recipient’s name').fill('Sam');
  await page.getByLabel('Recipient’s e-mail').fill(recipient.email);
  await page.getByLabel('Message (optional)').fill('Happy birthday, Sam!');
  await checkBothWidths(page, 'gifts/checkout', async () => {
    await expect(page.getByLabel('Delivery date')).toBeVisible();
  });
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Pay with card' })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Casey Customer');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByText('Payment Successful')).toBeVisible();

  // The buyer's My Purchases: the gift, delivered today, not yet claimed, and no code.
  const status = page.getByTestId('gift-status');
  await expect(status).toContainText('Gift for Sam — delivered');
  await expect(status).toContainText('not yet claimed');
  await expect(page.getByText('Redemption code')).toHaveCount(0);

  // The recipient opens the e-mail's link signed out, signs in, and claims it.
  const mail = await latestMail(recipient.email, 'gift');
  expect(mail.text).toContain('Happy birthday, Sam!');
  const them = await newPage({ width: 375, height: 812 });
  await them.page.goto(linkIn(mail.text, '/gifts/claim'));
  await expect(them.page.getByText('Happy birthday, Sam!')).toBeVisible();
  await checkBothWidths(them.page, 'gifts/claim', async () => {
    await expect(them.page.getByRole('link', { name: 'Sign in to claim' })).toBeVisible();
  });
  await them.page.getByRole('link', { name: 'Sign in to claim' }).click();
  await them.page.getByTestId('customer-login-email').fill(recipient.email);
  await them.page.getByTestId('customer-login-password').fill(recipient.password);
  await them.page.getByRole('button', { name: 'Login', exact: true }).click();
  await them.page.getByRole('button', { name: 'Add to My Purchases' }).click();
  await expect(toastWith(them.page, 'Gift added to My Purchases')).toBeVisible();
  await them.page.waitForURL('**/purchases');
  const card = them.page.getByRole('listitem').filter({ hasText: DEAL });
  await expect(card.getByText('Redemption code')).toBeVisible();
  await expect(card.getByText('A gift from')).toBeVisible();

  // The buyer sees it claimed.
  await page.reload();
  await expect(page.getByTestId('gift-status')).toContainText('— claimed');
});
