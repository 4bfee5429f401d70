import type { Page } from '@playwright/test';
import { buyVouchers, checkBothWidths, expect, newCustomer, newStandardDeal, screenshot, signIn, test } from '../support/browser';

/**
 * Vouchers that open offline (docs/decisions/0067-installable-app-and-offline-vouchers.md): the site is an installable
 * app; after a first visit to My Purchases this device keeps the signed-in customer's vouchers (TanStack Query's
 * persistence for the codes, the service worker for the QR images), so with no network the page still shows the code
 * and QR, says it is offline and since when, and refund actions wait. Only that customer's: another account signing in,
 * or signing out, deletes them.
 */
const stamp = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
const DEAL = `Offline brunch ${stamp}`;
const KEPT = 'localperks.offline-vouchers';

/** What this device keeps: the saved query cache (local storage) and the URLs of the QR images the worker kept. */
const keptOnDevice = (page: Page) =>
  page.evaluate(async (key) => {
    const saved = localStorage.getItem(key);
    const qr = (await caches.has('voucher-qr')) ? (await (await caches.open('voucher-qr')).keys()).map((r) => new URL(r.url).pathname) : [];
    return { saved, qr };
  }, KEPT);

/** The QR image has loaded (from the network or, offline, from the worker's cache), not a broken image. */
const qrLoaded = (page: Page, code: string) =>
  expect
    .poll(() =>
      page
        .getByAltText(`QR code for redemption code ${code}`)
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);

test('a customer’s vouchers open offline after a first visit, with their code and QR, and only for that customer', async ({ newPage }) => {
  const deal = await newStandardDeal(DEAL);
  const sam = await newCustomer('offline-sam');
  const ana = await newCustomer('offline-ana');
  const [samVoucher] = await buyVouchers(sam.cookie, [{ dealId: deal.id, quantity: 1 }]);
  const [anaVoucher] = await buyVouchers(ana.cookie, [{ dealId: deal.id, quantity: 1 }]);
  const samCode = samVoucher!.redemptionCode!;
  const anaCode = anaVoucher!.redemptionCode!;

  const { page, context } = await newPage({ width: 375, height: 812 });
  // Installable: a manifest with icons and the theme colour.
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    display: string;
    theme_color: string;
    icons: unknown[];
  };
  expect(manifest).toMatchObject({ display: 'standalone', theme_color: '#047857' });
  expect(manifest.icons.length).toBeGreaterThanOrEqual(2);

  // Online, once: the page installs the service worker; once it controls the page, the QR images go through it.
  await signIn(context, sam.cookie);
  await page.goto('/purchases');
  await expect(page.getByText(samCode, { exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker?.controller))).toBe(true);
  await page.reload();
  await expect(page.getByText(samCode, { exact: true })).toBeVisible();
  await qrLoaded(page, samCode);
  await expect.poll(async () => (await keptOnDevice(page)).saved ?? '').toContain(samCode);
  await expect.poll(async () => (await keptOnDevice(page)).qr).toEqual([`/api/purchases/${samVoucher!.id}/qr.svg`]);
  // Nothing else is kept: no other API answer in any cache (the app's code, the page's shell and the QR image).
  const cachedApi = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths.filter((p) => p.startsWith('/api/'));
  });
  expect(cachedApi).toEqual([`/api/purchases/${samVoucher!.id}/qr.svg`]);
  // The page's shell the worker keeps holds no one's data.
  const shell = await page.evaluate(async () => (await (await caches.match('/purchases'))?.text()) ?? '');
  expect(shell).toContain('<div id="root">');
  expect(shell).not.toContain(samCode);
  expect(shell).not.toContain(sam.email);

  // No network: the page opens from this device, with the code, the QR and since when they were saved.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(samCode, { exact: true })).toBeVisible();
  await qrLoaded(page, samCode);
  await expect(
    page.getByRole('status').filter({ hasText: /^Offline — last updated .+\. These are the vouchers saved on this device\./ }),
  ).toBeVisible();
  // Asking for a refund needs the server: the button waits, and says why.
  const refund = page.getByRole('button', { name: `Request refund of ${DEAL}` });
  await expect(refund).toBeDisabled();
  await expect(page.getByText('You are offline. Connect to the internet to request a refund.')).toBeVisible();
  await checkBothWidths(page, 'offline/purchases-offline', async () => {
    await expect(page.getByText(samCode, { exact: true })).toBeVisible();
    await qrLoaded(page, samCode);
  });
  // The voucher full screen, as shown at the counter.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: `Show voucher for ${DEAL}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(samCode, { exact: true })).toBeVisible();
  await expect
    .poll(() =>
      dialog.getByRole('img', { name: `QR code for redemption code ${samCode}` }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await screenshot(page, 'offline/voucher-offline-375', { fullPage: false });
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Back online, another account signs in on this device (Sam never signed out): Sam's vouchers are deleted, only
  // Ana's are kept, and offline the page shows Ana's.
  await context.setOffline(false);
  await context.clearCookies();
  await signIn(context, ana.cookie);
  await page.goto('/purchases');
  await expect(page.getByText(anaCode, { exact: true })).toBeVisible();
  await qrLoaded(page, anaCode);
  await expect.poll(async () => (await keptOnDevice(page)).saved ?? '').toContain(anaCode);
  await expect.poll(async () => (await keptOnDevice(page)).qr).toEqual([`/api/purchases/${anaVoucher!.id}/qr.svg`]);
  expect((await keptOnDevice(page)).saved).not.toContain(samCode);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(anaCode, { exact: true })).toBeVisible();
  await expect(page.getByText(samCode, { exact: true })).toHaveCount(0);

  // Signing out deletes what this device kept: offline, My Purchases then has nothing to show.
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByText(anaCode, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect.poll(() => keptOnDevice(page)).toEqual({ saved: null, qr: [] });
  await context.setOffline(true);
  await page.goto('/purchases');
  await expect(page.getByText('You are offline', { exact: true })).toBeVisible();
  await expect(page.getByText(anaCode, { exact: true })).toHaveCount(0);
  await checkBothWidths(page, 'offline/purchases-offline-signed-out', async () => {
    await expect(page.getByText('You are offline', { exact: true })).toBeVisible();
  });
});
