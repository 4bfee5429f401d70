import type { Locator, Page } from '@playwright/test';
import { REFUND_MESSAGES_UI, type MerchantPayoutsPage } from '@localperks/shared';
import {
  animationsSettled,
  checkBothWidths,
  codeIn,
  expect,
  expectAccessible,
  latestMail,
  buyVouchers,
  newAdmin,
  newApprovedMerchant,
  newCustomer,
  newStandardDeal,
  screenshot,
  signIn,
  test,
  openSection,
  sectionLink,
} from '../support/browser';

/**
 * A voucher refunded under the Merchant Refund Policy (docs/decisions/0019-refund-flow.md): the
 * customer asks on My Purchases, the merchant answers from the dashboard, an admin refunds it with a
 * decision; the voucher dies (no code, no QR) while the other voucher of the order still redeems, and
 * the merchant's next payout has the refund taken off with the commission given back.
 */
const stamp = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
const MERCHANT = `Refund Diner ${stamp}`;
const DEAL = `Riverside tasting menu ${stamp}`;
const NOTE = 'The restaurant was dark and a sign on the door says it has closed for good.';
const ANSWER = 'We moved two streets down; the voucher is honoured at the new address.';
const DECISION = 'The customer could not use the voucher at the address sold. Refunded under the Merchant Refund Policy.';
/** $79.50 plus its half of the order's 8 % tax ($12.72 on $159.00). */
const REFUND = '$85.86';

/** Both widths of one screen, with the axe check at each; `ready` waits for what the screen must show. */
const checkScreen = (page: Page, name: string, ready: () => Promise<void>) => checkBothWidths(page, `refunds/${name}`, ready);

/** The card of one voucher of the deal on My Purchases: the one that is not `other`'s. */
const voucherCard = (list: Locator, otherCode: string) =>
  list.getByRole('listitem').filter({ hasText: DEAL }).filter({ hasNotText: otherCode });

