import type { Page } from '@playwright/test';
import { MERCHANT_MESSAGES } from '@localperks/shared';
import { DEMO, expect, expectAccessible, latestMail, linkIn, login, screenshot, test, uniqueEmail } from '../support/browser';

const unique = () => uniqueEmail('register');
const PASSWORD = 'Merchant2025';

const business = {
  businessName: 'Lakeview Bike Repair',
  description: 'Tune-ups, flat fixes and full overhauls for every kind of bicycle, same-day when we can.',
  website: 'https://lakeview-bikes.example.com',
  phone: '(312) 555-0188',
  city: 'Chicago',
  state: 'IL',
  addressLine1: '3400 N Lake Shore Dr',
  zip: '60657',
};

async function fillForm(page: Page, email: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByLabel('Business Name').fill(business.businessName);
  await page.getByLabel('Business Description').fill(business.description);
  await page.getByLabel('Website (optional)').fill(business.website);
  await page.getByLabel('Phone Number').fill(business.phone);
  await page.getByLabel('City').fill(business.city);
  await page.getByLabel('State').selectOption(business.state);
  await page.getByLabel('Street Address').fill(business.addressLine1);
  await page.getByLabel('ZIP Code').fill(business.zip);
}

/** Full-page screenshots from the top, so the sticky header sits where a person sees it. */
async function screenshotFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const submitButton = (page: Page) => page.getByRole('button', { name: 'Create Merchant Account' });
const termsCheckbox = (page: Page) => page.getByRole('checkbox', { name: /accept the Merchant Terms of Service/ });

