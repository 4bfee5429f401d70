import {
  adminSignIn,
  apiCall,
  checkBothWidths,
  expect,
  expectAccessible,
  login,
  newAdmin,
  newApprovedMerchant,
  newCustomer,
  screenshotFromTop,
  signIn,
  test,
  toastWith,
  openSection,
  sectionLink,
  sectionLinks,
} from '../support/browser';

/*
 * Power taken away and handed out (issue 33; docs/decisions/0062-roles-and-staff.md, 0063-suspensions-and-bans.md):
 * admin roles as the pages show them, suspending and reinstating a business, banning a customer, the searchable
 * audit trail, and ticket assignment with internal notes.
 */

const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe('admin roles and the power to take away', () => {
  test('a support admin works tickets and customers but cannot open payouts, and bans a customer, who is told why at sign-in', async ({
    newPage,
  }) => {
    const customer = await newCustomer('ban');
    // A ticket from the customer's account, for the support admin to take.
    const ticket = await apiCall(
      '/api/support/my-tickets',
      { subject: `Refund again ${tag}`, message: 'I want a refund for this voucher as well, please.' },
      customer.cookie,
    );
    expect(ticket.status, JSON.stringify(ticket.json)).toBe(201);
    const support = await newAdmin(`Sam Support ${tag}`, 'support');
    const { page } = await newPage({ width: 1280, height: 900 });
    await adminSignIn(page, support);

    // Support's sections only: no payouts, settings, approvals or businesses.
    await expect(sectionLinks(page)).toHaveText(['Customers', 'Orders', 'Vouchers', 'Refunds', 'Customer Support', 'Reviews']);
    await expect(page.getByText('Support · Manage merchants, deals, and payouts.')).toBeVisible();
    // Payouts by their address: the page says so, and the server refuses the data.
    await page.goto('/admin/dashboard?tab=payouts');
    await expect(page.getByRole('alert').filter({ hasText: 'Payout Management is not available to you' })).toContainText(
      'Your admin role (Support) does not include Payout Management.',
    );
    await expect(sectionLink(page, 'Payout Management')).toHaveCount(0);
    const refused = await page.request.get('/api/admin/payouts');
    expect(refused.status()).toBe(403);
    await checkBothWidths(page, 'admin-support-refused-payouts', () => expect(page.getByRole('alert').first()).toBeVisible());

    // Tickets: assign to oneself and add an internal note.
    await page.getByRole('button', { name: 'Back to your dashboard' }).click();
    await openSection(page, 'Customer Support');
    await page.getByRole('button', { name: new RegExp(`Refund again ${tag}`) }).click();
    await page.getByLabel('Assigned to').selectOption({ label: support.name });
    await expect(toastWith(page, `Ticket assigned to ${support.name}`)).toBeVisible();
    await page.getByLabel('New note').fill('Third refund request this month: check the refunds tab before answering.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByRole('list', { name: 'Internal notes' })).toContainText('Third refund request this month');
    await checkBothWidths(page, 'admin-ticket-assigned-notes', () =>
      expect(page.getByRole('list', { name: 'Internal notes' })).toBeVisible(),
    );
    // The customer's own view of the ticket has no note.
    const mine = await apiCall(`/api/support/my-tickets/${(ticket.json.ticket as { id: string }).id}`, undefined, customer.cookie);
    expect(JSON.stringify(mine.json)).not.toContain('Third refund request');

    // Customers: ban with a reason, from the customer's row of the Customers table.
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSection(page, 'Customers');
    await page.getByRole('searchbox', { name: /^Search all customers/ }).fill(customer.email);
    await page.getByRole('button', { name: 'Search all customers', exact: true }).click();
    const row = page.getByRole('table', { name: 'Customers' }).getByRole('row').filter({ hasText: customer.email });
    await row.getByRole('button', { name: /^Ban / }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
    await expect(dialog.getByText('Please give a reason.')).toBeVisible();
    await dialog.getByLabel('Reason (the customer reads it)').fill('Abusive messages to several merchants.');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
    await expect(toastWith(page, 'Customer banned')).toBeVisible();
    await expect(row).toContainText('Banned');
    await checkBothWidths(page, 'admin-customers-banned', () => expect(row).toContainText('Abusive messages to several merchants.'));
    // Its session ended at once; signing in again is refused with the reason, on the page.
    expect((await apiCall('/api/purchases', undefined, customer.cookie)).status).toBe(401);
    const { page: c } = await newPage({ width: 375, height: 812 });
    await login(c, customer.email, customer.password);
    await expect(c.getByRole('alert').filter({ hasText: 'You cannot sign in' })).toContainText(
      'This account has been banned (Abusive messages to several merchants).',
    );
    await expectAccessible(c);
    await screenshotFromTop(c, 'customer-banned-sign-in-375');
  });

  test('an owner suspends a business: its page answers 404 and the merchant reads why; reinstated, the page is back; both in the audit trail', async ({
    newPage,
  }) => {
    const name = `Suspended Journey Grill ${tag}`;
    const merchant = await newApprovedMerchant(name);
    const slug = ((await apiCall('/api/merchant/business-profile', undefined, merchant.cookie)).json as { slug: string }).slug;
    const { page: visitor } = await newPage({ width: 1280, height: 900 });
    expect((await visitor.goto(`/businesses/${slug}`))!.status()).toBe(200);
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();

    const owner = await newAdmin(`Olive Owner ${tag}`);
    const { page } = await newPage({ width: 1280, height: 900 });
    await adminSignIn(page, owner);
    await openSection(page, 'Businesses');
    await page.getByRole('searchbox', { name: /^Search merchants/ }).fill(name);
    await page.getByRole('button', { name: 'Search merchants', exact: true }).click();
    const row = page.getByRole('table', { name: 'Merchants' }).getByRole('row').filter({ hasText: name });
    // Live: approved, not suspended, its public page one press away.
    await expect(row).toContainText('Approved');
    await expect(row.getByRole('link', { name: `Page of ${name}` })).toBeVisible();
    await checkBothWidths(page, 'admin-businesses', () => expect(row).toBeVisible());
    await row.getByRole('button', { name: `Suspend ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Suspend ${name}?` });
    await dialog.getByLabel('Reason (the merchant reads it)').fill('Vouchers refused at the counter, several complaints.');
    await checkBothWidths(page, 'admin-suspend-dialog', () => expect(dialog).toBeVisible());
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expect(toastWith(page, 'Business suspended')).toBeVisible();
    await expect(row).toContainText('Suspended');
    await expect(row).toContainText('Vouchers refused at the counter, several complaints.');

    // The business page is gone: 404, the not-found page.
    const gone = await visitor.goto(`/businesses/${slug}`);
    expect(gone!.status()).toBe(404);
    await expect(visitor.getByRole('heading', { level: 1 })).not.toHaveText(name);
    // The merchant reads why on its dashboard, with the thread to answer in.
    const { page: m } = await newPage({ width: 375, height: 812 });
    await signIn(m.context(), merchant.cookie);
    await m.goto('/merchant/dashboard');
    await expect(m.getByRole('alert').filter({ hasText: 'Your business is suspended' })).toContainText(
      'Vouchers refused at the counter, several complaints.',
    );
    await checkBothWidths(m, 'merchant-suspended-dashboard', () =>
      expect(m.getByText('Messages with the LocalPerks team').first()).toBeVisible(),
    );

    // Reinstated: the page is back.
    await row.getByRole('button', { name: `Reinstate ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Reinstate ${name}?` })
      .getByRole('button', { name: 'Reinstate', exact: true })
      .click();
    await expect(toastWith(page, 'Business reinstated')).toBeVisible();
    await expect(row).toContainText('Approved');
    await expect(row.getByRole('link', { name: `Page of ${name}` })).toBeVisible();
    expect((await visitor.goto(`/businesses/${slug}`))!.status()).toBe(200);
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();

    // Both in the audit trail (the Audit Trail section's table), found by the business's name and what was done to it.
    await openSection(page, 'Audit Trail');
    await page.getByRole('searchbox', { name: /^Search the audit trail/ }).fill(name);
    await page.getByRole('button', { name: 'Search the audit trail' }).click();
    await page.getByLabel('Done to').selectOption('merchant');
    await expect(page).toHaveURL((u) => u.searchParams.get('status') === 'merchant' && u.searchParams.get('q') === name);
    const entries = page.getByRole('table', { name: 'Audit trail' }).locator('tbody tr');
    // Its approval too (by the journeys' setup admin), the newest first.
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText('merchant.reinstated');
    await expect(entries.nth(1)).toContainText('merchant.suspended');
    await expect(entries.nth(1)).toContainText(name);
    await expect(entries.nth(2)).toContainText('merchant.approved');
    await checkBothWidths(page, 'admin-audit-search', () => expect(entries).toHaveCount(3));
  });
});
