import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { type PayoutStatement, STATEMENT_LINE_LABELS, formatCents } from '@localperks/shared';
import {
  apiCall,
  demoMerchantCookie,
  DEMO,
  expect,
  expectAccessible,
  mailContaining,
  login,
  newCrowdVoteDeal,
  screenshot,
  test,
  openSection,
} from '../support/browser';

/*
 * A merchant's money: the demo merchant (Windy City Bistro) has past sales that the payout job
 * closed into payouts when the demo data was seeded; the journey pays a PerkBoost of its own so the
 * Billing tab has a charge it knows. Statements are the payout's ledger lines (docs/decisions/0018-one-ledger.md).
 */

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Every ledger line of a statement, page by page, from the API the page reads. */
async function statementOf(id: string, cookie: string): Promise<PayoutStatement> {
  const first = (await apiCall(`/api/merchant/payouts/${id}/statement`, undefined, cookie)).json as unknown as PayoutStatement;
  const items = [...first.lines.items];
  for (let page = 2; items.length < first.lines.total; page++)
    items.push(
      ...((await apiCall(`/api/merchant/payouts/${id}/statement?page=${page}`, undefined, cookie)).json as unknown as PayoutStatement).lines
        .items,
    );
  return { ...first, lines: { ...first.lines, items } };
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `merchant-money/${name}`);
}

test.describe('merchant payouts and billing', () => {
  test('reads the payout history, opens a statement and downloads it as CSV; sees the PerkBoost it paid in Billing with its receipt (1280 px)', async ({
    newPage,
  }) => {
    const title = `Payout journey brunch ${Date.now().toString(36)}`;
    await newCrowdVoteDeal(title, { votesRequired: 5, votes: 0 });
    // The receipt e-mail comes from the server when the provider confirms the payment.
    // Other journeys pay for the demo merchant's boosts too: its receipt is found among theirs.
    await mailContaining(DEMO.merchant, 'merchant_charge_receipt', `for “${title}”: $49.99`);

    const cookie = await demoMerchantCookie();
    const { page } = await newPage({ width: 1280, height: 900 });
    await login(page, DEMO.merchant);
    await page.waitForURL((u) => u.pathname === '/merchant/dashboard');
    await openSection(page, 'Payouts');
    const history = page.getByRole('region', { name: 'Payout history' });
    await expect(history).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Current period' })).toBeVisible();
    const rows = history.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    // Every payout carries one of the three statuses; the seeded periods are past their payout day.
    for (const text of await rows.locator('td span.rounded-full').allTextContents())
      expect(['Scheduled', 'Paid', 'Overdue']).toContain(text);
    await expectAccessible(page);
    await shot(page, 'payouts-1280');

    await rows
      .first()
      .getByRole('link', { name: /^Statement/ })
      .click();
    await page.waitForURL(/\/merchant\/payouts\/[0-9a-f-]+\/statement$/);
    await expect(page.getByRole('heading', { name: 'Payout statement', level: 1 })).toBeVisible();
    const payoutId = page.url().split('/').at(-2)!;
    const statement = await statementOf(payoutId, cookie);
    // The statement adds up to the payout it explains: its lines' totals, with what was carried in and forward, are the payout.
    const { payout: p, totals: t } = statement;
    expect(t).toMatchObject({
      totalPurchases: p.totalPurchases,
      grossCents: p.grossCents,
      commissionCents: p.commissionCents,
      refundsCents: p.refundsCents,
      commissionReversedCents: p.commissionReversedCents,
      deductionsCents: p.deductionsCents,
      disputeFeesCents: p.disputeFeesCents,
    });
    expect(statement.lines.items.reduce((sum, l) => sum + l.netCents, 0)).toBe(t.netCents);
    expect(t.netCents - p.carriedInCents + p.carriedForwardCents).toBe(p.netCents);
    await expect(page.getByRole('region', { name: 'Ledger lines of this payout' }).locator('tbody tr')).toHaveCount(
      Math.min(statement.lines.total, 50),
    );
    await expect(page.getByRole('row', { name: /^Payout / })).toContainText(formatCents(p.netCents));
    await expectAccessible(page);
    await shot(page, 'statement-1280');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^localperks-statement-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync(await download.path(), 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Date (UTC),Type,Deal,Voucher,Amount,Commission,Net');
    const carried = (p.carriedInCents ? 1 : 0) + (p.carriedForwardCents ? 1 : 0);
    expect(lines).toHaveLength(statement.lines.total + 2 + carried);
    statement.lines.items.forEach((l, i) => {
      const line = lines[i + 1]!;
      expect(line.startsWith(`${l.occurredAt.slice(0, 16).replace('T', ' ')},${STATEMENT_LINE_LABELS[l.kind]},`), line).toBe(true);
      expect(
        line.endsWith(`,${l.voucherCode ?? ''},${dollars(l.amountCents)},${dollars(l.commissionCents)},${dollars(l.netCents)}`),
        line,
      ).toBe(true);
      if (l.voucherCode) expect(l.voucherCode).toMatch(/^\*{4}.{4}$/);
    });
    // The total line is the payout's net.
    expect(lines.at(-1)).toBe(
      `Total,${t.totalPurchases} sales,,,${dollars(t.grossCents)},${dollars(-t.commissionCents)},${dollars(p.netCents)}`,
    );

    await page.getByRole('link', { name: 'Back to Payouts' }).click();
    await openSection(page, 'Billing');
    await expect(page.getByRole('heading', { name: 'Current plan' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Billing' }).getByText('Deals + Messaging', { exact: true })).toBeVisible();
    const charge = page.getByRole('list', { name: 'Charges' }).getByRole('listitem').filter({ hasText: title });
    await expect(charge).toContainText('PerkBoost: 7 days');
    await expect(charge).toContainText('$49.99');
    await expect(charge).toContainText('Paid');
    await expectAccessible(page);
    await shot(page, 'billing-1280');

    await charge.getByRole('link', { name: /^Receipt/ }).click();
    await expect(page.getByRole('heading', { name: 'Receipt', level: 1 })).toBeVisible();
    await expect(page.getByText(`PerkBoost: 7 days for “${title}”`)).toBeVisible();
    await expect(page.getByRole('row', { name: /Total paid/ })).toContainText('$49.99');
    await expectAccessible(page);
    await shot(page, 'receipt-1280');
  });

  test('payouts, a statement and billing on a phone (375 px)', async ({ newPage }) => {
    const { page } = await newPage({ width: 375, height: 812 });
    await login(page, DEMO.merchant);
    await page.waitForURL((u) => u.pathname === '/merchant/dashboard');
    await page.goto('/merchant/dashboard?tab=payouts');
    const history = page.getByRole('region', { name: 'Payout history' });
    await expect(history).toBeVisible();
    // The wide history table scrolls inside its own region: the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await shot(page, 'payouts-375');
    await history
      .locator('tbody tr')
      .first()
      .getByRole('link', { name: /^Statement/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Payout statement', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download CSV' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await shot(page, 'statement-375');
    await page.goto('/merchant/dashboard?tab=billing');
    await expect(page.getByRole('heading', { name: 'Current plan' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Charges' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Nothing on top of the page (a toast) while axe measures its targets.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, 'billing-375');
  });
});