test.describe('merchant registration', () => {
  test('validates, registers on Advertise + Messaging after agreeing to the terms, and verifies into the dashboard', async ({
    newPage,
  }) => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    const email = unique();
    await page.goto('/merchant/register');
    await expect(page.getByRole('heading', { name: 'Register Your Business', level: 1 })).toBeVisible();
    // Advertise Only is the default plan.
    await expect(page.getByRole('radio', { name: 'Advertise Only' })).toBeChecked();
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/merchant/login');
    await expect(page.getByRole('link', { name: 'Create a customer account' })).toHaveAttribute('href', '/register');

    // A blank form shows the spec's messages and sends nothing.
    await submitButton(page).click();
    for (const message of [
      MERCHANT_MESSAGES.emailInvalid,
      MERCHANT_MESSAGES.passwordMin,
      MERCHANT_MESSAGES.businessNameMin,
      MERCHANT_MESSAGES.descriptionMin,
      MERCHANT_MESSAGES.phoneRequired,
      MERCHANT_MESSAGES.cityMin,
      MERCHANT_MESSAGES.stateMin,
      MERCHANT_MESSAGES.termsRequired,
    ]) {
      await expect(page.getByText(message, { exact: true }), message).toBeVisible();
    }
    await expect(page).toHaveURL((u) => u.pathname === '/merchant/register');
    await expectAccessible(page);
    await screenshotFromTop(page, 'merchant-register-errors-375');

    await fillForm(page, email);
    // The rules under the password tick off as they are met.
    await expect(page.getByText('One uppercase letter (met)')).toHaveCount(1);
    await page.getByRole('radio', { name: 'Advertise + Messaging' }).check();
    await expect(page.getByText('Messaging activates after payment.')).toBeVisible();
    await expect(page.getByText('$15/month')).toBeVisible();

    // The terms link opens the summary without ticking the box; I Agree ticks it.
    await page.getByRole('button', { name: 'Merchant Terms of Service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merchant Terms of Service' });
    await expect(dialog).toBeVisible();
    // The open dialog hides the page from the accessibility tree, so the box is found by its name attribute.
    await expect(page.locator('input[name="acceptTerms"]')).not.toBeChecked();
    for (const text of [
      /5 business days/,
      /30 days' notice/,
      /six months/,
      /State of California/,
      /review, approval, modification and removal/,
    ]) {
      await expect(dialog.getByText(text)).toBeVisible();
    }
    await expect(dialog.getByRole('link', { name: /Read the full Merchant Terms of Service/ })).toHaveAttribute(
      'href',
      '/company/merchant-terms',
    );
    await expectAccessible(page);
    // The dialog is fixed to the viewport: a viewport shot shows it as seen.
    await screenshot(page, 'merchant-register-terms-375', { fullPage: false });
    await dialog.getByRole('button', { name: 'I Agree' }).click();
    await expect(dialog).toBeHidden();
    await expect(termsCheckbox(page)).toBeChecked();
    await expect(page.getByText(MERCHANT_MESSAGES.termsRequired)).toHaveCount(0);
    await expectAccessible(page);
    await screenshotFromTop(page, 'merchant-register-375');

    // While the request runs the button says so and the fields are locked.
    // The request is held until the loading state has been seen, then let through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/merchants/register', async (route) => {
      await held;
      await route.continue();
    });
    await submitButton(page).click();
    await expect(page.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    await expect(page.getByLabel('Business Name')).toBeDisabled();
    release();
    await expect(page.getByRole('heading', { name: 'Registration Submitted!', level: 1 })).toBeVisible();
    await page.unrouteAll();
    await expect(page.getByText(/check your email \(including your spam folder\)/)).toBeVisible();
    const steps = page.getByRole('list').filter({ has: page.getByRole('heading', { name: 'Verify your email' }) });
    await expect(steps.getByRole('listitem')).toHaveCount(3);
    await expect(steps.getByText(email)).toBeVisible();
    await expect(steps.getByText(/usually within 1–2 business days/)).toBeVisible();
    await expect(steps.getByText(/follow the status of your application and message the admin/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Merchant Login' })).toHaveAttribute('href', '/merchant/login');
    await expectAccessible(page);
    await screenshotFromTop(page, 'merchant-register-success-375');

    const mail = await latestMail(email, 'email_verification');
    await page.goto(linkIn(mail.text, '/auth/callback'));
    // A verified merchant with a registration request goes to the dashboard after 2 s.
    await page.waitForURL((u) => u.pathname === '/merchant/dashboard', { timeout: 8000 });
    // The registration was stored with the chosen plan.
    const me = (await (await page.request.get('/api/merchant/me')).json()) as {
      registration: { plan: string; status: string; businessName: string } | null;
    };
    expect(me.registration).toMatchObject({ plan: 'advertise_messaging', status: 'pending', businessName: business.businessName });

    // The same address again: the same answer as for a new address (it does not tell who has an account).
    const again = await page.request.post('/api/merchants/register', {
      data: { email, password: PASSWORD, confirmPassword: PASSWORD, ...business, plan: 'advertise_only', acceptTerms: true },
    });
    expect(again.status()).toBe(201);
    expect(await again.json()).toEqual({ ok: true });
    await context.close();
  });

  test('an address that already has an account gets the same success page, and its owner a warning e-mail (1280 px)', async ({
    newPage,
  }) => {
    const { page, context } = await newPage({ width: 1280, height: 900 });
    await page.goto('/merchant/register');
    await fillForm(page, DEMO.customer);
    await termsCheckbox(page).check();
    await expectAccessible(page);
    await screenshotFromTop(page, 'merchant-register-1280');

    await submitButton(page).click();
    await expect(page.getByRole('heading', { name: 'Registration Submitted!', level: 1 })).toBeVisible();
    const warning = await latestMail(DEMO.customer, 'signup_existing_account');
    expect(warning.subject).toBe('Someone tried to register with your LocalPerks address');
    await context.close();
  });

  test('puts a field error from the server on its field and focuses it (1280 px)', async ({ newPage }) => {
    const { page, context } = await newPage({ width: 1280, height: 900 });
    const EMAIL_REFUSED = 'This email address cannot be used.';
    // The server's field errors (validation it does beyond the form's own) land on their fields.
    await page.route('**/api/merchants/register', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'VALIDATION', message: EMAIL_REFUSED, fields: { email: EMAIL_REFUSED } } }),
      }),
    );
    await page.goto('/merchant/register');
    await fillForm(page, unique());
    await termsCheckbox(page).check();
    await submitButton(page).click();
    await expect(page.getByText(EMAIL_REFUSED)).toBeVisible();
    const emailField = page.getByLabel('Email', { exact: true });
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');
    // The field with the error gets the focus, so a merchant at the bottom of the form sees it.
    await expect(emailField).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Registration Submitted!' })).toHaveCount(0);
    await context.close();
  });

  test('sends a signed-in merchant to the dashboard', async ({ newPage }) => {
    const { page, context } = await newPage();
    await login(page, DEMO.merchant);
    await page.waitForURL((u) => u.pathname !== '/login');
    await page.goto('/merchant/register');
    await page.waitForURL((u) => u.pathname === '/merchant/dashboard');
    await context.close();
  });
});
