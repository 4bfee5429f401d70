import type { Page } from '@playwright/test';
import { REFUND_MESSAGES_UI as M } from '@localperks/shared';
import {
  adminCookie,
  animationsSettled,
  apiCall,
  buyVouchersOnSession,
  chargeBack,
  checkBothWidths,
  expect,
  newApprovedMerchant,
  newCustomer,
  newStandardDeal,
  screenshot,
  signIn,
  test,
} from '../support/browser';

/**
 * A payment the customer's bank charged back is not refunded on top (docs/decisions/0040-safe-at-scale.md):
 * while the chargeback is open the customer cannot ask for a refund, the merchant cannot accept one and
 * the admin sees why instead of a Refund button; once it is lost, the reconciliation of refunds and the
 * ledger still matches.
 */
const stamp = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
const MERCHANT = `Chargeback Cafe ${stamp}`;
const DEAL = `Harbour brunch for two ${stamp}`;

/** Both widths of one screen, with the axe check at each; `ready` waits for what the screen must show. */
const checkScreen = (page: Page, name: string, ready: () => Promise<void>) => checkBothWidths(page, `chargebacks/${name}`, ready);

test.describe('refunds of a charged-back payment', () => {
  test('a chargeback holds every refund of the payment: the customer, the merchant and the admin are told why', async ({ newPage }) => {
    const merchant = await newApprovedMerchant(MERCHANT);
    const deal = await newStandardDeal(DEAL, merchant.cookie);
    const customer = await newCustomer('chargeback');
    const { purchases, sessionId } = await buyVouchersOnSession(customer.cookie, [{ dealId: deal.id, quantity: 2 }]);
    const [asked, other] = purchases.filter((p) => p.dealId === deal.id);
    // The customer asked for one voucher back before the bank opened a dispute on the whole payment.
    const requested = await apiCall(`/api/purchases/${asked!.id}/refund-request`, { reason: 'closed' }, customer.cookie);
    expect(requested.status, JSON.stringify(requested.json)).toBe(200);
    const disputeId = `dp_e2e_${stamp}`;
    await chargeBack(sessionId, disputeId, 'needs_response');

    // The customer asks for the other voucher: refused, with the reason.
    const c = await newPage({ width: 375, height: 812 });
    await signIn(c.context, customer.cookie);
    await c.page.goto('/purchases');
    const card = c.page.getByRole('list', { name: 'Active purchases' }).getByRole('listitem').filter({ hasText: other!.redemptionCode! });
    await card.getByRole('button', { name: `Request refund of ${DEAL}` }).click();
    const ask = c.page.getByRole('dialog', { name: 'Request a refund' });
    await ask.getByRole('radio', { name: 'The merchant has closed' }).check();
    await ask.getByRole('button', { name: 'Request refund' }).click();
    await expect(c.page.getByText(M.customerDisputeOpen)).toBeVisible();
    await animationsSettled(c.page);
    await screenshot(c.page, 'chargebacks/customer-refused-375', { fullPage: false });

    // The merchant sees the request held by the chargeback: no Accept, an answer for the team still possible.
    const m = await newPage({ width: 1280, height: 900 });
    await signIn(m.context, merchant.cookie);
    await m.page.goto('/merchant/dashboard?tab=refunds');
    const request = m.page.getByRole('table', { name: 'Refund requests table' }).getByRole('row').filter({ hasText: DEAL });
    await expect(request.getByText(M.disputeOpen)).toBeVisible();
    await expect(request.getByRole('button', { name: /^Accept and refund/ })).toHaveCount(0);
    await expect(request.getByRole('button', { name: `Answer the refund request for ${DEAL}` })).toBeVisible();
    await checkScreen(m.page, 'merchant-request', () => expect(request.getByText(M.disputeOpen)).toBeVisible());

    // The admin: the queued request and both vouchers of the payment say why there is no Refund button.
    const a = await newPage({ width: 1280, height: 900 });
    await signIn(a.context, adminCookie());
    await a.page.goto('/admin/dashboard?tab=refunds');
    await a.page.getByRole('searchbox', { name: /^Search refunds/ }).fill(DEAL);
    await a.page.getByRole('button', { name: 'Search refunds', exact: true }).click();
    const queued = a.page.getByRole('table', { name: 'Refunds and refund requests' }).getByRole('row').filter({ hasText: DEAL });
    await expect(queued.getByText('Requested', { exact: true })).toBeVisible();
    await expect(queued.getByText(M.disputeOpenShort)).toBeVisible();
    await expect(queued.getByRole('button', { name: new RegExp(`^Refund ${DEAL} for `) })).toHaveCount(0);
    await expect(queued.getByRole('button', { name: `Decline the refund of ${DEAL}` })).toBeVisible();
    await a.page.getByLabel('Customer e-mail or voucher code').fill(customer.email);
    await a.page.getByRole('button', { name: 'Find' }).click();
    const found = a.page.getByRole('list', { name: 'Purchases found' }).getByRole('listitem');
    await expect(found).toHaveCount(2);
    await expect(found.getByText(M.disputeOpenShort)).toHaveCount(2);
    await expect(found.getByRole('button', { name: /^Refund / })).toHaveCount(0);
    const reconciliation = a.page.getByText('They match.');
    await expect(reconciliation).toBeVisible();
    await checkScreen(a.page, 'admin-refunds', () => expect(found.getByText(M.disputeOpenShort).first()).toBeVisible());

    // The bank decides for the customer: the payment went back through the chargeback, once in the ledger.
    await chargeBack(sessionId, disputeId, 'lost');
    await a.page.reload();
    await a.page.getByLabel('Customer e-mail or voucher code').fill(customer.email);
    await a.page.getByRole('button', { name: 'Find' }).click();
    await expect(found.getByText(M.disputeLostShort)).toHaveCount(2);
    await expect(a.page.getByText('They match.')).toBeVisible();
    await checkScreen(a.page, 'admin-refunds-lost', () => expect(found.getByText(M.disputeLostShort).first()).toBeVisible());
  });
});
