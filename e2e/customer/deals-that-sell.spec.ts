import type { Page } from '@playwright/test';
import { PROMO_MESSAGES, STOCK_MESSAGES } from '@localperks/shared';
import { fillDealBasics, inDays, ymd } from '../support/deal-form';
import {
  adminCookie,
  apiCall,
  buyVouchers,
  expect,
  expectAccessible,
  newApprovedMerchant,
  newCustomer,
  screenshot,
  signIn,
  test,
} from '../support/browser';

/**
 * Issue 29 through the pages (docs/decisions/0047, 0048): a merchant sells a deal with two options,
 * a stock and a limit; customers buy its last units and the next one sees "Sold out"; promo codes
 * apply and are refused in each way. The scheduled deal that goes live on a moved clock is
 * scheduled-deal.spec.ts (it moves the server's clock, so it runs alone).
 */
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function fillBilling(page: Page) {
  await page.getByLabel('Name on Card').fill('Casey Customer');
  await page.getByLabel('Street Address').fill('233 S Wacker Dr');
  await page.getByLabel('City').fill('Chicago');
  await page.getByLabel('State').selectOption('IL');
  await page.getByLabel('ZIP Code').fill('60606');
}

async function payWithTestCard(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Casey Customer');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

/** A one-price deal on sale, made by its merchant through the API (the journeys' own data). */
async function createFacial(merchantCookie: string, title: string) {
  const res = await apiCall(
    '/api/merchant/deals',
    {
      title,
      description: 'A calming facial with a mask and a scalp massage in a quiet room.',
      highlights: ['Calming'],
      finePrint: '',
      categoryId: 2,
      city: 'Chicago',
      state: 'IL',
      images: [],
      originalPriceCents: 10_000,
      dealPriceCents: 5_000,
      expirationDate: inDays(30).toISOString(),
    },
    merchantCookie,
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.deal as { id: string; title: string };
}

test.describe('deals that sell like real deals', () => {
  test('a merchant sells two options with stock 3 and a limit of 2; customers buy the last units; the next one sees Sold out', async ({
    newPage,
  }) => {
    const merchant = await newApprovedMerchant(`Options Studio ${tag}`);
    const title = `Massage with options ${tag}`;
    const { page, context } = await newPage({ width: 1280, height: 900 });
    await signIn(context, merchant.cookie);
    await page.goto('/merchant/deals/new');
    await expect(page.getByRole('heading', { name: 'Create Deal', level: 1 })).toBeVisible();
    await fillDealBasics(page, title);
    await page.getByRole('button', { name: 'Add an option' }).click();
    await page.getByLabel('Option 1 title', { exact: true }).fill('1 person');
    await page.getByLabel('Original price ($)', { exact: true }).fill('100');
    await page.getByLabel('Deal price ($)', { exact: true }).fill('60');
    await page.getByLabel('Option 2 title', { exact: true }).fill('2 people');
    await page.getByLabel('Option 2 original price ($)', { exact: true }).fill('200');
    await page.getByLabel('Option 2 deal price ($)', { exact: true }).fill('110');
    await page.getByLabel('Option 2 stock (optional)', { exact: true }).fill('3');
    await page.getByLabel('Limit per customer (optional)', { exact: true }).fill('2');
    await page.getByLabel('Sale ends (expiration date)').fill(ymd(inDays(30)));
    // The form explains its three dates.
    await expect(page.getByText(/Vouchers valid until: the last day customers can redeem/)).toBeVisible();
    await expectAccessible(page);
    // The sticky header is drawn where the page was scrolled to: the full-page shots start at the top.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await screenshot(page, 'deal-form-options-1280', { fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'deal-form-options-375', { fullPage: true });
    await page.getByRole('button', { name: 'Create Deal' }).click();
    await page.waitForURL((u) => u.pathname === '/merchant/dashboard');
    const mine = (await apiCall('/api/merchant/deals', undefined, merchant.cookie)).json as {
      deals: { id: string; title: string; options: { id: string; title: string }[] }[];
    };
    const deal = mine.deals.find((d) => d.title === title)!;
    expect(deal.options.map((o) => o.title)).toEqual(['1 person', '2 people']);
    const pair = deal.options[1]!.id;

    // A first customer takes one of the three "2 people" units.
    const first = await newCustomer('first');
    await buyVouchers(first.cookie, [{ dealId: deal.id, optionId: pair, quantity: 1 }]);

    // The second buys the last two through the pages: the picker, the cart, the card page.
    const second = await newCustomer('second');
    const buyer = await newPage({ width: 375, height: 812 });
    await signIn(buyer.context, second.cookie);
    await buyer.page.goto(`/deal/${deal.id}`);
    await expect(buyer.page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(buyer.page.getByText('Limit 2 per customer')).toBeVisible();
    await buyer.page.getByRole('radio', { name: /2 people/ }).check();
    await expect(buyer.page.getByRole('group', { name: 'Choose an option' }).getByText('2 left')).toBeVisible();
    await expectAccessible(buyer.page);
    await screenshot(buyer.page, 'deal-options-low-stock-375', { fullPage: true });
    await buyer.page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(buyer.page, 'deal-options-low-stock-1280', { fullPage: true });
    await buyer.page.getByLabel('Quantity').selectOption('2');
    await buyer.page.getByRole('button', { name: 'Add to Cart' }).click();
    await buyer.page.goto('/cart');
    await expect(buyer.page.getByText('Option: 2 people')).toBeVisible();
    await expect(buyer.page.getByText('Limit 2 per customer')).toBeVisible();
    await buyer.page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await buyer.page.waitForURL((u) => u.searchParams.get('checkout') === '1');
    await fillBilling(buyer.page);
    await buyer.page.getByRole('button', { name: /^Pay \$/ }).click();
    await buyer.page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
    await payWithTestCard(buyer.page);
    await buyer.page.waitForURL((u) => u.pathname === '/purchases');
    await expect(buyer.page.getByText('Option: 2 people').first()).toBeVisible();

    // A third customer sees the option sold out and cannot add it; the other option still sells.
    const third = await newCustomer('third');
    const late = await newPage({ width: 1280, height: 900 });
    await signIn(late.context, third.cookie);
    await late.page.goto(`/deal/${deal.id}`);
    await late.page.getByRole('radio', { name: /2 people/ }).check();
    await expect(late.page.getByRole('group', { name: 'Choose an option' }).getByText('Sold out')).toBeVisible();
    await expect(late.page.getByText('This option is sold out. Choose another option.')).toBeVisible();
    await expect(late.page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
    await expectAccessible(late.page);
    await screenshot(late.page, 'deal-options-sold-out-1280', { fullPage: true });
    await late.page.setViewportSize({ width: 375, height: 812 });
    await screenshot(late.page, 'deal-options-sold-out-375', { fullPage: true });
    // The server refuses it too, with the number left.
    const refused = await apiCall(
      '/api/checkout',
      {
        items: [{ dealId: deal.id, optionId: pair, quantity: 1 }],
        billing: { cardName: 'C', address: '1 Main St', city: 'Chicago', state: 'IL', zipCode: '60601', notes: '' },
      },
      third.cookie,
    );
    expect(refused.status).toBe(409);
    expect((refused.json.error as { message: string }).message).toBe(STOCK_MESSAGES.onlyLeft(0, `${title} — 2 people`));
    await late.page.getByRole('radio', { name: /1 person/ }).check();
    await expect(late.page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  });

  test('a promo code is applied in the cart with its discount line, and refused in each way with its own message', async ({ newPage }) => {
    const merchant = await newApprovedMerchant(`Promo Studio ${tag}`);
    const deal = await createFacial(merchant.cookie, `Promo facial ${tag}`);
    const code = async (o: Record<string, unknown>) => {
      const res = await apiCall(
        '/api/admin/promo-codes',
        { kind: 'percent', percentOff: 20, startsAt: inDays(-1).toISOString(), endsAt: inDays(30).toISOString(), ...o },
        adminCookie(),
      );
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return (res.json.promoCode as { code: string }).code;
    };
    const good = await code({ code: `SAVE${tag}`.toUpperCase().slice(0, 30) });
    const expired = await code({
      code: `OLD${tag}`.toUpperCase().slice(0, 30),
      startsAt: inDays(-10).toISOString(),
      endsAt: inDays(-1).toISOString(),
    });
    const later = await code({
      code: `SOON${tag}`.toUpperCase().slice(0, 30),
      startsAt: inDays(5).toISOString(),
      endsAt: inDays(30).toISOString(),
    });
    const minimum = await code({ code: `BIG${tag}`.toUpperCase().slice(0, 30), minSubtotalCents: 50_000 });
    const elsewhere = await code({ code: `CAT${tag}`.toUpperCase().slice(0, 30), categoryId: 7 });
    const once = await code({ code: `ONCE${tag}`.toUpperCase().slice(0, 30) });

    const customer = await newCustomer('promo');
    // This customer already used ONCE… on an earlier order.
    const usedOrder = await apiCall(
      '/api/checkout',
      {
        items: [{ dealId: deal.id, quantity: 1 }],
        billing: { cardName: 'C', address: '1 Main St', city: 'Chicago', state: 'IL', zipCode: '60601', notes: '' },
        promoCode: once,
      },
      customer.cookie,
    );
    expect(usedOrder.status).toBe(200);

    const { page, context } = await newPage({ width: 375, height: 812 });
    await signIn(context, customer.cookie);
    await page.goto(`/deal/${deal.id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.goto('/cart');
    const apply = async (text: string) => {
      const field = page.getByLabel('Apply a promo code');
      await field.fill(text);
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
    };
    for (const [text, message] of [
      ['NOPE-NOT-A-CODE', PROMO_MESSAGES.unknown],
      [expired, PROMO_MESSAGES.expired],
      [later, /This promo code is not valid yet: it starts on/],
      [minimum, PROMO_MESSAGES.minimumNotMet('$500.00')],
      [once, PROMO_MESSAGES.alreadyUsed],
      [elsewhere, PROMO_MESSAGES.notForTheseDeals],
    ] as const) {
      await apply(text);
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    }
    await apply(good.toLowerCase());
    // $50.00 − 20 % = $40.00; tax 8 % of $40.00 = $3.20; total $43.20.
    await expect(page.getByText(PROMO_MESSAGES.applied(good))).toBeVisible();
    await expect(page.getByText(`Promo ${good} (20% off)`)).toBeVisible();
    await expect(page.getByText('−$10.00')).toBeVisible();
    await expect(page.getByText('$3.20')).toBeVisible();
    await expect(page.getByText('$43.20')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'cart-promo-375', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'cart-promo-1280', { fullPage: true });
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL((u) => u.searchParams.get('checkout') === '1');
    await fillBilling(page);
    await page.getByRole('button', { name: 'Pay $43.20' }).click();
    await page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
    await expect(page.getByText('$43.20').first()).toBeVisible();
  });

  test('a merchant creates a promo code for one of their deals on its page; admins see the platform’s codes on theirs', async ({
    newPage,
  }) => {
    const merchant = await newApprovedMerchant(`Code Studio ${tag}`);
    const title = `Code facial ${tag}`;
    const created = await createFacial(merchant.cookie, title);
    const { page, context } = await newPage({ width: 375, height: 812 });
    await signIn(context, merchant.cookie);
    await page.goto('/merchant/dashboard?tab=deals');
    const form = page.getByRole('form', { name: 'Create a promo code' });
    await expect(form).toBeVisible();
    const code = `MINE${tag}`.toUpperCase().slice(0, 30);
    await form.getByLabel('Code', { exact: true }).fill(code);
    await form.getByLabel('Percent off', { exact: true }).fill('15');
    await form.getByLabel('Ends', { exact: true }).fill(ymd(inDays(20)));
    await form.getByRole('checkbox', { name: title }).check();
    await form.getByRole('button', { name: 'Create promo code' }).click();
    const row = page.getByRole('list', { name: 'Promo codes' }).getByRole('listitem').filter({ hasText: code });
    await expect(row).toContainText('15% off');
    await expect(row).toContainText(`Paid by Code Studio ${tag}`);
    await expect(row).toContainText(`Only for ${title}`);
    await expectAccessible(page);
    // The sticky header is drawn where the page was scrolled to: the full-page shots start at the top.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await screenshot(page, 'merchant-promo-codes-375', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'merchant-promo-codes-1280', { fullPage: true });
    // The server kept the restriction: the code is for that deal only.
    const mine = (await apiCall('/api/merchant/promo-codes', undefined, merchant.cookie)).json as {
      promoCodes: { code: string; dealIds: string[] }[];
    };
    expect(mine.promoCodes.find((p) => p.code === code)?.dealIds).toEqual([created.id]);

    const admin = await newPage({ width: 1280, height: 900 });
    await signIn(admin.context, adminCookie());
    await admin.page.goto('/admin/dashboard?tab=promo-codes');
    await expect(admin.page.getByRole('form', { name: 'Create a promo code' })).toBeVisible();
    await expect(admin.page.getByText('LocalPerks pays for the discount: merchants are paid as if at full price.')).toBeVisible();
    // Admins see every code, the merchants' too, with who pays for it (the console's table, found by its search).
    await admin.page.getByRole('searchbox', { name: /^Search promo codes/ }).fill(code);
    await admin.page.getByRole('button', { name: 'Search promo codes' }).click();
    await expect(admin.page).toHaveURL(new RegExp(`q=${code}`));
    await expect(admin.page.getByRole('table', { name: 'Promo codes table' }).getByRole('row').filter({ hasText: code })).toContainText(
      `Paid by Code Studio ${tag}`,
    );
    await expectAccessible(admin.page);
    // The sticky header is drawn where the page was scrolled to: the full-page shots start at the top.
    await admin.page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await screenshot(admin.page, 'admin-promo-codes-1280', { fullPage: true });
    await admin.page.setViewportSize({ width: 375, height: 812 });
    await screenshot(admin.page, 'admin-promo-codes-375', { fullPage: true });
  });
});
