import sharp from 'sharp';
import type { Page } from '@playwright/test';
import {
  animationsSettled,
  expect,
  expectAccessible,
  newApprovedMerchant,
  newCustomer,
  payMessagingSubscription,
  screenshot,
  signIn,
  test,
} from '../support/browser';

/*
 * Businesses are on the site (issue 15, docs/product/design.md §13): an Advertise + Messaging merchant sets up its
 * business page, a customer finds it, signs in from its "Message this business" button and writes;
 * the merchant reads the message in the inbox.
 */

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function shot(page: Page, name: string) {
  // From the top: a full-page capture of a scrolled page draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await animationsSettled(page);
  await screenshot(page, `business-page/${name}`);
}

const png = (width: number, height: number, background: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

test.describe('business page', () => {
  test('an Advertise + Messaging merchant sets up its page; a customer opens it, signs in from it and messages the business; the merchant reads it', async ({
    newPage,
  }) => {
    const name = `Bluebird Tailors ${tag()}`;
    const merchant = await newApprovedMerchant(name, 'advertise_messaging');
    await payMessagingSubscription(merchant.cookie);

    // The merchant adds a logo, a cover, opening hours and highlights from the dashboard.
    const { page: m, context: mc } = await newPage({ width: 1280, height: 900 });
    await signIn(mc, merchant.cookie);
    // The business page editor is its own dashboard tab (issue 39).
    await m.goto('/merchant/dashboard?tab=business');
    await expect(m.getByRole('main').getByText('Business Page', { exact: true }).last()).toBeVisible();
    const files = m.locator('input[type="file"]');
    await files.nth(0).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png(400, 400, { r: 30, g: 90, b: 160 }) });
    await expect(m.getByRole('img', { name: 'Your logo' })).toBeVisible();
    await files.nth(1).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await png(1500, 500, { r: 200, g: 160, b: 90 }) });
    await expect(m.getByRole('img', { name: 'Your cover image' })).toBeVisible();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'])
      await m.getByRole('checkbox', { name: day }).check();
    await m.getByLabel('Saturday opens').fill('10:00');
    await m.getByLabel('Saturday closes').fill('14:00');
    await m.getByLabel('Highlight 1', { exact: true }).fill('Alterations within a week');
    await m.getByRole('button', { name: 'Add highlight' }).click();
    await m.getByLabel('Highlight 2', { exact: true }).fill('Wedding and formal wear');
    await m.getByRole('button', { name: 'Save business page' }).click();
    await expect(m.getByText('Business page updated')).toBeVisible();
    // Checked from the top: content scrolled under the sticky header counts as overlapped for axe.
    await m.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(m);
    await shot(m, 'dashboard-business-page-1280');
    const href = await m.getByRole('link', { name: 'View your public page' }).getAttribute('href');
    expect(href).toMatch(/^\/businesses\/bluebird-tailors-/);
    const slug = href!.split('/').pop()!;

    // A visitor on a phone: the page is there, rendered on the server with a 200.
    const account = await newCustomer('business-page');
    const { page } = await newPage({ width: 375, height: 812 });
    const res = await page.goto(`/businesses/${slug}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('A neighbourhood restaurant registered by a journey for its own deals.')).toBeVisible();
    await expect(page.getByRole('link', { name: '(312) 555-0142' })).toHaveAttribute('href', 'tel:3125550142');
    await expect(page.getByRole('img', { name: `${name} logo` })).toBeVisible();
    const hours = page.getByRole('table', { name: 'Opening hours by day' });
    await expect(hours.getByRole('row', { name: /Saturday/ })).toContainText('10:00 AM – 2:00 PM');
    await expect(hours.getByRole('row', { name: /Sunday/ })).toContainText('Closed');
    await expect(page.getByText('Wedding and formal wear')).toBeVisible();
    await expect(page.getByText('No live deals right now.')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'business-page-375');

    // "Message this business" says a visitor signs in first, sends them to sign in, and back to the page
    // with the dialog open (issue 38 item 12).
    const write = page.getByRole('link', { name: 'Message this business' });
    await expect(write).toHaveAccessibleDescription('Sign in first: you come straight back here to write your message.');
    await write.click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByTestId('customer-login-email').fill(account.email);
    await page.getByTestId('customer-login-password').fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/businesses/${slug}` && !u.searchParams.has('message'));
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: `Message ${name}` })).toBeVisible();
    await dialog.getByLabel('Subject').fill('Hemming a pair of trousers');
    await dialog.getByLabel('Message').fill('Could you hem a pair of suit trousers by Friday?');
    await expectAccessible(page);
    await shot(page, 'business-page-message-375');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message Sent')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The same page at 1280 px.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'business-page-1280');

    // The merchant reads it in the Customer Messages inbox: no deal, from the business page.
    await m.goto('/merchant/dashboard?tab=messages');
    await expect(m.getByText('Hemming a pair of trousers')).toBeVisible();
  });
});
