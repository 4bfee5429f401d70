import { describe, expect, it } from 'vitest';
import type { BrowseResult, DealSummary, PurchasesPage } from '@localperks/shared';
import type { Page } from 'playwright-core';
import { DEMO, expectAccessible, latestMail, login, screenshot, useBrowser } from '../support/browser';

const b = useBrowser();

/** Standard, active deals of the demo merchant's business, so the demo merchant can redeem them. */
async function bistroDeals(page: Page): Promise<DealSummary[]> {
  const res = await page.request.get('/api/deals?state=IL&city=Chicago&type=standard&pageSize=48');
  return ((await res.json()) as BrowseResult).deals.filter((d) => d.merchantName === 'Windy City Bistro' && d.status === 'active');
}

async function addToCart(page: Page, deal: DealSummary) {
  await page.goto(`/deals/${deal.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect.poll(() => page.getByText(`${deal.title} has been added to your cart.`).isVisible()).toBe(true);
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

describe('checkout, purchases and redemption', () => {
  it('pays on the sandbox page after a declined card, shows codes and QR, and the merchant redeems one', async () => {
    const { page, context } = await b.newPage({ width: 375, height: 812 });
    const [first, second] = await bistroDeals(page);
    await login(page, DEMO.customer);
    await page.waitForURL((u) => u.pathname === '/');
    await addToCart(page, first!);
    await addToCart(page, second!);

    await page.goto('/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL((u) => u.pathname === '/cart' && u.searchParams.get('checkout') === '1');
    await expect.poll(() => page.getByRole('heading', { name: 'Checkout', level: 1 }).isVisible()).toBe(true);
    // Checkout mode: the lines are locked, the summary lists title, Qty and line totals.
    const line = page.getByRole('group', { name: `Quantity of ${first!.title}` });
    expect(await line.getByRole('button', { name: 'Increase quantity' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: `Remove ${first!.title}` }).isDisabled()).toBe(true);
    const summary = page.getByRole('list', { name: 'Order lines' });
    expect(await summary.getByText(`${first!.title} · Qty 1`).isVisible()).toBe(true);
    expect(await page.getByText('Secure Checkout.').isVisible()).toBe(true);
    const subtotal = first!.dealPriceCents + second!.dealPriceCents;
    const total = subtotal + Math.round(subtotal * 0.08);

    // The spec's messages for a blank form; nothing is sent.
    await page.getByRole('button', { name: `Pay ${money(total)}` }).click();
    await expect.poll(() => page.getByText('Please fill in your name.').isVisible()).toBe(true);
    expect(await page.getByText('Please fill in all address details.').count()).toBe(4);
    await expectAccessible(page);
    await screenshot(page, 'checkout-375');

    await fillBilling(page);
    await page.getByLabel(/Save this card/).check();
    await page.getByRole('button', { name: `Pay ${money(total)}` }).click();
    await page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
    await expect.poll(() => page.getByRole('heading', { name: 'Pay with card' }).isVisible()).toBe(true);
    // The hosted page charges the total the server computed.
    expect(await page.getByText(money(total)).first().isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'sandbox-checkout-375');

    await payWith(page, '4000 0000 0000 0002');
    await expect.poll(() => page.getByText('Your card was declined. Try another card.').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toMatch(/^\/sandbox\/checkout\//);

    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL((u) => u.pathname === '/purchases');
    await expect.poll(() => page.getByText('Payment Successful').isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('localperks.cart') ?? '[]').length)).toBe(0);

    const mine = (await (await page.request.get('/api/purchases?status=active')).json()) as PurchasesPage;
    const bought = mine.purchases.filter((p) => p.dealId === first!.id || p.dealId === second!.id);
    expect(bought).toHaveLength(2);
    for (const p of bought) {
      await expect.poll(() => page.getByText(p.redemptionCode, { exact: true }).isVisible()).toBe(true);
      const qr = page.getByAltText(`QR code for redemption code ${p.redemptionCode}`);
      await qr.scrollIntoViewIfNeeded();
      await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    await expectAccessible(page);
    await screenshot(page, 'purchases-375');

    // The confirmation e-mail carries every code.
    const mail = await latestMail(DEMO.customer, 'purchase_confirmation');
    for (const p of bought) expect(mail.text).toContain(p.redemptionCode);

    // The voucher opens full-screen to show at the counter.
    const target = bought[0]!;
    await page.getByRole('button', { name: `Show voucher for ${target.dealTitle}` }).click();
    const voucher = page.getByRole('dialog');
    await expect.poll(() => voucher.getByText(target.redemptionCode).first().isVisible()).toBe(true);
    await screenshot(page, 'voucher-375');
    await voucher.getByRole('button', { name: 'Close voucher' }).click();

    // The card is remembered as its last four digits and expiry only.
    await page.goto('/profile?tab=payment-methods');
    await expect.poll(() => page.getByText('•••• 4242').first().isVisible()).toBe(true);

    // The merchant opens the QR link (here typed as the same URL) and redeems the code.
    const merchant = await b.newPage({ width: 1280, height: 900 });
    await login(merchant.page, DEMO.merchant);
    await merchant.page.waitForURL((u) => u.pathname !== '/login');
    await merchant.page.goto(new URL(target.redeemUrl).pathname + new URL(target.redeemUrl).search);
    await expect.poll(() => merchant.page.getByRole('heading', { name: 'Ready to redeem' }).isVisible()).toBe(true);
    expect(await merchant.page.getByText(target.dealTitle).first().isVisible()).toBe(true);
    await expectAccessible(merchant.page);
    await screenshot(merchant.page, 'merchant-redeem-1280');
    await merchant.page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect.poll(() => merchant.page.getByRole('heading', { name: 'Voucher Redeemed' }).isVisible()).toBe(true);
    // A second attempt is told the code was already redeemed.
    await merchant.page.reload();
    await expect.poll(() => merchant.page.getByRole('heading', { name: 'Already redeemed' }).isVisible()).toBe(true);
    await merchant.context.close();

    // The customer now finds it under Redeemed, without its code.
    await page.goto('/purchases');
    await page.getByRole('tab', { name: /Redeemed/ }).click();
    const redeemed = page.getByRole('list', { name: 'Redeemed purchases' });
    await expect.poll(() => redeemed.getByText(target.dealTitle).isVisible()).toBe(true);
    expect(await redeemed.getByText(/Redeemed on/).isVisible()).toBe(true);
    expect(await redeemed.getByText(target.redemptionCode).count()).toBe(0);
    await context.close();
  });

  it('comes back to the cart with Payment Canceled when the customer cancels on the card page', async () => {
    const { page, context } = await b.newPage({ width: 1280, height: 900 });
    const [deal] = await bistroDeals(page);
    await login(page, DEMO.customer);
    await page.waitForURL((u) => u.pathname === '/');
    await addToCart(page, deal!);
    await page.goto('/cart?checkout=1');
    await expect.poll(() => page.getByRole('heading', { name: 'Billing Details' }).isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'checkout-1280');
    await fillBilling(page);
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await expect.poll(() => page.getByRole('heading', { name: 'Pay with card' }).isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'sandbox-checkout-1280');
    await page.getByRole('link', { name: 'Cancel and return to LocalPerks' }).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    await expect.poll(() => page.getByText('Payment Canceled').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Your Cart' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: deal!.title }).isVisible()).toBe(true);

    // The account page's tabs at desktop width.
    for (const tab of ['purchases', 'favorites', 'payment-methods']) {
      await page.goto(`/profile?tab=${tab}`);
      await expect
        .poll(() => page.getByRole('tab', { selected: true }).first().textContent())
        .toMatch(/Purchases|Favorites|Payment Methods/);
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
      await screenshot(page, `profile-${tab}-1280`);
    }
    await page.goto('/purchases');
    await expect.poll(() => page.getByRole('heading', { name: 'My Purchases' }).isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
    await screenshot(page, 'purchases-1280');
    await context.close();
  });

  it('sends a visitor to sign in before checkout and shows a sign-in prompt on My Purchases', async () => {
    const { page, context } = await b.newPage({ width: 375, height: 812 });
    const [deal] = await bistroDeals(page);
    await page.goto('/purchases');
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: /log ?in/i })
          .last()
          .isVisible(),
      )
      .toBe(true);
    await expectAccessible(page);
    await addToCart(page, deal!);
    await page.goto('/cart?checkout=1');
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('returnTo') === '/cart?checkout=1');
    await context.close();
  });
});
