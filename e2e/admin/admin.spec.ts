import type { Page } from '@playwright/test';
import { ADMIN_AUTH_MESSAGES, formatCents } from '@localperks/shared';
import {
  codeIn,
  DEMO,
  demoPassword,
  expect,
  expectAccessible,
  latestMail,
  login,
  newApprovedMerchant,
  newCustomer,
  newStandardDeal,
  screenshot,
  test,
  uniqueEmail,
  openSection,
  sectionLink,
} from '../support/browser';

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const SUBJECT = `Voucher question ${stamp}`;
const REPLY = 'We spoke to the shop: your voucher is valid until the end of the month.';
const NEW_ADMIN = { name: 'Robin Ops', email: uniqueEmail('new-admin'), password: 'Adm1nSecure' };
const REASON = `The deal promises a free dessert that the merchant does not offer (Merchant Terms, content rules; ${stamp}).`;
const MERCHANT = `Moderated Diner ${stamp}`;
const DEAL = `Dessert tasting for two ${stamp}`;

/** Full-page screenshots from the top, so the sticky header sits where a person sees it. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}
const seen = (page: Page, text: string | RegExp) => expect(page.getByText(text).first()).toBeVisible();

/** Both steps of /admin-login with the code read from the mailbox; lands on the dashboard. */
async function adminSignIn(page: Page, email: string, password: string) {
  await page.goto('/admin-login');
  await expect(page.getByRole('heading', { name: 'Admin Access', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByLabel('Access Code', { exact: true })).toBeVisible();
  const code = codeIn((await latestMail(email, 'admin_access_code')).text);
  // Development mode (the e2e server runs in it) also shows the code on screen.
  await expect(page.getByTestId('dev-access-code')).toHaveText(code);
  return code;
}

test.describe('admin dashboard', () => {
  test('signs in with the mailed code, moderates a deal, answers a ticket the customer then reads, adds an admin, and shows the audit trail', async ({
    newPage,
  }) => {
    // Its own customer, and its own merchant with a live deal to moderate.
    const account = await newCustomer();
    const ownDeal = await newStandardDeal(DEAL, (await newApprovedMerchant(MERCHANT)).cookie);
    // A customer writes through the contact form while signed in.
    const { page: customer } = await newPage({ width: 375, height: 812 });
    await login(customer, account.email, account.password);
    await customer.waitForURL((u) => u.pathname === '/');
    await customer.goto('/contact');
    await customer.getByLabel('Name').fill('Casey Customer');
    await customer.getByLabel('Email').fill(account.email);
    await customer.getByLabel('Subject').fill(SUBJECT);
    await customer.getByLabel('Message').fill('The shop said my voucher code was not valid yesterday. Can you help?');
    await customer.getByRole('button', { name: 'Send Message', exact: true }).click();
    await seen(customer, 'Thanks, your message was received.');
    // A merchant registers, so an approval is pending (the Merchant Approval badge counts it).
    const registered = await customer.evaluate(async (email) => {
      const res = await fetch('/api/merchants/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email,
          password: 'Merch4ntPass',
          confirmPassword: 'Merch4ntPass',
          businessName: 'Badge Count Bakery',
          description: 'Bread and pastries baked every morning.',
          website: '',
          phone: '(312) 555-0142',
          city: 'Chicago',
          state: 'IL',
          addressLine1: '233 S Wacker Dr',
          zip: '60606',
          plan: 'deals_messaging',
          acceptTerms: true,
        }),
      });
      return res.status;
    }, uniqueEmail('pending'));
    expect(registered).toBe(201);
    // A signed-in non-admin is sent home from the admin pages.
    await customer.goto('/admin-login');
    await customer.waitForURL((u) => u.pathname === '/');
    await customer.goto('/admin/dashboard');
    await customer.waitForURL((u) => u.pathname === '/');

    const { page } = await newPage({ width: 1280, height: 900 });
    // A visitor is sent to the access page.
    await page.goto('/admin/dashboard');
    await page.waitForURL((u) => u.pathname === '/admin-login');
    await expect(page.getByRole('heading', { name: 'Admin Access', level: 1 })).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await seen(page, 'Please enter a valid email address');
    await seen(page, 'Password must be at least 6 characters');
    await expectAccessible(page);
    await shot(page, 'admin-login-1280');

    // A customer's credentials are refused.
    await page.getByLabel('Email').fill(DEMO.customer);
    await page.getByLabel('Password').fill(demoPassword());
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await seen(page, ADMIN_AUTH_MESSAGES.notAdmin);

    const code = await adminSignIn(page, DEMO.admin, demoPassword());
    await expectAccessible(page);
    await shot(page, 'admin-login-code-1280');
    // Back returns to the credentials step; signing in again mails a new code.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
    await page.getByLabel('Email').fill(DEMO.admin);
    await page.getByLabel('Password').fill(demoPassword());
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByLabel('Access Code', { exact: true })).toBeVisible();
    await expect(page.getByTestId('dev-access-code')).toBeVisible();
    const fresh = (await page.getByTestId('dev-access-code').textContent())!;
    // The mailbox's newest code is the one on screen (a new one was mailed for this sign-in).
    await expect.poll(async () => codeIn((await latestMail(DEMO.admin, 'admin_access_code')).text), { timeout: 10_000 }).toBe(fresh);
    await page.getByLabel('Access Code', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Verify Code', exact: true }).click();
    await seen(page, ADMIN_AUTH_MESSAGES.codeFormat);
    // The first code stopped working when the new one was issued.
    await page.getByLabel('Access Code', { exact: true }).fill(code !== fresh ? code : fresh === '000000' ? '000001' : '000000');
    await page.getByRole('button', { name: 'Verify Code', exact: true }).click();
    await seen(page, ADMIN_AUTH_MESSAGES.codeInvalid);
    await page.getByLabel('Access Code', { exact: true }).fill(fresh);
    await page.getByRole('button', { name: 'Verify Code', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/admin/dashboard');

    // Overview: the figures are the database's.
    await seen(page, 'Welcome back, ');
    await seen(page, 'Manage merchants, deals, and payouts.');
    // Other journeys add merchants, deals and sales while this one runs: the page and the API are
    // compared until both show the same moment (the dashboard follows live, or a reload catches up).
    await expect(async () => {
      const overview = (await (await page.request.get('/api/admin/overview')).json()) as {
        stats: {
          totalMerchants: number;
          approvedMerchants: number;
          totalDeals: number;
          activeDeals: number;
          totalRevenueCents: number;
          currentPeriodPayoutCents: number;
        };
        pendingApprovals: number;
      };
      const quick = { timeout: 2_000 };
      try {
        await expect(page.getByText(`${overview.stats.approvedMerchants} approved`).first()).toBeVisible(quick);
        await expect(page.getByText(`${overview.stats.activeDeals} active`).first()).toBeVisible(quick);
        await expect(page.getByText(formatCents(overview.stats.totalRevenueCents)).first()).toBeVisible(quick);
        expect(overview.pendingApprovals).toBeGreaterThan(0);
        await expect(sectionLink(page, /Merchant Approval/)).toHaveText(`Merchant Approval${overview.pendingApprovals} pending`, quick);
      } catch (err) {
        await page.reload();
        await seen(page, 'Manage merchants, deals, and payouts.');
        throw err;
      }
    }).toPass({ timeout: 60_000 });
    await expect(page.getByText(/^Next payout: /)).toBeVisible();
    await expect(page.getByText(/^(Approved|Pending)$/).first()).toBeAttached();
    await expectAccessible(page);
    await shot(page, 'admin-overview-1280');

    // A merchant's deals; one is deactivated with a reason (this journey's own merchant and deal).
    const merchants = page.getByRole('button', { name: /deals? · \d+ active/ });
    await merchants.filter({ hasText: MERCHANT }).click();
    await seen(page, 'Back to Merchants');
    const title = ownDeal.title;
    const deactivate = page.getByRole('button', { name: `Deactivate ${title}` });
    await deactivate.click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate Deal' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Deactivate Deal', exact: true })).toBeDisabled();
    await dialog.getByLabel('Reason for deactivation (required):').fill(REASON);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Deactivate Deal', exact: true }).click();
    await seen(page, 'Deal Deactivated');
    await seen(page, `Deactivated: ${REASON}`);
    await expect(page.getByRole('button', { name: `Deactivate ${title}` })).toHaveCount(0);
    await page.getByRole('button', { name: 'Back to Merchants', exact: true }).click();

    // Customer Support: status and a reply.
    await openSection(page, 'Customer Support');
    await seen(page, /^Support Tickets \(\d+\)$/);
    await page.getByRole('button', { name: new RegExp(SUBJECT) }).click();
    await page.getByLabel('Ticket status').selectOption('in_progress');
    await seen(page, 'Ticket status updated to In Progress');
    await page.getByRole('button', { name: 'Reply to Customer', exact: true }).click();
    await page.getByRole('button', { name: 'Send Reply', exact: true }).click();
    await seen(page, 'Missing Information');
    await seen(page, 'Please provide both subject and message.');
    await page.getByLabel('Message').fill(REPLY);
    await page.getByRole('button', { name: 'Send Reply', exact: true }).click();
    await seen(page, 'Reply Sent');
    await seen(page, REPLY);
    await expectAccessible(page);
    await shot(page, 'admin-support-1280');
    expect((await latestMail(account.email, 'support_reply')).text).toContain(REPLY);

    // The customer reads the reply in their account and answers.
    await customer.goto('/profile?tab=support');
    await customer.getByRole('button', { name: new RegExp(SUBJECT) }).click();
    await seen(customer, REPLY);
    await customer.getByLabel('Your reply').fill('Thank you, it worked today.');
    await customer.getByRole('button', { name: 'Send', exact: true }).click();
    await seen(customer, 'Thank you, it worked today.');
    await expectAccessible(customer);
    await shot(customer, 'account-support-375');
    // The admin's open thread follows live.
    await seen(page, 'Thank you, it worked today.');

    // Settings: a new admin; the audit trail shows every action of this journey.
    await openSection(page, 'Settings');
    await page.getByLabel('Full Name').fill(NEW_ADMIN.name);
    await page.getByLabel('Email').fill(NEW_ADMIN.email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create Admin', exact: true }).click();
    await seen(page, 'Password must be at least 8 characters');
    await page.getByLabel('Password').fill(NEW_ADMIN.password);
    await page.getByRole('button', { name: 'Create Admin', exact: true }).click();
    await seen(page, 'Admin Created');
    await expectAccessible(page);
    await shot(page, 'admin-settings-1280');
    // The audit trail is the Audit Trail section's table: Settings links to its changes to admins.
    await page.getByRole('main').getByRole('link', { name: 'Changes to admins' }).click();
    await expect(sectionLink(page, 'Audit Trail')).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveURL((u) => u.pathname === '/admin/audit' && u.searchParams.get('status') === 'admin');
    const trail = page.getByRole('table', { name: 'Audit trail' });
    const created = trail.getByRole('row').filter({ hasText: NEW_ADMIN.email }).filter({ hasText: 'admin.created' });
    await expect(created).toContainText(NEW_ADMIN.name);
    await expect(trail.getByText('deal.deactivated')).toHaveCount(0);
    // Every action of this journey, in the whole trail: the deal taken down with its reason, the ticket's status.
    await page.getByLabel('Done to').selectOption('');
    await page.getByRole('searchbox', { name: /^Search the audit trail/ }).fill(stamp);
    await page.getByRole('button', { name: 'Search the audit trail' }).click();
    await expect(trail.getByRole('row').filter({ hasText: 'deal.deactivated' })).toContainText(REASON);
    await expect(trail.getByRole('row').filter({ hasText: 'ticket.status_changed' }).first()).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'admin-audit-from-settings-1280');

    // Logout: toast, home (not the admin sign-in the dashboard's guard would send a signed-out visitor to).
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await seen(page, 'Logged Out');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveURL((u) => u.pathname === '/' && u.search === '');

    // The new admin signs in on a phone with their own mailed code.
    const { page: phone } = await newPage({ width: 375, height: 812 });
    const newCode = await adminSignIn(phone, NEW_ADMIN.email, NEW_ADMIN.password);
    await shot(phone, 'admin-login-code-375');
    await phone.getByLabel('Access Code', { exact: true }).fill(newCode);
    await phone.getByRole('button', { name: 'Verify Code', exact: true }).click();
    await phone.waitForURL((u) => u.pathname === '/admin/dashboard');
    await seen(phone, `Welcome back, ${NEW_ADMIN.name}`);
    await seen(phone, 'Total Merchants');
    await expectAccessible(phone);
    await shot(phone, 'admin-overview-375');
    await openSection(phone, 'Customer Support');
    await phone.getByRole('button', { name: new RegExp(SUBJECT) }).click();
    await seen(phone, REPLY);
    await shot(phone, 'admin-support-375');
    await openSection(phone, 'Settings');
    // In the section: the console's navigation (a closed drawer here) has an Audit Trail section of its own too.
    await expect(phone.getByRole('main').getByText('Audit Trail').first()).toBeVisible();
    await shot(phone, 'admin-settings-375');
    // The signed-in admin going to /admin-login lands on the dashboard.
    await phone.goto('/admin-login');
    await phone.waitForURL((u) => u.pathname === '/admin/dashboard');
  });
});
