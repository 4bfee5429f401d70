import type { BrowseResult } from '@localperks/shared';
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, login, newCrowdVoteDeal, newCustomer, screenshot, test } from '../support/browser';

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function deals(page: Page, type: 'standard' | 'perkboost') {
  const res = await page.request.get(`/api/deals?type=${type}&pageSize=12`);
  return ((await res.json()) as BrowseResult).deals;
}

test.describe('deal page, favourites and cart', () => {
  test('adds a quantity to the cart, keeps a favourite, and totals the cart with 8% tax', async ({ newPage }) => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    const [first, second] = (await deals(page, 'standard')).filter((d) => d.status === 'active');

    await page.goto(`/deals/${first!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.title);
    await expect(page).toHaveTitle(`${first!.title} | LocalPerks`);
    await page.getByRole('button', { name: 'Save to Favorites' }).click();
    await page.getByLabel('Quantity').selectOption('2');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText(`${first!.title} has been added to your cart.`)).toBeVisible();
    await expectAccessible(page);

    await page.goto(`/deals/${second!.id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();

    await page.goto('/favorites');
    await expect(page.getByRole('heading', { name: first!.title })).toBeVisible();
    await page.getByRole('button', { name: 'Remove from favorites' }).click();
    await expect(page.getByText('No favorites yet')).toBeVisible();

    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
    const subtotal = first!.dealPriceCents * 2 + second!.dealPriceCents;
    const money = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await expect(page.getByText(money(subtotal + Math.round(subtotal * 0.08)), { exact: true })).toBeVisible();
    const firstLine = page.getByRole('group', { name: `Quantity of ${second!.title}` });
    await expect(firstLine.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await expectAccessible(page);
    await screenshot(page, 'cart-375');

    // Signed out: checkout asks for sign-in and comes back to the cart.
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('returnTo') === '/cart?checkout=1');

    await page.goto('/cart');
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear Cart' }).click();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await context.close();
  });

  test('flags a line whose deal is gone or not unlocked, blocks checkout, and toasts a canceled payment', async ({ newPage }) => {
    const { page, context } = await newPage();
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
    await expect(page.getByText('Payment Canceled')).toBeVisible();
    await expect(page.getByText('No longer available', { exact: true })).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
    await expect(page).toHaveURL((u) => u.search === '');
    await context.close();
  });

  test('shows Deal not found for an unknown deal', async ({ newPage }) => {
    const { page, context } = await newPage();
    await page.goto('/deals/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deal not found');
    await context.close();
  });
});

test.describe('crowd-vote deals', () => {
  test('sends a visitor to log in and back, counts the vote live in another tab, and cancels it', async ({ newPage }) => {
    // Its own crowd-vote deal and customer: no other journey's vote moves these counts.
    const target = await newCrowdVoteDeal(`Vote and cancel brunch ${tag()}`, { votesRequired: 5, votes: 0 });
    const customer = await newCustomer('voter');
    const { page, context } = await newPage({ width: 375, height: 812 });
    const watcher = await newPage();

    await watcher.page.goto('/perkboost');
    await expect(watcher.page.getByRole('heading', { name: 'PerkBoost Deals' })).toBeVisible();
    const watched = watcher.page.locator('article', { hasText: target.title }).getByRole('progressbar');
    await expect(watched).toHaveAttribute('aria-valuetext', new RegExp(`\\b${target.currentVotes} of ${target.votesRequired} votes`));

    await page.goto(`/deals/${target.id}`);
    await page.getByRole('button', { name: `Vote for ${target.title}` }).click();
    await expect(page.getByText('Please log in to vote for this deal')).toBeVisible();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('returnTo') === `/deals/${target.id}`);
    await page.getByTestId('customer-login-email').fill(customer.email);
    await page.getByTestId('customer-login-password').fill(customer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/deals/${target.id}`);

    await page.getByRole('button', { name: `Vote for ${target.title}` }).click();
    await expect(page.getByRole('dialog', { name: 'Vote Received!' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Got it' }).click();
    await expect(page.getByText('You voted', { exact: true })).toBeVisible();
    await expect(watched).toHaveAttribute('aria-valuetext', new RegExp(`\\b${target.currentVotes + 1} of ${target.votesRequired} votes`));

    await page.getByRole('button', { name: `Cancel vote for ${target.title}` }).click();
    await expect(page.getByText('Your vote has been cancelled.')).toBeVisible();
    await expect(watched).toHaveAttribute('aria-valuetext', new RegExp(`\\b${target.currentVotes} of ${target.votesRequired} votes`));
    await watcher.context.close();
    await context.close();
  });

  test('lists every crowd-vote deal with its progress and countdown on /perkboost', async ({ newPage }) => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    await login(page, DEMO.customer);
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/perkboost');
    await expect(page.getByRole('progressbar').nth(1)).toBeAttached();
    await expect(page.getByText(/\d+ (day|hr)s? \d+ (hr|min)s? left/).nth(1)).toBeAttached();
    await expectAccessible(page);
    await screenshot(page, 'perkboost-375');
    await context.close();
  });
});

test.describe('unlocking live', () => {
  test('the vote that reaches the target unlocks the deal, seen live on another open page', async ({ newPage }) => {
    // Its own crowd-vote deal, one vote from its target, and its own customer to cast that vote.
    const target = await newCrowdVoteDeal(`Unlock live brunch ${tag()}`, { votesRequired: 5, votes: 4 });
    const customer = await newCustomer('unlocker');
    const { page, context } = await newPage();
    const watcher = await newPage({ width: 375, height: 812 });

    await watcher.page.goto(`/deals/${target.id}`);
    await expect(watcher.page.getByRole('button', { name: `Vote for ${target.title}` })).toBeVisible();

    await login(page, customer.email, customer.password);
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(`/deals/${target.id}`);
    await page.getByRole('button', { name: `Vote for ${target.title}` }).click();
    await expect(page.getByText('PerkBoost™ Deal Unlocked!').first()).toBeVisible();
    // The person whose vote unlocked it is not promised a notice of an unlock that already happened.
    const received = page.getByRole('dialog', { name: 'Vote Received!' });
    await expect(received).toContainText('Your vote unlocked this deal');
    await expect(received).not.toContainText('notify');
    await expect(received).not.toContainText('cancel your vote');
    await expect(page.getByText('Your vote unlocked this deal.', { exact: true })).toBeVisible();
    await expect(page.getByText('will be notified when it unlocks')).toHaveCount(0);
    await screenshot(page, 'vote-unlocked-dialog-1280', { fullPage: false });
    await received.getByRole('button', { name: 'Got it' }).click();

    // The other page, never reloaded, now shows the deal as unlocked with Pay Now.
    await expect(watcher.page.getByText('Unlocked', { exact: true }).first()).toBeVisible();
    await expect(watcher.page.getByRole('button', { name: /Pay Now/ }).first()).toBeVisible();
    await screenshot(watcher.page, 'deal-unlocked-live-375');
    const api = (await (await page.request.get(`/api/deals/${target.id}`)).json()) as { deal: { status: string; currentVotes: number } };
    expect(api.deal).toMatchObject({ status: 'active', currentVotes: target.votesRequired });
    await watcher.context.close();
    await context.close();
  });
});
