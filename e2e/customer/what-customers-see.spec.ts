import type { Page } from '@playwright/test';
import sharp from 'sharp';
import {
  apiCall,
  baseUrl,
  buyVouchers,
  demoMerchantCookie,
  expect,
  expectAccessible,
  newApprovedMerchant,
  newCustomer,
  newStandardDeal,
  screenshot,
  signIn,
  test,
  trackRequests,
  uniqueEmail,
} from '../support/browser';

/*
 * What a customer audit found wrong on the customer side (issue 38): controls for the wrong role,
 * a far city presented as near, and the other defects a real customer trips on.
 */

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe('wrong role, wrong controls', () => {
  test('a merchant gets no favourites or cart in the side menu and no hearts on cards; only merchants see the phone-number rule', async ({
    newPage,
  }) => {
    const merchant = await newApprovedMerchant(`Role Check Diner ${tag()}`);
    const customer = await newCustomer('role-check');

    const m = await newPage({ width: 375, height: 812 });
    await signIn(m.context, merchant.cookie);
    await m.page.goto('/deals');
    await expect(m.page.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expect(m.page.getByRole('button', { name: /account menu for / })).toBeVisible();
    await expect(m.page.getByRole('button', { name: /favorites/i })).toHaveCount(0);
    await m.page.getByRole('button', { name: 'Open menu' }).click();
    const menu = m.page.getByRole('navigation', { name: 'Side menu' });
    await expect(menu.getByRole('link', { name: 'My Purchases' })).toBeVisible();
    await expect(menu.getByRole('link', { name: /^Favorites/ })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: /^Cart/ })).toHaveCount(0);
    await m.page.keyboard.press('Escape');
    await m.page.goto('/profile');
    await expect(m.page.getByText('Phone numbers are not allowed in deal descriptions and will be removed.')).toBeVisible();
    await m.context.close();

    const c = await newPage({ width: 375, height: 812 });
    await signIn(c.context, customer.cookie);
    await c.page.goto('/deals');
    await expect(c.page.getByRole('button', { name: 'Add to favorites' }).first()).toBeVisible();
    await c.page.goto('/profile');
    await expect(c.page.getByLabel('Display Name')).toBeVisible();
    await expect(c.page.getByText('Phone numbers are not allowed in deal descriptions')).toHaveCount(0);
    await c.context.close();
  });
});

test.describe('location', () => {
  test('"Use my location" far from every city says how far the nearest one is', async ({ newPage }) => {
    for (const width of [375, 1280]) {
      // Seattle: the nearest of the 12 cities is San Francisco, about 680 miles away.
      const { page, context } = await newPage({ width, geolocation: { latitude: 47.6062, longitude: -122.3321 } });
      await page.goto('/deals');
      if (width < 768) await page.getByRole('button', { name: /Filters/ }).click();
      await page.getByRole('button', { name: 'Use my location' }).click();
      await expect(page.getByText('Location Updated')).toBeVisible();
      const note = page.getByRole('status').filter({ hasText: 'not in your area yet' });
      await expect(note).toHaveText(/The nearest city we cover is San Francisco, CA, about \d{3} miles away\./);
      await expect(page.getByText(/Showing deals in San Francisco, CA\./)).toBeVisible();
      await expect(page.getByText('Showing deals near San Francisco, CA')).toHaveCount(0);
      await expectAccessible(page);
      await screenshot(page, `location-far-${width}`, { fullPage: false });
      await context.close();
    }
  });
});

