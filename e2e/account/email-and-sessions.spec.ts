import {
  apiCall,
  baseUrl,
  checkBothWidths,
  expect,
  latestMail,
  linkIn,
  login,
  newCustomer,
  signIn,
  test,
  toastWith,
  uniqueEmail,
} from '../support/browser';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test.describe('your e-mail and your sessions', () => {
  test('changes the e-mail: asks for the password, mails the new address, changes only once the link is opened', async ({ newPage }) => {
    const customer = await newCustomer('email-change');
    const { page, context } = await newPage();
    await signIn(context, customer.cookie);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Change email' }).click();
    const newEmail = uniqueEmail('moved');
    const form = page.getByRole('form', { name: 'Change email' });
    await form.getByLabel('New email').fill(newEmail);
    await form.getByLabel('Current password').fill('Wrong-Pass-1');
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(form.getByText('Your password is incorrect.')).toBeVisible();
    await form.getByLabel('Current password').fill(customer.password);
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(toastWith(page, `We sent a confirmation link to ${newEmail}.`)).toBeVisible();
    await checkBothWidths(page, 'account-email-pending', () => expect(page.getByText('Waiting for confirmation')).toBeVisible());
    // Not changed yet.
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(customer.email);

    const mail = await latestMail(newEmail, 'email_change_confirm');
    await page.goto(linkIn(mail.text, '/account/email/confirm'));
    await checkBothWidths(page, 'account-email-confirmed', () =>
      expect(page.getByText(`Your account now uses ${newEmail}.`)).toBeVisible(),
    );
    // The old address was told, with an undo link.
    expect(linkIn((await latestMail(customer.email, 'email_change_undo')).text, '/account/email/undo')).toContain('token=');

    // The new address signs in; the old one no longer does.
    const other = await newPage();
    await login(other.page, customer.email, customer.password);
    await expect(other.page.getByText('Invalid email or password')).toBeVisible();
    await login(other.page, newEmail, customer.password);
    await other.page.waitForURL((u) => u.pathname === '/');
  });

  test('ends another session from the sessions list; this device stays signed in', async ({ newPage }) => {
    const customer = await newCustomer('sessions');
    // A second sign-in, from a phone.
    const phone = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl(), 'user-agent': IPHONE },
      body: JSON.stringify({ email: customer.email, password: customer.password }),
    });
    expect(phone.status).toBe(200);
    const phoneCookie = phone.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('lp_session='))!;

    // This browser signs in through the login page (the account's third session: newCustomer's link opened one).
    const { page } = await newPage();
    await login(page, customer.email, customer.password);
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/profile?tab=security');
    const sessions = page.getByRole('list', { name: 'Sessions' });
    const rows = sessions.getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'This device' })).toContainText('Chrome');
    await checkBothWidths(page, 'account-sessions', () => expect(sessions.getByText('Safari 17 on iOS')).toBeVisible());

    await page.getByRole('button', { name: 'Sign out Safari 17 on iOS' }).click();
    await expect(toastWith(page, 'Safari 17 on iOS was signed out.')).toBeVisible();
    await expect(rows).toHaveCount(2);
    expect((await apiCall('/api/account/profile', undefined, phoneCookie)).status).toBe(401);

    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(toastWith(page, '1 other session(s) signed out.')).toBeVisible();
    await expect(rows).toHaveCount(1);
    expect((await apiCall('/api/account/profile', undefined, customer.cookie)).status).toBe(401);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  });
});
