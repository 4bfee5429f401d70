import { buyVouchers, checkBothWidths, expect, newCustomer, newStandardDeal, signIn, test } from '../support/browser';

/**
 * Vouchers that open offline (docs/decisions/0067-installable-app-and-offline-vouchers.md): the site is an installable
 * app; after a first visit to My Purchases the service worker keeps the signed-in customer's vouchers, so with no
 * network the page still shows the code and QR, with "Offline — last updated …"; signing out deletes them.
 */
const stamp = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
const DEAL = `Offline brunch ${stamp}`;

test('the site is installable; the service worker keeps only the signed-in customer’s vouchers, and signing out clears them', async ({
  newPage,
}) => {
  const deal = await newStandardDeal(DEAL);
  const customer = await newCustomer('offline');
  const [voucher] = await buyVouchers(customer.cookie, [{ dealId: deal.id, quantity: 1 }]);
  const code = voucher!.redemptionCode!;

  const { page, context } = await newPage({ width: 375, height: 812 });
  // Installable: a manifest with icons and the theme colour.
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    display: string;
    theme_color: string;
    icons: unknown[];
  };
  expect(manifest).toMatchObject({ display: 'standalone', theme_color: '#047857' });
  expect(manifest.icons.length).toBeGreaterThanOrEqual(2);

  await signIn(context, customer.cookie);
  await page.goto('/purchases');
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  // The first visit installs the service worker; once it controls the page, the vouchers go through it.
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker?.controller))).toBe(true);
  await page.reload();
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('vouchers-')).length)).toBe(1);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).includes('pages-shell'))).toBe(true);

  // The worker kept this customer's vouchers only: the list answer and the QR image, in their own cache.
  const kept = await page.evaluate(async () => {
    const name = (await caches.keys()).find((k) => k.startsWith('vouchers-'))!;
    return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
  });
  expect(kept).toContain('/api/purchases');
  expect(kept.every((p) => p.startsWith('/api/purchases'))).toBe(true);
  await checkBothWidths(page, 'offline/purchases', async () => {
    await expect(page.getByText(code, { exact: true })).toBeVisible();
  });

  // Signing out deletes the kept vouchers.
  await page.getByRole('button', { name: /account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('vouchers-')).length)).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('localperks.offline-customer'))).toBeNull();
});
