import { describe, expect, it } from 'vitest';
import { DEMO, demoPassword, expectAccessible, latestMail, linkIn, login, screenshot, useBrowser } from '../support/browser';

const b = useBrowser();
const unique = () => `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

describe('sign-up, verification and sign-in', () => {
  it('signs up, confirms the address from the mailbox link, and logs in to the customer home', async () => {
    const { page, context } = await b.newPage();
    const email = unique();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign up' }).click();
    // Validation messages of the spec appear before anything is sent.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText('Email is required').isVisible()).toBe(true);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('weakpass');
    await page.getByLabel('Confirm Password').fill('different');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText('Password must contain at least one uppercase letter').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Passwords do not match').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('You must accept the terms and conditions').isVisible()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('Journey2025');
    await page.getByLabel('Confirm Password').fill('Journey2025');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText('Please check your email to verify your account.').first().isVisible()).toBe(true);
    // After the success banner the page returns to login mode.
    await expect.poll(() => page.getByTestId('customer-login-email').isVisible(), { timeout: 5000 }).toBe(true);

    const mail = await latestMail(email, 'email_verification');
    expect(mail.html).toContain('Confirm my email');
    await page.goto(linkIn(mail.text, '/auth/callback'));
    await expect.poll(() => page.getByText('Your email is verified!').isVisible()).toBe(true);
    // After 2 s a customer without a merchant registration goes to /profile.
    await page.waitForURL('**/profile', { timeout: 5000 });

    // Log out and back in: the role redirect sends a customer home.
    await context.clearCookies();
    await login(page, email, 'Journey2025');
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => page.getByText('Customer Account').isVisible()).toBe(true);
    await context.close();
  });

  it('shows the spec message for a wrong password and stays on /login', async () => {
    const { page, context } = await b.newPage();
    await login(page, DEMO.customer, 'WrongPassword1');
    await expect.poll(() => page.getByText('Login Failed').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Invalid email or password').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('sends each role to its home after login and bounces signed-in users off /login and /auth', async () => {
    for (const [email, home] of [
      [DEMO.merchant, '/merchant/dashboard'],
      [DEMO.admin, '/admin/dashboard'],
      [DEMO.customer, '/'],
    ] as const) {
      const { page, context } = await b.newPage();
      await login(page, email);
      await page.waitForURL((u) => u.pathname === home);
      await page.goto('/login');
      await page.waitForURL((u) => u.pathname === home);
      await page.goto('/auth');
      await page.waitForURL((u) => u.pathname === home);
      await context.close();
    }
  });

  it('honours returnTo after login', async () => {
    const { page, context } = await b.newPage();
    await page.goto('/login?returnTo=%2Fcontact');
    await page.getByTestId('customer-login-email').fill(DEMO.customer);
    await page.getByTestId('customer-login-password').fill(demoPassword());
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/contact');
    await context.close();
  });

  it('/auth shows the alert above the tabs, and Logging in... while loading', async () => {
    const { page, context } = await b.newPage();
    await page.goto('/auth');
    await expect.poll(() => page.getByText('Welcome Back').isVisible()).toBe(true);
    await page.getByTestId('login-email').fill(DEMO.customer);
    await page.getByTestId('login-password').fill('WrongPassword1');
    await page.route('**/api/auth/login', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    const click = page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Logging in...' }).isVisible()).toBe(true);
    expect(await page.getByTestId('login-email').isDisabled()).toBe(true);
    await click;
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByText('Create Account').first().isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'auth-desktop');
    await context.close();
  });

  it('/login preselects the Merchant tab with role=merchant and its signup side only links to registration', async () => {
    const { page, context } = await b.newPage();
    await page.goto('/login?role=merchant');
    expect(await page.getByRole('tab', { name: 'Merchant' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'Sign up' }).click();
    expect(await page.getByRole('link', { name: 'Register Your Business' }).getAttribute('href')).toBe('/merchant/register');
    expect(await page.getByRole('link', { name: 'Internal Access' }).getAttribute('href')).toBe('/admin-login');
    await expectAccessible(page);
    await context.close();
  });
});

describe('password recovery', () => {
  it('forgot → mailed link → reset → log in with the new password; the link works only once', async () => {
    const { page, context } = await b.newPage();
    const email = unique();
    // Register through the /register page.
    await page.goto('/register');
    await page.getByLabel('Full Name').fill('Riley Reset');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Original2025');
    await page.getByLabel('Confirm Password').fill('Original2025');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/login');

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect.poll(() => page.getByText('Password reset email sent', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Send Another Email' }).isVisible()).toBe(true);

    const link = linkIn((await latestMail(email, 'password_reset')).text, '/reset-password');
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill('Changed2025');
    await page.getByLabel('Confirm New Password').fill('Mismatch2025');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect.poll(() => page.getByText("Passwords don't match").isVisible()).toBe(true);
    await page.getByLabel('Confirm New Password').fill('Changed2025');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.waitForURL('**/login');

    await login(page, email, 'Original2025');
    await expect.poll(() => page.getByText('Invalid email or password').isVisible()).toBe(true);
    await login(page, email, 'Changed2025');
    await page.waitForURL((u) => u.pathname === '/');

    await context.clearCookies();
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill('Another2025');
    await page.getByLabel('Confirm New Password').fill('Another2025');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect
      .poll(() => page.getByText('This password reset link has already been used. Please request a new one.').isVisible())
      .toBe(true);
    await context.close();
  });

  it('/reset-password without tokens goes to /forgot-password', async () => {
    const { page, context } = await b.newPage();
    await page.goto('/reset-password');
    await page.waitForURL('**/forgot-password');
    await context.close();
  });
});