test.describe('refunds under the Merchant Refund Policy', () => {
  test('a customer asks for one of two vouchers back, the merchant answers, an admin refunds it, and the other voucher still redeems', async ({
    newPage,
  }) => {
    // The journey's own merchant, deal, customer and admin: its requests are the only ones of this merchant.
    const merchant = await newApprovedMerchant(MERCHANT);
    const deal = await newStandardDeal(DEAL, merchant.cookie);
    const customer = await newCustomer('refund');

    // The customer has bought two vouchers of the deal (checkout.spec.ts buys through the pages).
    const vouchers = (await buyVouchers(customer.cookie, [{ dealId: deal.id, quantity: 2 }])).filter((p) => p.dealId === deal.id);
    const { page, context } = await newPage({ width: 375, height: 812 });
    await signIn(context, customer.cookie);
    await page.goto('/purchases');
    expect(vouchers).toHaveLength(2);
    const [refunded, kept] = vouchers.map((p) => ({ id: p.id, code: p.redemptionCode! }));

    // It asks for the first one back: a reason is required, the note is optional.
    const active = page.getByRole('list', { name: 'Active purchases' });
    const card = voucherCard(active, kept!.code);
    await expect(card.getByText(refunded!.code, { exact: true })).toBeVisible();
    await card.getByRole('button', { name: `Request refund of ${DEAL}` }).click();
    const ask = page.getByRole('dialog', { name: 'Request a refund' });
    await expect(ask.getByText(REFUND)).toBeVisible();
    await ask.getByRole('button', { name: 'Request refund' }).click();
    await expect(ask.getByText(REFUND_MESSAGES_UI.reasonRequired)).toBeVisible();
    await ask.getByRole('radio', { name: 'The merchant has closed' }).check();
    await ask.getByLabel('Note for the merchant (optional)').fill(NOTE);
    await animationsSettled(page);
    await screenshot(page, 'refunds/request-dialog-375', { fullPage: false });
    await ask.getByRole('button', { name: 'Request refund' }).click();
    await expect(page.getByText('Refund requested', { exact: true })).toBeVisible();
    await expect(ask).toBeHidden();
    await expect(card.getByTestId('refund-status')).toContainText('Refund request: Requested');
    await expect(card.getByRole('button', { name: `Request refund of ${DEAL}` })).toHaveCount(0);
    // The other voucher can still be asked for.
    await expect(voucherCard(active, refunded!.code).getByRole('button', { name: `Request refund of ${DEAL}` })).toBeVisible();
    expect((await latestMail(customer.email, 'refund_requested')).subject).toContain(DEAL);

    // The merchant finds it on the dashboard's Refund requests tab and answers for the admins.
    const m = await newPage({ width: 1280, height: 900 });
    await signIn(m.context, merchant.cookie);
    await m.page.goto('/merchant/dashboard?tab=refunds');
    await expect(sectionLink(m.page, 'Refund requests')).toHaveAttribute('aria-current', 'page');
    // The section's list is its table: the request is a row, its actions in it.
    const request = m.page.getByRole('table', { name: 'Refund requests table' }).getByRole('row').filter({ hasText: DEAL });
    await expect(request).toHaveCount(1);
    await expect(request.getByText('Requested', { exact: true })).toBeVisible();
    await expect(request.getByText(`“${NOTE}”`)).toBeVisible();
    await expect(request.getByText(REFUND)).toBeVisible();
    await expect(request.getByText(/^Respond by .+ \(5 business days\)$/)).toBeVisible();
    await checkScreen(m.page, 'merchant-refund-requests', () => expect(request.getByText(/^Respond by/)).toBeVisible());
    await m.page.setViewportSize({ width: 1280, height: 900 });
    await request.getByRole('button', { name: `Answer the refund request for ${DEAL}` }).click();
    const answer = m.page.getByRole('dialog', { name: 'Answer the refund request' });
    await answer.getByRole('button', { name: 'Send answer' }).click();
    await expect(answer.getByText(REFUND_MESSAGES_UI.answerRequired)).toBeVisible();
    await answer.getByLabel('Message for our team (required)').fill(ANSWER);
    await answer.getByRole('button', { name: 'Send answer' }).click();
    await expect(m.page.getByText('Answer sent', { exact: true })).toBeVisible();
    await expect(request.getByText('Merchant responded', { exact: true })).toBeVisible();
    await expect(request.getByText(`Your answer: ${ANSWER}`)).toBeVisible();
    await expect(request.getByRole('button', { name: `Answer the refund request for ${DEAL}` })).toHaveCount(0);

    // An admin of the journey's own signs in with the mailed code and refunds it with a decision.
    const admin = await newAdmin('Refunds Admin');
    const a = await newPage({ width: 1280, height: 900 });
    await a.page.goto('/admin-login');
    await a.page.getByTestId('admin-email').fill(admin.email);
    await a.page.getByTestId('admin-password').fill(admin.password);
    await a.page.getByRole('button', { name: 'Continue' }).click();
    await a.page.getByTestId('admin-code').waitFor({ state: 'visible' });
    await a.page.getByTestId('admin-code').fill(codeIn((await latestMail(admin.email, 'admin_access_code')).text));
    await a.page.getByRole('button', { name: 'Verify Code' }).click();
    await a.page.waitForURL('**/admin/dashboard**');
    await openSection(a.page, 'Refunds');
    await expect(a.page).toHaveURL((u) => u.pathname === '/admin/refunds');
    // The Refunds table is the queue: the request found by its deal, with what refunding it gives back.
    await a.page.getByRole('searchbox', { name: /^Search refunds/ }).fill(DEAL);
    await a.page.getByRole('button', { name: 'Search refunds', exact: true }).click();
    const refunds = a.page.getByRole('table', { name: 'Refunds and refund requests' });
    const queued = refunds.getByRole('row').filter({ hasText: DEAL });
    await expect(queued).toHaveCount(1);
    await expect(queued).toContainText(REFUND);
    await expect(queued.getByText('Merchant responded', { exact: true })).toBeVisible();
    await expect(queued.getByText(ANSWER)).toBeVisible();
    await expect(queued.getByText(NOTE)).toBeVisible();
    await expect(queued.getByText(`Voucher ${refunded!.code}`)).toBeVisible();
    await expect(queued.getByText(`${MERCHANT}`, { exact: true })).toBeVisible();
    await checkScreen(a.page, 'admin-refunds', () => expect(queued.getByText(ANSWER)).toBeVisible());
    await a.page.setViewportSize({ width: 1280, height: 900 });
    await queued.getByRole('button', { name: new RegExp(`^Refund ${DEAL} for `) }).click();
    const decide = a.page.getByRole('dialog', { name: `Refund ${REFUND}?` });
    await decide.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(decide.getByText(REFUND_MESSAGES_UI.decisionRequired)).toBeVisible();
    await decide.getByLabel('Decision text (required)').fill(DECISION);
    await decide.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(a.page.getByText('Refund issued', { exact: true })).toBeVisible();
    await expect(decide).toBeHidden();
    // Decided, it leaves the open requests (the table refreshed): its row is now the refund, with the decision and who
    // made it, and no decision to take; once the provider confirms it, Refunded.
    await expect(queued.getByRole('button', { name: new RegExp(`^Refund ${DEAL}`) })).toHaveCount(0);
    await expect(queued.getByText('Merchant responded', { exact: true })).toHaveCount(0);
    await expect(queued.getByText(`Decision: ${DECISION} (Refunds Admin)`)).toBeVisible();
    await a.page.getByLabel('Status', { exact: true }).selectOption('refunded');
    await expect(async () => {
      await a.page.reload();
      await expect(queued.getByText('Refunded', { exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await expect(queued.getByText(`Decision: ${DECISION} (Refunds Admin)`)).toBeVisible();

    // The customer sees the voucher Refunded, with no code and no QR; the other still has both.
    await page.reload();
    await page.getByRole('tab', { name: /All Purchases/ }).click();
    const all = page.getByRole('list', { name: 'All Purchases purchases' });
    const dead = voucherCard(all, kept!.code);
    await expect(all.getByRole('listitem').filter({ hasText: DEAL })).toHaveCount(2);
    await expect(dead.getByText(`Refunded: ${REFUND} back to your card.`)).toBeVisible();
    await expect(dead.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(dead.getByText(`Decision: ${DECISION}`)).toBeVisible();
    await expect(page.getByText(refunded!.code)).toHaveCount(0);
    await expect(page.getByAltText(`QR code for redemption code ${refunded!.code}`)).toHaveCount(0);
    await expect(dead.getByRole('button', { name: /Show voucher|Request refund/ })).toHaveCount(0);
    const alive = all.getByRole('listitem').filter({ hasText: kept!.code });
    await expect(alive.getByText('Active', { exact: true })).toBeVisible();
    await expect(alive.getByAltText(`QR code for redemption code ${kept!.code}`)).toBeVisible();
    await checkScreen(page, 'my-purchases', () => expect(dead.getByText(`Refunded: ${REFUND} back to your card.`)).toBeVisible());
    expect((await latestMail(customer.email, 'refund_issued')).text).toContain(DECISION);

    // At the counter: the refunded code is refused, the other one redeems.
    await m.page.goto('/merchant/redeem');
    const code = m.page.getByLabel('Redemption code');
    await code.fill(refunded!.code);
    await m.page.getByRole('button', { name: 'Look up' }).click();
    await expect(m.page.getByRole('heading', { name: 'Refunded', level: 2 })).toBeVisible();
    await expect(m.page.getByRole('button', { name: 'Redeem', exact: true })).toHaveCount(0);
    await m.page.getByRole('button', { name: 'Redeem another voucher' }).click();
    await code.fill(kept!.code);
    await m.page.getByRole('button', { name: 'Look up' }).click();
    await expect(m.page.getByRole('heading', { name: 'Ready to redeem' })).toBeVisible();
    await m.page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(m.page.getByRole('heading', { name: 'Voucher Redeemed' })).toBeVisible();

    await page.reload();
    await page.getByRole('tab', { name: /Redeemed/ }).click();
    await expect(page.getByRole('list', { name: 'Redeemed purchases' }).getByText(DEAL)).toBeVisible();

    // The merchant's next payout: the open period, read from the ledger until the payout job closes it
    // after the period ends (no one closes a period by hand). The refund comes off its gross and the
    // voucher's commission comes back: two sales of $79.50 less $11.93 commission each, one refunded.
    const cp = ((await (await m.page.request.get('/api/merchant/payouts')).json()) as MerchantPayoutsPage).currentPeriod;
    expect(cp).toMatchObject({
      totalPurchases: 1,
      grossCents: 7_950,
      refundsCents: 7_950,
      commissionCents: 1_193,
      commissionReversedCents: 1_193,
      deductionsCents: 0,
      netCents: 6_757,
    });
    await m.page.goto('/merchant/dashboard?tab=payouts');
    await expect(sectionLink(m.page, 'Payouts')).toHaveAttribute('aria-current', 'page');
    const next = m.page.getByText(/^Net so far from/).locator('..');
    const payday = new Date(`${cp.period.payoutDate}T12:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await expect(next.getByText(new RegExp(`, paid on ${payday}$`))).toBeVisible();
    await expect(next.getByText('$67.57', { exact: true })).toBeVisible();
    await expect(next.getByText('Net so far from 1 sale: $79.50 gross less $11.93 commission.')).toBeVisible();
    await expect(next.getByText('Refunds $79.50 ($11.93 commission reversed).')).toBeVisible();
    for (const width of [375, 1280]) {
      await m.page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await expect(next.getByText(/^Refunds \$79\.50/)).toBeVisible();
      await expectAccessible(m.page);
      await m.page.evaluate(() => window.scrollTo(0, 0));
      await animationsSettled(m.page);
      await screenshot(m.page, `refund-journey/merchant-next-payout-${width}`);
    }
  });
});
