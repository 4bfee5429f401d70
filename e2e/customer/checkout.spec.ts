import type { BrowseResult, DealSummary, PurchasesPage } from '@localperks/shared';
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, latestMail, login, newCustomer, screenshot, test, trackRequests } from '../support/browser';

/** Standard, active deals of the demo merchant's business, so the demo merchant can redeem them. */
async function bistroDeals(page: Page): Promise<DealSummary[]> {
  const res = await page.request.get('/api/deals?state=IL&city=Chicago&type=standard&pageSize=48');
  return ((await res.json()) as BrowseResult).deals.filter((d) => d.merchantName === 'Windy City Bistro' && d.status === 'active');
}

async function addToCart(page: Page, deal: DealSummary) {
  await page.goto(`/deals/${deal.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`${deal.title} has been added to your cart.`)).toBeVisible();
}

async function fillBilling(page: Page) {
  await page.getByLabel('Name on Card').fill('Casey Customer');
  await page.getByLabel('Street Address').fill('233 S Wacker Dr');
  await page.getByLabel('City').fill('Chicago');
  await page.getByLabel('State').selectOption('IL');
  await page.getByLabel('ZIP Code').fill('60606');
}

async function payWith(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Casey Customer');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

const money = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test.describe('checkout, purchases and redemption', () => {
  test('pays on the sandbox page after a declined card, shows codes and QR, and the merchant redeems one', async ({ newPage }) => {
    // A customer of its own: the purchases, the saved card and the mails are this journey's alone.
    const customer = await newCustomer();
    const { page, context } = await newPage({ width: 375, height: 812 });
    const [first, second] = await bistroDeals(page);
    await login(page, customer.email, customer.password);
    await page.waitForURL((u) => u.pathname === '/');
    await addToCart(page, first!);
    await addToCart(page, second!);

    await page.goto('/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL((u) => u.pathname === '/cart' && u.searchParams.get('checkout') === '1');
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    // Checkout mode: the lines are locked, the summary lists title, Qty and line totals.
    const line = page.getByRole('group', { name: `Quantity of ${first!.title}` });
    await expect(line.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    await expect(page.getByRole('button', { name: `Remove ${first!.title}` })).toBeDisabled();
    const summary = page.getByRole('list', { name: 'Order lines' });
    await expect(summary.getByText(`${first!.title} · Qty 1`)).toBeVisible();
    await expect(page.getByText('Secure Checkout.')).toBeVisible();
    const subtotal = first!.dealPriceCents + second!.dealPriceCents;
    const total = subtotal + Math.round(subtotal * 0.08);

    // The spec's messages for a blank form; nothing is sent.
    await page.getByRole('button', { name: `Pay ${money(total)}` }).click();
    await expect(page.getByText('Please fill in your name.')).toBeVisible();
    await expect(page.getByText('Please fill in all address details.')).toHaveCount(4);
    await expectAccessible(page);
    await screenshot(page, 'checkout-375');

    await fillBilling(page);
    await page.getByLabel(/Save this card/).check();
    await page.getByRole('button', { name: `Pay ${money(total)}` }).click();
    await page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
    await expect(page.getByRole('heading', { name: 'Pay with card' })).toBeVisible();
    // The hosted page charges the total the server computed.
    await expect(page.getByText(money(total)).first()).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'sandbox-checkout-375');

    await payWith(page, '4000 0000 0000 0002');
    await expect(page.getByText('Your card was declined. Try another card.')).toBeVisible();
    await expect(page).toHaveURL((u) => /^\/sandbox\/checkout\//.test(u.pathname));

    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL((u) => u.pathname === '/purchases');
    await expect(page.getByText('Payment Successful')).toBeVisible();
    await expect(page).toHaveURL((u) => u.search === '');
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('localperks.cart') ?? '[]').length), { timeout: 10_000 })
      .toBe(0);

    const mine = (await (await page.request.get('/api/purchases?status=active')).json()) as PurchasesPage;
    // Fresh vouchers: each has its code, QR and redeem link (only a refunded one has none).
    const bought = mine.purchases
      .filter((p) => p.dealId === first!.id || p.dealId === second!.id)
      .map((p) => ({ ...p, redemptionCode: p.redemptionCode!, qrCodeUrl: p.qrCodeUrl!, redeemUrl: p.redeemUrl! }));
    expect(bought).toHaveLength(2);
    for (const p of bought) {
      await expect(page.getByText(p.redemptionCode, { exact: true })).toBeVisible();
      const qr = page.getByAltText(`QR code for redemption code ${p.redemptionCode}`);
      await qr.scrollIntoViewIfNeeded();
      await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    }
    await expectAccessible(page);
    await screenshot(page, 'purchases-375');

    // The confirmation e-mail carries every code.
    const mail = await latestMail(customer.email, 'purchase_confirmation');
    for (const p of bought) expect(mail.text).toContain(p.redemptionCode);

    // The voucher opens full-screen to show at the counter.
    const target = bought[0]!;
    await page.getByRole('button', { name: `Show voucher for ${target.dealTitle}` }).click();
    const voucher = page.getByRole('dialog');
    await expect(voucher.getByText(target.redemptionCode).first()).toBeVisible();
    await screenshot(page, 'voucher-375');
    await voucher.getByRole('button', { name: 'Close voucher' }).click();

    // The card is remembered as its last four digits and expiry only.
    await page.goto('/profile?tab=payment-methods');
    await expect(page.getByText('•••• 4242').first()).toBeVisible();

    // The merchant opens the QR link (here typed as the same URL) and redeems the code.
    const merchant = await newPage({ width: 1280, height: 900 });
    await login(merchant.page, DEMO.merchant);
    await merchant.page.waitForURL((u) => u.pathname !== '/login');
    await merchant.page.goto(new URL(target.redeemUrl).pathname + new URL(target.redeemUrl).search);
    await expect(merchant.page.getByRole('heading', { name: 'Ready to redeem' })).toBeVisible();
    await expect(merchant.page.getByText(target.dealTitle).first()).toBeVisible();
    await expectAccessible(merchant.page);
    await screenshot(merchant.page, 'merchant-redeem-1280');
    await merchant.page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(merchant.page.getByRole('heading', { name: 'Voucher Redeemed' })).toBeVisible();
    // A second attempt is told the code was already redeemed.
    await merchant.page.reload();
    await expect(merchant.page.getByRole('heading', { name: 'Already redeemed' })).toBeVisible();
    await merchant.context.close();

    // The customer now finds it under Redeemed, without its code.
    await page.goto('/purchases');
    await page.getByRole('tab', { name: /Redeemed/ }).click();
    const redeemed = page.getByRole('list', { name: 'Redeemed purchases' });
    await expect(redeemed.getByText(target.dealTitle)).toBeVisible();
    await expect(redeemed.getByText(/Redeemed on/)).toBeVisible();
    await expect(redeemed.getByText(target.redemptionCode)).toHaveCount(0);
    await context.close();
  });

  test('comes back to the cart with Payment Canceled when the customer cancels on the card page', async ({ newPage }) => {
    const { page, context } = await newPage({ width: 1280, height: 900 });
    const [deal] = await bistroDeals(page);
    await login(page, DEMO.customer);
    await page.waitForURL((u) => u.pathname === '/');
    await addToCart(page, deal!);
    await page.goto('/cart?checkout=1');
    await expect(page.getByRole('heading', { name: 'Billing Details' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'checkout-1280');
    await fillBilling(page);
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await expect(page.getByRole('heading', { name: 'Pay with card' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'sandbox-checkout-1280');
    await page.getByRole('link', { name: 'Cancel and return to LocalPerks' }).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    await expect(page.getByText('Payment Canceled')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
    await expect(page.getByRole('heading', { name: deal!.title })).toBeVisible();

    // The account page's tabs at desktop width, each checked once it has fetched what it shows.
    const requests = trackRequests(page);
    for (const tab of ['purchases', 'favorites', 'payment-methods']) {
      await page.goto(`/profile?tab=${tab}`);
      await expect(page.getByRole('tab', { selected: true }).first()).toHaveText(/Purchases|Favorites|Payment Methods/);
      await requests.settled();
      await expectAccessible(page);
      await screenshot(page, `profile-${tab}-1280`);
    }
    await page.goto('/purchases');
    await expect(page.getByRole('heading', { name: 'My Purchases' })).toBeVisible();
    await requests.settled();
    await expectAccessible(page);
    await screenshot(page, 'purchases-1280');
    await context.close();
  });

  test('sends a visitor to sign in before checkout and shows a sign-in prompt on My Purchases', async ({ newPage }) => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    const [deal] = await bistroDeals(page);
    await page.goto('/purchases');
    await expect(page.getByRole('link', { name: /log ?in/i }).last()).toBeVisible();
    await expectAccessible(page);
    await addToCart(page, deal!);
    await page.goto('/cart?checkout=1');
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('returnTo') === '/cart?checkout=1');
    await context.close();
  });
});
