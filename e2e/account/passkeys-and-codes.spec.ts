import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import {
  buyVouchers,
  checkBothWidths,
  codeIn,
  expect,
  latestMail,
  login,
  newAdmin,
  newApprovedMerchant,
  newCustomer,
  newStandardDeal,
  signIn,
  test,
  toastWith,
  sectionLink,
} from '../support/browser';

/**
 * Passkeys and authenticator codes (issue 34, docs/decisions/0055-passkeys-and-authenticator-codes.md), through the
 * pages: a passkey made by Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain: CTAP2, built
 * in, resident keys, user verification), and an authenticator app played by the test computing the codes.
 */

const PLATFORM_AUTHENTICATOR = {
  protocol: 'ctap2',
  transport: 'internal',
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
} as const;

/**
 * A platform authenticator (Touch ID, Windows Hello) in this page's browser: it says yes to every request, and
 * answers the login pages' passkey autofill at once, as a person picking their passkey from the suggestions.
 * `unplug` takes it away (its passkeys kept) and `plugIn` brings it back with them.
 */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  let { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', { options: PLATFORM_AUTHENTICATOR });
  let kept: Awaited<ReturnType<typeof credentials>> = [];
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return {
    credentials,
    unplug: async () => {
      kept = await credentials();
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    },
    plugIn: async () => {
      ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', { options: PLATFORM_AUTHENTICATOR }));
      for (const credential of kept) await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
    },
  };
}

/** The Security tab, with the password confirmed (it is asked before any change to the sign-in methods). */
async function securityTabConfirmed(page: Page, password: string) {
  await page.goto('/profile?tab=security');
  const confirm = page.getByRole('form', { name: 'Confirm your password' });
  await confirm.getByLabel('Confirm your password').fill('Not-the-password-1');
  await confirm.getByRole('button', { name: 'Confirm password' }).click();
  await expect(confirm.getByText('Your password is incorrect.')).toBeVisible();
  await confirm.getByLabel('Confirm your password').fill(password);
  await confirm.getByRole('button', { name: 'Confirm password' }).click();
  await expect(confirm).toBeHidden();
}

/** Signs the page out (as the header's Logout does) and opens the login page. */
async function signOutToLogin(page: Page, path = '/login') {
  await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));
  await page.context().clearCookies();
  await page.goto(path);
}

