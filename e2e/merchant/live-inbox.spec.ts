import type { Route } from '@playwright/test';
import { apiCall, expect, newApprovedMerchant, newCustomer, payMessagingSubscription, signIn, test } from '../support/browser';

/*
 * Live inbox (docs/product/design.md: Server-Sent Events). The inbox's first fetch and its live stream start one
 * after the other; a message written between the two used to stay unseen until the next one. This
 * journey holds the stream's request until the message is written, so the gap is always there: the
 * inbox must still show the message, because it refetches when its stream opens.
 */

const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe('merchant inbox: live updates', () => {
  test('shows a message written after the inbox loaded but before its live stream connected', async ({ newPage }) => {
    const name = `Gap Street Cobbler ${tag}`;
    const merchant = await newApprovedMerchant(name, 'advertise_messaging');
    await payMessagingSubscription(merchant.cookie);
    const found = await apiCall(`/api/businesses?search=${encodeURIComponent(name)}`);
    expect(found.status, JSON.stringify(found.json)).toBe(200);
    const slug = (found.json as { businesses: { slug: string; name: string }[] }).businesses.find((b) => b.name === name)!.slug;
    const customer = await newCustomer('live-inbox');

    const { page, context } = await newPage({ width: 1280, height: 900 });
    await signIn(context, merchant.cookie);
    // The stream's request waits here until the message below has been written.
    let held: Route | undefined;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/events/messages', async (route) => {
      held = route;
      await released;
      await route.continue();
    });

    await page.goto('/merchant/dashboard?tab=messages');
    await expect(page.getByText('No customer messages yet.')).toBeVisible();
    await expect.poll(() => held !== undefined).toBe(true);

    const sent = await apiCall(
      '/api/customer-messages',
      {
        businessSlug: slug,
        subject: 'Resoling boots before winter',
        message: 'Do you resole leather boots? I can bring them on Saturday.',
      },
      customer.cookie,
    );
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);

    release();
    await expect(page.getByText('Resoling boots before winter')).toBeVisible();
  });
});
