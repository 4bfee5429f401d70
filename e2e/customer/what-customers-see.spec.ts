import { expect, expectAccessible, newApprovedMerchant, newCustomer, screenshot, signIn, test } from '../support/browser';

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
