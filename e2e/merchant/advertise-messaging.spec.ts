import type { Page } from '@playwright/test';
import {
  animationsSettled,
  codeIn,
  expect,
  expectAccessible,
  latestMail,
  linkIn,
  newAdmin,
  newCustomer,
  screenshot,
  test,
  uniqueEmail,
  openSection,
} from '../support/browser';

/*
 * Issue 15, the whole path through the UI as people would take it: an Advertise + Messaging merchant
 * registers, verifies its e-mail, is approved by an admin, pays the $15/month subscription on the
 * hosted sandbox card page and fills in its Business Page; a new customer finds the business by name
 * in the header search, opens its page and messages it; the merchant reads the message in its inbox.
 */

const PASSWORD = 'Merchant2025';
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Full-page screenshots from the top (a scrolled full-page capture draws the sticky header mid-page), once still. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await animationsSettled(page);
  await screenshot(page, `journey15/${name}`);
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test.describe('Advertise + Messaging, end to end', () => {
  test('a merchant registers, is approved and pays; a customer finds it by name and messages it from its page; the merchant reads it', async ({
    newPage,
  }) => {
    const name = `Marigold Lantern Teahouse ${tag()}`;
    const email = uniqueEmail('adv-msg');

    // 1. The merchant registers on the sign-up page, on Advertise + Messaging.
    const { page: m } = await newPage({ width: 1280, height: 900 });
    await m.goto('/merchant/register');
    await m.getByLabel('Email', { exact: true }).fill(email);
    await m.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await m.getByLabel('Confirm Password').fill(PASSWORD);
    await m.getByLabel('Business Name').fill(name);
    await m.getByLabel('Business Description').fill('Loose-leaf teas, dumplings and a quiet reading room by the river.');
    await m.getByLabel('Phone Number').fill('(312) 555-0177');
    await m.getByLabel('City').fill('Chicago');
    await m.getByLabel('State').selectOption('IL');
    await m.getByLabel('Street Address').fill('401 N Wabash Ave');
    await m.getByLabel('ZIP Code').fill('60611');
    await m.getByRole('radio', { name: 'Advertise + Messaging' }).check();
    await expect(m.getByText('Messaging activates after payment.')).toBeVisible();
    await m.getByRole('checkbox', { name: /accept the Merchant Terms of Service/ }).check();
    await m.getByRole('button', { name: 'Create Merchant Account' }).click();
    await expect(m.getByRole('heading', { name: 'Registration Submitted!', level: 1 })).toBeVisible();

    // 2. It follows the link in the verification e-mail and lands on its dashboard, waiting for review.
    const verification = await latestMail(email, 'email_verification');
    await m.goto(linkIn(verification.text, '/auth/callback'));
    await m.waitForURL((u) => u.pathname === '/merchant/dashboard');
    await expect(m.getByRole('heading', { name: 'Under Review', level: 2 })).toBeVisible();
    await expect(m.getByText(name).first()).toBeVisible();

    // 3. An admin signs in with the 6-digit code from the e-mail and approves the registration.
    const admin = await newAdmin('Journey 15 Admin');
    const { page: a } = await newPage({ width: 1280, height: 900 });
    await a.goto('/admin-login');
    await a.getByTestId('admin-email').fill(admin.email);
    await a.getByTestId('admin-password').fill(admin.password);
    await a.getByRole('button', { name: 'Continue' }).click();
    await expect(a.getByTestId('admin-code')).toBeVisible();
    await a.getByTestId('admin-code').fill(codeIn((await latestMail(admin.email, 'admin_access_code')).text));
    await a.getByRole('button', { name: 'Verify Code' }).click();
    await a.waitForURL('**/admin/dashboard**');
    await a.goto('/admin/dashboard?tab=approval');
    const request = a
      .getByRole('list', { name: 'New pending approvals' })
      .getByRole('listitem')
      .filter({ has: a.getByRole('heading', { name }) });
    await expect(request).toContainText('Advertise + Messaging');
    await expect(request).toContainText('E-mail verified');
    await request.getByRole('button', { name: 'Approve', exact: true }).click();
    // Every approval is confirmed first (issue 39).
    const confirmApprove = a.getByRole('dialog', { name: `Approve ${name}?` });
    await expect(confirmApprove).toContainText('Advertise + Messaging');
    await confirmApprove.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(toast(a, 'Merchant Approved')).toBeVisible();
    await expect(request).toHaveCount(0);

    // 4. The merchant, approved, pays the $15/month subscription on the hosted sandbox card page.
    await m.reload();
    // The status cards are on the Business Page tab (issue 39: the tabs come first).
    await openSection(m, 'Business Page');
    await expect(m.getByRole('listitem').filter({ hasText: 'Admin Review' })).toContainText('Approved');
    await openSection(m, /Customer Messages/);
    await m.getByRole('button', { name: 'Pay $15.00/month' }).click();
    await m.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
    await m.getByLabel('Card number').fill('4242 4242 4242 4242');
    await m.getByLabel('Expiry (MM/YY)').fill('12/39');
    await m.getByLabel('CVC').fill('123');
    await m.getByLabel('Name on card').fill(name);
    await m.getByRole('button', { name: 'Pay $15.00' }).click();
    await m.waitForURL((u) => u.pathname === '/merchant/dashboard');
    await expect(toast(m, 'Subscription Activated!')).toBeVisible();
    await openSection(m, 'Business Page');
    await expect(m.getByText('Messaging status: Active')).toBeVisible();

    // 5. It fills in its Business Page card: opening hours and highlights.
    for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) await m.getByRole('checkbox', { name: day }).check();
    await m.getByLabel('Saturday opens').fill('10:00');
    await m.getByLabel('Saturday closes').fill('16:00');
    await m.getByLabel('Highlight 1', { exact: true }).fill('Over 60 loose-leaf teas');
    await m.getByRole('button', { name: 'Add highlight' }).click();
    await m.getByLabel('Highlight 2', { exact: true }).fill('Quiet reading room');
    await m.getByRole('button', { name: 'Save business page' }).click();
    await expect(toast(m, 'Business page updated')).toBeVisible();

    // 6. A new customer types the business's name in the header search: it is in the Businesses group.
    const customer = await newCustomer('adv-msg');
    const { page } = await newPage({ width: 1280, height: 900 });
    await page.goto('/');
    // The header's search box is a combobox (its suggestions, ARIA 1.2).
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search deals' }).filter({ visible: true });
    await search.fill(name);
    await search.press('Enter');
    await page.waitForURL((u) => u.pathname === '/deals' && u.searchParams.get('search') === name);
    const businesses = page.getByRole('region', { name: 'Businesses' });
    const link = businesses.getByRole('link', { name });
    await expect(link).toHaveAttribute('href', /^\/businesses\/marigold-lantern-teahouse-/);
    await expectAccessible(page);
    await shot(page, 'search-results-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(link).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'search-results-375');

    // 7. It opens the business page: rendered on the server, with the hours and highlights just saved.
    await link.click();
    await page.waitForURL((u) => u.pathname.startsWith('/businesses/marigold-lantern-teahouse-'));
    const slugPath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const html = await (await page.request.get(slugPath)).text();
    expect(html).toContain(name);
    expect(html).toContain('Quiet reading room');
    const hours = page.getByRole('table', { name: 'Opening hours by day' });
    await expect(hours.getByRole('row', { name: /Saturday/ })).toContainText('10:00 AM – 4:00 PM');
    await expect(hours.getByRole('row', { name: /Monday/ })).toContainText('Closed');
    await expect(page.getByText('Over 60 loose-leaf teas')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'business-page-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'business-page-1280');

    // 8. "Message this business": signs the visitor in, brings them back, and sends the message.
    await page.getByRole('link', { name: 'Message this business' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByTestId('customer-login-email').fill(customer.email);
    await page.getByTestId('customer-login-password').fill(customer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((u) => u.pathname === slugPath);
    // Back on the page, the dialog opens by itself (a click here raced it: on a busy machine the dialog's
    // overlay was already up and took the click).
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: `Message ${name}` })).toBeVisible();
    const subject = `Private room for a book club ${tag()}`;
    await dialog.getByLabel('Subject').fill(subject);
    await dialog.getByLabel('Message').fill('Could eight of us have the reading room on Saturday afternoon?');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message Sent')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // 9. The merchant reads it in its Customer Messages inbox.
    await m.goto('/merchant/dashboard?tab=messages');
    const received = m.getByRole('table', { name: 'Customer messages' }).getByRole('row').filter({ hasText: subject });
    await expect(received).toContainText('Could eight of us have the reading room on Saturday afternoon?');
    await received.getByRole('button').click();
    await expect(m.getByRole('dialog', { name: subject })).toContainText(customer.email);
  });
});
