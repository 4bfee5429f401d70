import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { CUSTOMER_MESSAGE_MESSAGES, MERCHANT_DEAL_MESSAGES } from '@localperks/shared';
import { DEMO, expect, expectAccessible, latestMail, login, newCustomer, newStandardDeal, screenshot, test } from '../support/browser';

const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const DEAL_TITLE = `Riverside tasting menu ${tag}`;
const BOOST_TITLE = `Boosted brunch club ${tag}`;
const MESSAGED_TITLE = `Chef's table for two ${tag}`;

/** Full-page screenshots from the top, so the sticky header sits where a person sees it. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function merchantSignsIn(page: Page) {
  await login(page, DEMO.merchant);
  await page.waitForURL((u) => u.pathname === '/merchant/dashboard');
}

async function fillDeal(page: Page, title: string, opts: { description?: string } = {}) {
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page
    .getByLabel('Description', { exact: true })
    .fill(opts.description ?? 'A five-course seasonal tasting menu for two by the river, with a glass of wine each.');
  await page.getByLabel('Highlight 1', { exact: true }).fill('Five seasonal courses');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Restaurants' });
  await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Chicago, IL' });
  await page.getByLabel('Original price ($)').fill('120');
  await page.getByLabel('Deal price ($)').fill('79.50');
  const d = new Date(Date.now() + 30 * 86_400_000);
  await page
    .getByLabel('Expiration date')
    .fill(`${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`);
}

test.describe('merchant deals, PerkBoost and customer messages', () => {
  test('the demo merchant creates a deal with an image, it shows on /deals, and launches a paid PerkBoost deal (1280 px)', async ({
    newPage,
  }) => {
    const { page, context } = await newPage({ width: 1280, height: 900 });
    await merchantSignsIn(page);
    await page.goto('/merchant/dashboard?tab=deals');
    await expect(page.getByRole('heading', { name: 'My Deals' })).toBeVisible();
    await page.getByRole('link', { name: 'Create Deal' }).click();
    await page.waitForURL((u) => u.pathname === '/merchant/deals/new');
    await expect(page.getByRole('heading', { name: 'Create Deal', level: 1 })).toBeVisible();

    // A blank form shows the rules' messages and sends nothing.
    await page.getByLabel('Location', { exact: true }).selectOption('');
    await page.getByRole('button', { name: 'Create Deal' }).click();
    for (const message of [
      MERCHANT_DEAL_MESSAGES.titleMin,
      MERCHANT_DEAL_MESSAGES.descriptionMin,
      MERCHANT_DEAL_MESSAGES.categoryRequired,
      MERCHANT_DEAL_MESSAGES.locationRequired,
      MERCHANT_DEAL_MESSAGES.originalPriceRequired,
      MERCHANT_DEAL_MESSAGES.expirationRequired,
    ]) {
      await expect(page.getByText(message, { exact: true }).first(), message).toBeVisible();
    }
    await expectAccessible(page);

    await fillDeal(page, DEAL_TITLE, {
      description: 'A five-course seasonal tasting menu for two by the river. Reserve at (312) 555-0199 today.',
    });
    await page.getByLabel('Deal price ($)').fill('130');
    await page.getByRole('button', { name: 'Create Deal' }).click();
    await expect(page.getByText(MERCHANT_DEAL_MESSAGES.dealBelowOriginal)).toBeVisible();
    await page.getByLabel('Deal price ($)').fill('79.50');
    await expect(page.getByText('34% off')).toBeVisible();
    // The phone number is flagged before saving.
    await expect(page.getByText(/will be removed when you save/)).toBeVisible();

    const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 180, g: 90, b: 40 } } })
      .png()
      .toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: 'dinner.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('img', { name: 'Deal image 1 (cover)' })).toBeVisible();
    // Something that is not an image is refused by the server.
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
    await expect(page.getByText(`notes.png: ${MERCHANT_DEAL_MESSAGES.uploadNotImage}`)).toBeVisible();
    await shot(page, 'merchant-deal-new-1280');

    await page.getByRole('button', { name: 'Create Deal' }).click();
    await expect(toast(page, MERCHANT_DEAL_MESSAGES.phoneRemovedTitle)).toBeVisible();
    await expect(toast(page, 'Deal Created')).toBeVisible();
    await page.waitForURL((u) => u.pathname === '/merchant/deals');
    // My Deals' list is the console's table: the new deal is its row.
    await expect(page.getByRole('table', { name: 'Your deals' }).getByRole('row').filter({ hasText: DEAL_TITLE })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'merchant-deals-tab-1280');

    // It is on /deals right away, with its image and without the phone number.
    await page.goto(`/deals?search=${encodeURIComponent(tag)}`);
    const card = page.getByRole('link', { name: new RegExp(DEAL_TITLE) }).first();
    await expect(card).toBeVisible();
    await card.click();
    await page.waitForURL(/\/deals\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: DEAL_TITLE, level: 1 })).toBeVisible();
    await expect(page.getByText('555-0199')).toHaveCount(0);
    await expect(page.locator('img[src^="/uploads/deals/"]').first()).toBeAttached();

    // PerkBoost: saved as a draft, paid on the sandbox card page, then live for voting.
    await page.goto('/merchant/deals/new');
    await expect(page.getByRole('heading', { name: 'Create Deal', level: 1 })).toBeVisible();
    await fillDeal(page, BOOST_TITLE);
    await page.getByRole('checkbox', { name: /Launch as PerkBoost/ }).check();
    for (const text of ['$9.99', '$24.99', '$49.99', '$89.99', 'Popular', 'Best Value'])
      await expect(page.getByText(text, { exact: true }), text).toBeVisible();
    await page.getByText('7 days', { exact: true }).click();
    await page.getByLabel('Votes required', { exact: true }).fill('25');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await expect(page.getByRole('heading', { name: 'Pay with card' })).toBeVisible();
    await expect(page.getByText('$49.99').first()).toBeVisible();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Windy City Bistro');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL((u) => /^\/merchant\/deals\/[0-9a-f-]{36}\/edit$/.test(u.pathname), { timeout: 20_000 });
    await expect(page.getByText('Your PerkBoost deal is live')).toBeVisible();
    await expect(page.getByText('Voting', { exact: true })).toBeVisible();
    await shot(page, 'merchant-deal-boost-paid-1280');

    // Boosted deals come first on browse; a live PerkBoost deal cannot be deleted.
    await page.goto('/merchant/dashboard?tab=deals');
    await expect(page.getByRole('table', { name: 'Your deals' }).getByRole('row').filter({ hasText: BOOST_TITLE })).toBeVisible();
    await page.getByRole('button', { name: `Delete “${BOOST_TITLE}”` }).click();
    await expect(toast(page, MERCHANT_DEAL_MESSAGES.cannotDeleteTitle)).toBeVisible();
    await context.close();
  });

  test('a customer messages the merchant from the deal page; the merchant answers in Customer Messages; the customer sees the reply (375 px)', async ({
    newPage,
  }) => {
    // Its own deal (the demo merchant's, so the demo inbox receives the message) and its own customer.
    const deal = await newStandardDeal(MESSAGED_TITLE);
    const account = await newCustomer();
    // The merchant has the inbox open before the message arrives: it shows up live.
    const merchant = await newPage({ width: 375, height: 812 });
    await merchantSignsIn(merchant.page);
    await merchant.page.goto('/merchant/dashboard?tab=messages');
    await expect(merchant.page.getByRole('heading', { name: 'Customer Messages' })).toBeVisible();

    const customer = await newPage({ width: 375, height: 812 });
    await login(customer.page, account.email, account.password);
    await customer.page.waitForURL((u) => u.pathname === '/');
    await customer.page.goto(`/deals/${deal.id}`);
    await customer.page.getByRole('button', { name: 'Message the merchant' }).click();
    const dialog = customer.page.getByRole('dialog', { name: 'Message Windy City Bistro' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(dialog.getByText(CUSTOMER_MESSAGE_MESSAGES.messageRequired)).toBeVisible();
    await dialog.getByLabel('Message').fill(`Is the tasting menu vegetarian-friendly? (${tag})`);
    await expectAccessible(customer.page);
    await shot(customer.page, 'customer-message-dialog-375');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast(customer.page, CUSTOMER_MESSAGE_MESSAGES.sentTitle)).toBeVisible();

    // The inbox is the Customer Messages table: the message's row, opened by its subject's button.
    const item = merchant.page
      .getByRole('table', { name: 'Customer messages' })
      .getByRole('row')
      .filter({ hasText: new RegExp(`vegetarian-friendly\\? \\(${tag}\\)`) });
    await expect(item).toBeVisible();
    await expect(item.getByText('Unread')).toBeVisible();
    // The customer keeps Account → Messages open while the merchant answers.
    await customer.page.goto('/profile?tab=messages');
    await expect(customer.page.getByText('Awaiting reply').first()).toBeVisible();
    await expectAccessible(merchant.page);
    await shot(merchant.page, 'merchant-inbox-375');
    await item.getByRole('button').click();
    const thread = merchant.page.getByRole('dialog');
    await expect(thread.getByText('Read', { exact: true })).toBeVisible();
    await thread.getByRole('button', { name: 'Send Response' }).click();
    await expect(thread.getByText(CUSTOMER_MESSAGE_MESSAGES.responseRequired)).toBeVisible();
    await thread.getByLabel('Your response').fill('Yes! Tell us when you book and the chef makes every course vegetarian.');
    await expectAccessible(merchant.page);
    await shot(merchant.page, 'merchant-inbox-respond-375');
    await thread.getByRole('button', { name: 'Send Response' }).click();
    await expect(toast(merchant.page, CUSTOMER_MESSAGE_MESSAGES.responseSent)).toBeVisible();
    await expect(thread.getByText('Responded', { exact: true })).toBeVisible();

    // The reply shows up live on the customer's open page, and comes by e-mail.
    await expect(customer.page.getByText('Yes! Tell us when you book')).toBeVisible();
    const mail = await latestMail(account.email, 'customer_message_response');
    expect(mail.subject).toContain('Windy City Bistro replied');
    await expectAccessible(customer.page);
    await shot(customer.page, 'customer-messages-375');
    await customer.page.setViewportSize({ width: 1280, height: 900 });
    await shot(customer.page, 'customer-messages-1280');

    // The merchant's own pages at 375 px.
    await merchant.page.keyboard.press('Escape');
    await merchant.page.goto('/merchant/dashboard?tab=deals');
    await expect(
      merchant.page.getByRole('table', { name: 'Your deals' }).getByRole('row').filter({ hasText: MESSAGED_TITLE }),
    ).toBeVisible();
    await shot(merchant.page, 'merchant-deals-tab-375');
    await merchant.page.goto('/merchant/dashboard?tab=analytics');
    await expect(merchant.page.getByRole('heading', { name: 'Revenue & Analytics' })).toBeVisible();
    await expectAccessible(merchant.page);
    await shot(merchant.page, 'merchant-analytics-375');
    await merchant.page.goto('/merchant/deals/new');
    await expect(merchant.page.getByRole('heading', { name: 'Create Deal', level: 1 })).toBeVisible();
    await expectAccessible(merchant.page);
    await shot(merchant.page, 'merchant-deal-new-375');

    // The same pages at 1280 px.
    await merchant.page.setViewportSize({ width: 1280, height: 900 });
    await merchant.page.goto('/merchant/dashboard?tab=analytics');
    await expect(merchant.page.getByRole('heading', { name: 'Sales by Deal' })).toBeVisible();
    await expectAccessible(merchant.page);
    await shot(merchant.page, 'merchant-analytics-1280');
    await merchant.page.goto('/merchant/dashboard?tab=messages');
    await expect(merchant.page.getByText('Responded (', { exact: false })).toBeVisible();
    await expectAccessible(merchant.page);
    await shot(merchant.page, 'merchant-inbox-1280');
    await customer.context.close();
    await merchant.context.close();
  });
});
