import { apiCall, expect, newApprovedMerchant, signIn, test } from '../support/browser';
import { fillDealBasics, inDays, ymd } from '../support/deal-form';

/**
 * Issue 29: a scheduled deal goes live by its job on a moved clock (docs/decisions/0047). Moving the
 * server's clock moves it for every journey, so this one runs in the 'exclusive' project, after the
 * others and alone (playwright.config.ts): a refund journey once read an empty payout period while it ran.
 */
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe('a scheduled deal', () => {
  test('a scheduled deal is Coming soon for its merchant only and goes live by the deal-schedule job on a moved clock', async ({
    newPage,
  }) => {
    const merchant = await newApprovedMerchant(`Scheduled Studio ${tag}`);
    const title = `Scheduled massage ${tag}`;
    const { page, context } = await newPage({ width: 1280, height: 900 });
    await signIn(context, merchant.cookie);
    await page.goto('/merchant/deals/new');
    await fillDealBasics(page, title);
    await page.getByLabel('Original price ($)', { exact: true }).fill('90');
    await page.getByLabel('Deal price ($)', { exact: true }).fill('55');
    await page.getByLabel('Sale starts (optional)').fill(ymd(inDays(2)));
    await page.getByLabel('Sale ends (expiration date)').fill(ymd(inDays(20)));
    await page.getByLabel('Vouchers valid until (optional)').fill(ymd(inDays(60)));
    await page.getByRole('button', { name: 'Create Deal' }).click();
    await page.waitForURL((u) => u.pathname === '/merchant/dashboard');
    await expect(page.getByText('Coming soon').first()).toBeVisible();
    const mine = (await apiCall('/api/merchant/deals', undefined, merchant.cookie)).json as {
      deals: { id: string; title: string; status: string }[];
    };
    const deal = mine.deals.find((d) => d.title === title)!;
    expect(deal.status).toBe('scheduled');
    expect((await apiCall(`/api/deals/${deal.id}`)).status).toBe(404);

    try {
      // Three days later, by the app's clock, the job runs: the deal is live for customers.
      const moved = await apiCall('/api/dev/clock', { offsetMs: 3 * 86_400_000 });
      expect(moved.status).toBe(200);
      const ran = await apiCall('/api/dev/jobs/deal-schedule/run', {});
      expect(ran.status).toBe(200);
      const visitor = await newPage({ width: 1280, height: 900 });
      await visitor.page.goto(`/deal/${deal.id}`);
      await expect(visitor.page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(visitor.page.getByText(/Vouchers valid until/)).toBeVisible();
    } finally {
      await apiCall('/api/dev/clock', { offsetMs: 0 });
    }
  });
});
