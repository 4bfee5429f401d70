import { describe, expect, it } from 'vitest';
import type { BrowseResult } from '@localperks/shared';
import type { Page } from 'playwright-core';
import { DEMO, demoPassword, expectAccessible, login, screenshot, useBrowser } from '../support/browser';

const b = useBrowser();

async function deals(page: Page, type: 'standard' | 'perkboost') {
  const res = await page.request.get(`/api/deals?type=${type}&pageSize=12`);
  return ((await res.json()) as BrowseResult).deals;
}

describe('deal page, favourites and cart', () => {
  it('adds a quantity to the cart, keeps a favourite, and totals the cart with 8% tax', async () => {
    const { page, context } = await b.newPage({ width: 375, height: 812 });
    const [first, second] = (await deals(page, 'standard')).filter((d) => d.status === 'active');

    await page.goto(`/deals/${first!.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(first!.title);
    expect(await page.title()).toBe(`${first!.title} | LocalPerks`);
    await page.getByRole('button', { name: 'Save to Favorites' }).click();
    await page.getByLabel('Quantity').selectOption('2');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => page.getByText(`${first!.title} has been added to your cart.`).isVisible()).toBe(true);
    await expectAccessible(page);

    await page.goto(`/deals/${second!.id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();

    await page.goto('/favorites');
    await expect.poll(() => page.getByRole('heading', { name: first!.title }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Remove from favorites' }).click();
    await expect.poll(() => page.getByText('No favorites yet').isVisible()).toBe(true);

    await page.goto('/cart');
    await expect.poll(() => page.getByRole('heading', { name: 'Your Cart' }).isVisible()).toBe(true);
    const subtotal = first!.dealPriceCents * 2 + second!.dealPriceCents;
    const money = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await expect.poll(() => page.getByText(money(subtotal + Math.round(subtotal * 0.08)), { exact: true }).isVisible()).toBe(true);
    const firstLine = page.getByRole('group', { name: `Quantity of ${second!.title}` });
    expect(await firstLine.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'cart-375');

    // Signed out: checkout asks for sign-in and comes back to the cart.
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('returnTo') === '/cart?checkout=1');

    await page.goto('/cart');
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear Cart' }).click();
    await expect.poll(() => page.getByText('Your cart is empty').isVisible()).toBe(true);
    await context.close();
  });

  it('flags a line whose deal is gone or not unlocked, blocks checkout, and toasts a canceled payment', async () => {
    const { page, context } = await b.newPage();
    const [pending] = (await deals(page, 'perkboost')).filter((d) => d.status === 'pending');
    await page.goto('/');
    await page.evaluate((d) => {
      const line = {
        id: d.id,
        title: d.title,
        dealPriceCents: d.dealPriceCents,
        originalPriceCents: d.originalPriceCents,
        imageUrl: d.imageUrl,
        city: d.city,
        state: d.state,
        type: d.type,
      };
      localStorage.setItem(
        'localperks.cart',
        JSON.stringify([
          { deal: line, quantity: 1 },
          { deal: { ...line, id: '00000000-0000-4000-8000-000000000000', title: 'Gone' }, quantity: 1 },
        ]),
      );
    }, pending!);
    await page.goto('/cart?canceled=true');
    await expect.poll(() => page.getByText('Payment Canceled').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('No longer available', { exact: true }).count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Proceed to Checkout' }).isDisabled()).toBe(true);
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('shows Deal not found for an unknown deal', async () => {
    const { page, context } = await b.newPage();
    await page.goto('/deals/00000000-0000-4000-8000-000000000000');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Deal not found');
    await context.close();
  });
});

describe('crowd-vote deals', () => {
  it('sends a visitor to log in and back, counts the vote live in another tab, and cancels it', async () => {
    const { page, context } = await b.newPage({ width: 375, height: 812 });
    const watcher = await b.newPage();
    const target = (await deals(page, 'perkboost')).find((d) => d.status === 'pending' && d.votesRequired! - d.currentVotes > 2)!;

    await watcher.page.goto('/perkboost');
    await expect.poll(() => watcher.page.getByRole('heading', { name: 'PerkBoost Deals' }).isVisible()).toBe(true);
    const watched = watcher.page.locator('article', { hasText: target.title }).getByRole('progressbar');
    await expect.poll(() => watched.getAttribute('aria-valuetext')).toContain(`${target.currentVotes} of ${target.votesRequired} votes`);

    await page.goto(`/deals/${target.id}`);
    await page.getByRole('button', { name: `Vote for ${target.title}` }).click();
    await expect.poll(() => page.getByText('Please log in to vote for this deal').isVisible()).toBe(true);
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('returnTo') === `/deals/${target.id}`);
    await page.getByTestId('customer-login-email').fill(DEMO.customer);
    await page.getByTestId('customer-login-password').fill(demoPassword());
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/deals/${target.id}`);

    await page.getByRole('button', { name: `Vote for ${target.title}` }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Vote Received!' }).isVisible()).toBe(true);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Got it' }).click();
    await expect.poll(() => page.getByText('You voted', { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(() => watched.getAttribute('aria-valuetext'))
      .toContain(`${target.currentVotes + 1} of ${target.votesRequired} votes`);

    await page.getByRole('button', { name: `Cancel vote for ${target.title}` }).click();
    await expect.poll(() => page.getByText('Your vote has been cancelled.').isVisible()).toBe(true);
    await expect.poll(() => watched.getAttribute('aria-valuetext')).toContain(`${target.currentVotes} of ${target.votesRequired} votes`);
    await watcher.context.close();
    await context.close();
  });

  it('lists every crowd-vote deal with its progress and countdown on /perkboost', async () => {
    const { page, context } = await b.newPage({ width: 375, height: 812 });
    await login(page, DEMO.customer);
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/perkboost');
    await expect.poll(() => page.getByRole('progressbar').count()).toBeGreaterThan(1);
    expect(await page.getByText(/\d+ (day|hr)s? \d+ (hr|min)s? left/).count()).toBeGreaterThan(1);
    await expectAccessible(page);
    await screenshot(page, 'perkboost-375');
    await context.close();
  });
});

describe('unlocking live', () => {
  it('the vote that reaches the target unlocks the deal, seen live on another open page', async () => {
    const { page, context } = await b.newPage();
    const watcher = await b.newPage({ width: 375, height: 812 });
    const target = (await deals(page, 'perkboost')).find((d) => d.status === 'pending' && d.votesRequired! - d.currentVotes === 1);
    expect(target, 'the demo catalogue has a crowd-vote deal one vote from unlocking').toBeDefined();

    await watcher.page.goto(`/deals/${target!.id}`);
    await expect.poll(() => watcher.page.getByRole('button', { name: `Vote for ${target!.title}` }).isVisible()).toBe(true);

    await login(page, DEMO.customer);
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(`/deals/${target!.id}`);
    await page.getByRole('button', { name: `Vote for ${target!.title}` }).click();
    await expect.poll(() => page.getByText('PerkBoost™ Deal Unlocked!').first().isVisible()).toBe(true);

    // The other page, never reloaded, now shows the deal as unlocked with Pay Now.
    await expect.poll(() => watcher.page.getByText('Unlocked', { exact: true }).first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect
      .poll(() =>
        watcher.page
          .getByRole('button', { name: /Pay Now/ })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await screenshot(watcher.page, 'deal-unlocked-live-375');
    const api = (await (await page.request.get(`/api/deals/${target!.id}`)).json()) as { deal: { status: string; currentVotes: number } };
    expect(api.deal).toMatchObject({ status: 'active', currentVotes: target!.votesRequired });
    await watcher.context.close();
    await context.close();
  });
});