test.describe('passkeys and authenticator codes', () => {
  test('a customer adds a passkey in the account and signs in with it, without the password', async ({ newPage }) => {
    const customer = await newCustomer('passkey');
    const { page, context } = await newPage();
    const authenticator = await addVirtualAuthenticator(page);
    await signIn(context, customer.cookie);
    await securityTabConfirmed(page, customer.password);

    const add = page.getByRole('form', { name: 'Add a passkey' });
    await add.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(add.getByText('Please give this passkey a name')).toBeVisible();
    await add.getByLabel('Name for the new passkey').fill('Journey laptop');
    await add.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(toastWith(page, 'You can now sign in with “Journey laptop”.')).toBeVisible();
    const passkeys = page.getByRole('list', { name: 'Passkeys' });
    await checkBothWidths(page, 'account-passkeys', () => expect(passkeys.getByText('Journey laptop')).toBeVisible());
    await expect(passkeys).toContainText('Not used yet');
    expect(await authenticator.credentials()).toHaveLength(1);
    expect((await latestMail(customer.email, 'security_passkey_added')).text).toContain('Journey laptop');

    // Signed out, the login page offers the passkey in the e-mail field's autofill, and it signs in: nothing typed.
    await signOutToLogin(page);
    await expect(toastWith(page, 'Login successful!')).toBeVisible();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/profile?tab=security');
    await expect(page.getByRole('list', { name: 'Passkeys' })).toContainText('Last used');
    await expect(page.getByText(customer.email).first()).toBeVisible();

    // Without the device, the page offers the passkey button (and the password), and the browser asks for one.
    await authenticator.unplug();
    await signOutToLogin(page);
    const button = page.getByRole('button', { name: 'Sign in with a passkey' });
    await checkBothWidths(page, 'login-passkey', () => expect(button).toBeVisible());
  });

  test('a customer turns on the authenticator app, then signs in with the password and a code from it', async ({ newPage }) => {
    const customer = await newCustomer('totp');
    const { page, context } = await newPage();
    await signIn(context, customer.cookie);
    await securityTabConfirmed(page, customer.password);

    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    await checkBothWidths(page, 'account-totp-setup', () => expect(qr).toBeVisible());
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    const enable = page.getByRole('form', { name: 'Turn on the authenticator app' });
    await enable.getByLabel('Code from the app').fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 3600 }));
    await enable.getByRole('button', { name: 'Turn on' }).click();
    await expect(enable.getByText('That code is not right. Check your authenticator app and try again.')).toBeVisible();
    await enable.getByLabel('Code from the app').fill(generateSync({ secret }));
    await enable.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await checkBothWidths(page, 'account-totp-recovery-codes', () => expect(codes).toHaveCount(10));
    const recovery = await codes.first().innerText();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByText('Recovery codes left:')).toContainText('10');
    await latestMail(customer.email, 'security_totp_enabled');

    // A new browser: the password, then the code the app shows for the next period (the one used to turn it on was spent).
    const other = await newPage();
    await login(other.page, customer.email, customer.password);
    const step = other.page.getByRole('form', { name: 'Two-step verification' });
    await checkBothWidths(other.page, 'login-two-step', () => expect(step.getByLabel('Authentication code')).toBeVisible());
    await step.getByLabel('Authentication code').fill('000000');
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(toastWith(other.page, 'That code is not right.')).toBeVisible();
    await step.getByLabel('Authentication code').fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await step.getByRole('button', { name: 'Verify' }).click();
    await other.page.waitForURL((u) => u.pathname === '/');

    // Or a recovery code instead, once.
    const third = await newPage();
    await login(third.page, customer.email, customer.password);
    await third.page.getByRole('form', { name: 'Two-step verification' }).getByLabel('Authentication code').fill(recovery);
    await third.page.getByRole('button', { name: 'Verify' }).click();
    await third.page.waitForURL((u) => u.pathname === '/');
  });

  test('an admin adds a passkey, which then replaces the e-mailed code as the second step', async ({ newPage }) => {
    const admin = await newAdmin('Passkey Admin');
    const { page } = await newPage();
    const authenticator = await addVirtualAuthenticator(page);
    await page.goto('/admin-login');
    await page.getByTestId('admin-email').fill(admin.email);
    await page.getByTestId('admin-password').fill(admin.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('admin-code').fill(codeIn((await latestMail(admin.email, 'admin_access_code')).text));
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/admin') && u.pathname !== '/admin-login');

    await securityTabConfirmed(page, admin.password);
    const add = page.getByRole('form', { name: 'Add a passkey' });
    await add.getByLabel('Name for the new passkey').fill('Admin key');
    await add.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByRole('list', { name: 'Passkeys' }).getByText('Admin key')).toBeVisible();

    // From the admin login page, the passkey alone signs in (it verifies its user: both steps), by autofill.
    await signOutToLogin(page, '/admin-login');
    await page.waitForURL((u) => u.pathname.startsWith('/admin') && u.pathname !== '/admin-login');

    // With the password first, the passkey is the second step, in place of the e-mailed code.
    await authenticator.unplug();
    await signOutToLogin(page, '/admin-login');
    await page.getByTestId('admin-email').fill(admin.email);
    await page.getByTestId('admin-password').fill(admin.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    const usePasskey = page.getByTestId('admin-passkey');
    await checkBothWidths(page, 'admin-login-passkey-step', () => expect(usePasskey).toBeVisible());
    await expect(page.getByText('E-mail me a code instead')).toHaveCount(0);
    await authenticator.plugIn();
    await usePasskey.click();
    await page.waitForURL((u) => u.pathname.startsWith('/admin') && u.pathname !== '/admin-login');
  });

  test('the console reminds a merchant whose business holds money to add a second factor, until it has one', async ({ newPage }) => {
    const merchant = await newApprovedMerchant('Reminder Ramen');
    const deal = await newStandardDeal('Ramen night for two', merchant.cookie);
    await buyVouchers((await newCustomer('reminder-buyer')).cookie, [{ dealId: deal.id, quantity: 1 }]);
    const { page, context } = await newPage();
    await signIn(context, merchant.cookie);
    await page.goto('/merchant/dashboard');
    const reminder = page.getByRole('region', { name: 'Protect your payouts with a second sign-in step' });
    await checkBothWidths(page, 'merchant-second-factor-reminder', () => expect(reminder).toBeVisible());
    // A reminder, not a lock: the console's sections work as before.
    await expect(sectionLink(page, 'My Deals')).toBeEnabled();
    await reminder.getByRole('link', { name: 'Add a passkey or authenticator app' }).click();
    await page.waitForURL((u) => u.pathname === '/profile' && u.searchParams.get('tab') === 'security');
    await securityTabConfirmed(page, 'Merchant2025');
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    await page.getByLabel('Code from the app').fill(generateSync({ secret }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    const asked = page.waitForResponse((r) => r.url().endsWith('/api/merchant/second-factor-reminder'));
    await page.goto('/merchant/dashboard');
    expect(await (await asked).json()).toMatchObject({ remind: false });
    await expect(sectionLink(page, 'My Deals')).toBeVisible();
    await expect(reminder).toHaveCount(0);
  });
});