/** The levels of the page's headings (header and footer aside), in document order. */
const headingLevels = (page: Page) =>
  page.locator('main').evaluate((main) => Array.from(main.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((h) => Number(h.tagName[1])));

/** No level is skipped on the way down (an h1 followed by an h3 is). */
function expectNoSkippedLevel(levels: number[], where: string) {
  expect(levels[0], `${where}: starts with its h1`).toBe(1);
  levels.forEach((level, i) => {
    if (i > 0) expect(level, `${where}: heading ${i + 1} of ${levels.join(',')}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
  });
}

test.describe('layout and copy', () => {
  test('every sign-in page has one h1, and signing up on /auth says to check the e-mail', async ({ newPage }) => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    for (const [path, h1] of [
      ['/login', 'Login'],
      ['/login?role=merchant', 'Merchant Login'],
      ['/auth', 'Login or Sign Up'],
      ['/register', 'Create Account'],
      ['/verify-email', 'Verify Email'],
      ['/forgot-password', 'Forgot Password'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(h1);
      await expect(page.locator('h1'), path).toHaveCount(1);
    }
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Email').fill(uniqueEmail('auth-signup'));
    await form.getByLabel('Password', { exact: true }).fill('Journey2025');
    await form.getByLabel('Confirm Password').fill('Journey2025');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your e-mail to verify your account.' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await expectAccessible(page);
    await screenshot(page, 'auth-signed-up-375', { fullPage: false });
    await context.close();
  });

  test('/perkboost and /favorites skip no heading level', async ({ newPage }) => {
    const customer = await newCustomer('headings');
    const { page, context } = await newPage({ width: 1280, height: 900 });
    await signIn(context, customer.cookie);
    await page.goto('/perkboost');
    await expect(page.getByRole('progressbar').first()).toBeVisible();
    expectNoSkippedLevel(await headingLevels(page), '/perkboost');
    // The account's favourites are read as the page opens: the heart is pressed once they are in.
    const requests = trackRequests(page);
    await page.goto('/deals');
    await requests.settled();
    await page.getByRole('button', { name: 'Add to favorites' }).first().click();
    await expect(page.getByRole('button', { name: 'Remove from favorites' }).first()).toBeVisible();
    await page.goto('/favorites');
    await expect(page.getByText('1 saved deal')).toBeVisible();
    expectNoSkippedLevel(await headingLevels(page), '/favorites');
    await context.close();
  });

  test('a merchant image that is not 8:5 is cropped to the card, which keeps the grid', async ({ newPage }) => {
    const merchant = await newApprovedMerchant(`Tall Image Bakery ${tag()}`);
    // A tall portrait photo (1:3), as a phone might send it.
    const tall = await sharp({ create: { width: 400, height: 1200, channels: 3, background: { r: 240, g: 120, b: 40 } } })
      .png()
      .toBuffer();
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(tall)], { type: 'image/png' }), 'tall.png');
    const uploaded = await fetch(`${baseUrl()}/api/merchant/uploads/deal-images`, {
      method: 'POST',
      headers: { cookie: merchant.cookie, origin: baseUrl() },
      body,
    });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const title = `Tall croissant box ${tag()}`;
    const created = await apiCall(
      '/api/merchant/deals',
      {
        title,
        description: 'A box of six butter croissants baked this morning, with a jar of house jam.',
        highlights: ['Six croissants'],
        finePrint: '',
        categoryId: 1,
        city: 'Chicago',
        state: 'IL',
        images: [url],
        originalPriceCents: 3000,
        dealPriceCents: 1800,
        expirationDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        boost: null,
      },
      merchant.cookie,
    );
    expect(created.status, JSON.stringify(created.json)).toBe(201);

    for (const width of [375, 1280]) {
      const { page, context } = await newPage({ width, height: 900 });
      await page.goto(`/deals?search=${encodeURIComponent(title)}`);
      const card = page.getByRole('article').filter({ hasText: title });
      const img = card.locator('img');
      await expect(img).toHaveJSProperty('complete', true);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalHeight)).toBeGreaterThan(0);
      const [box, frame] = await Promise.all([
        img.boundingBox(),
        img.evaluate((el) => el.closest('article')!.firstElementChild!.getBoundingClientRect().toJSON()),
      ]);
      // The image fills its 8:5 frame exactly: not taller (the old 1:3 card), not smaller.
      expect(Math.abs(box!.width / box!.height - 8 / 5), `${width} px`).toBeLessThan(0.02);
      expect(Math.abs(box!.height - (frame as DOMRect).height), `${width} px`).toBeLessThan(1);
      await screenshot(card, `tall-image-card-${width}`);
      await context.close();
    }
  });
});

test.describe('the smaller ones', () => {
  test('a toast covers none of the header’s controls, nor the button that raised it (375 and 1280 px)', async ({ newPage }) => {
    const customer = await newCustomer('toasts');
    for (const width of [375, 1280]) {
      const { page, context } = await newPage({ width, height: width < 768 ? 812 : 900 });
      await signIn(context, customer.cookie);
      await page.goto('/deals');
      const add = page.getByRole('button', { name: 'Add to Cart' }).first();
      await add.click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Added to Cart' });
      await expect(toast).toBeVisible();
      const header = page.getByRole('banner');
      const controls = [
        header.getByRole('link', { name: /^Cart/ }),
        header.getByRole('link', { name: /^Favorites/ }),
        header.getByRole('button', { name: /account menu for / }),
        ...(width < 768 ? [header.getByRole('button', { name: 'Open menu' })] : [header.getByRole('combobox', { name: 'Search deals' })]),
        add,
      ];
      const t = (await toast.boundingBox())!;
      const headerBox = (await header.boundingBox())!;
      expect(t.y, `${width} px: below the header`).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
      for (const control of controls) {
        const c = (await control.boundingBox())!;
        const overlaps = t.x < c.x + c.width && c.x < t.x + t.width && t.y < c.y + c.height && c.y < t.y + t.height;
        expect(overlaps, `${width} px: the toast covers ${await control.evaluate((el) => el.outerHTML.slice(0, 80))}`).toBe(false);
      }
      await screenshot(page, `toast-placement-${width}`, { fullPage: false });
      await context.close();
    }
  });
});

test.describe('My Purchases, live', () => {
  test('a voucher the merchant redeems moves to Redeemed on the open page, without a reload', async ({ newPage }) => {
    const customer = await newCustomer('live-redeem');
    const deal = await newStandardDeal(`Live redeem supper ${tag()}`);
    const [voucher] = await buyVouchers(customer.cookie, [{ dealId: deal.id, quantity: 1 }]);
    const { page, context } = await newPage({ width: 375, height: 812 });
    await signIn(context, customer.cookie);
    // The page's live stream is connected, and what it read on connecting has arrived: from here on only
    // the live event can tell the page about the redemption.
    const requests = trackRequests(page);
    const streaming = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events/messages');
    await page.goto('/purchases');
    expect((await streaming).status()).toBe(200);
    await requests.settled();
    await expect(page.getByRole('tab', { name: 'Active (1)' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Show voucher for ${deal.title}` })).toBeVisible();
    let reloads = 0;
    page.on('framenavigated', (f) => f === page.mainFrame() && reloads++);

    const redeemed = await apiCall('/api/merchant/redemptions', { code: voucher!.redemptionCode }, await demoMerchantCookie());
    expect(redeemed.status, JSON.stringify(redeemed.json)).toBe(200);
    await expect(page.getByRole('tab', { name: 'Redeemed (1)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Active (0)' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Show voucher for ${deal.title}` })).toHaveCount(0);
    expect(reloads).toBe(0);
    await context.close();
  });
});

test.describe('success page', () => {
  test('a typed /purchases?success=true shows no Payment Successful and keeps the cart; another customer’s order neither', async ({
    newPage,
  }) => {
    const customer = await newCustomer('typed-success');
    const other = await newCustomer('other-order');
    const deal = await newStandardDeal(`Typed success brunch ${tag()}`);
    // Another customer's real order: its id proves nothing to this customer.
    const started = await apiCall(
      '/api/checkout',
      {
        items: [{ dealId: deal.id, quantity: 1 }],
        billing: { cardName: 'Other Customer', address: '1 Main St', city: 'Chicago', state: 'IL', zipCode: '60601', notes: '' },
      },
      other.cookie,
    );
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const othersOrder = started.json.orderId as string;

    const { page, context } = await newPage({ width: 375, height: 812 });
    await signIn(context, customer.cookie);
    await page.goto('/deals/' + deal.id);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText(`${deal.title} has been added to your cart.`)).toBeVisible();
    const cartSize = () => page.evaluate(() => JSON.parse(localStorage.getItem('localperks.cart') ?? '[]').length as number);
    expect(await cartSize()).toBe(1);

    for (const query of ['success=true', `success=true&order=${crypto.randomUUID()}`, `success=true&order=${othersOrder}`]) {
      const requests = trackRequests(page);
      await page.goto(`/purchases?${query}`);
      await page.waitForURL((u) => u.pathname === '/purchases' && u.search === '');
      await requests.settled();
      await expect(page.getByRole('heading', { name: 'My Purchases', level: 1 })).toBeVisible();
      await expect(page.getByText('Payment Successful'), query).toHaveCount(0);
      await expect(page.getByText('Confirming your payment')).toHaveCount(0);
      expect(await cartSize(), query).toBe(1);
    }
    await expectAccessible(page);
    await context.close();
  });
});

test.describe('saved cards', () => {
  test('a card saved at checkout is offered on the next payment page, and pays (375 and 1280 px)', async ({ newPage }) => {
    const customer = await newCustomer('saved-card');
    const deal = await newStandardDeal(`Saved card supper ${tag()}`);
    const { page, context } = await newPage({ width: 375, height: 812 });
    await signIn(context, customer.cookie);

    const checkoutOnce = async () => {
      await page.goto(`/deals/${deal.id}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByText(`${deal.title} has been added to your cart.`)).toBeVisible();
      await page.goto('/cart?checkout=1');
      await page.getByLabel('Name on Card').fill('Sam Saver');
      await page.getByLabel('Street Address').fill('233 S Wacker Dr');
      await page.getByLabel('City').fill('Chicago');
      await page.getByLabel('State').selectOption('IL');
      await page.getByLabel('ZIP Code').fill('60606');
    };

    // First checkout: a new card, saved.
    await checkoutOnce();
    await page.getByLabel(/Save this card/).check();
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
    await expect(page.getByRole('heading', { name: 'Your saved cards' })).toHaveCount(0);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Sam Saver');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL((u) => u.pathname === '/purchases');
    await expect(page.getByText('Payment Successful')).toBeVisible();
    await screenshot(page, 'success-page-375', { fullPage: false });

    // Second checkout: the form names the saved card, and the payment page offers it.
    await checkoutOnce();
    await expect(page.getByText('Your saved card (Visa ending in 4242) is offered on the payment page.')).toBeVisible();
    await screenshot(page, 'checkout-saved-card-375');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
    const saved = page.getByRole('button', { name: /^Pay \$[\d.,]+ with Visa ending in 4242, expires 12\/34$/ });
    await expect(saved).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
      await expectAccessible(page);
      await screenshot(page, `sandbox-saved-card-${width}`);
    }
    await saved.click();
    await page.waitForURL((u) => u.pathname === '/purchases');
    await expect(page.getByText('Payment Successful')).toBeVisible();
    await screenshot(page, 'success-page-1280', { fullPage: false });
    await expect
      .poll(async () => ((await apiCall('/api/purchases?status=active', undefined, customer.cookie)).json.purchases as unknown[]).length)
      .toBe(2);

    // Payment Methods lists it once, and says where it is offered.
    await page.goto('/profile?tab=payment-methods');
    await expect(page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText('The payment page offers these cards at your next checkout.')).toBeVisible();
    await context.close();
  });
});
