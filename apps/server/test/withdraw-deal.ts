import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { deals } from '../src/db/schema';
import { runDealsTick } from '../src/jobs';
import type { TestApp } from './build';

/** The four ways a deal leaves sale while a customer's payment page may still be open. */
export const WITHDRAWALS = ['pause', 'delete', 'take-down', 'expiry'] as const;
export type Withdrawal = (typeof WITHDRAWALS)[number];

/**
 * Withdraws a deal the way it happens in the product: the merchant pauses or deletes it, an admin
 * takes it down, or its expiration date passes and the minute job expires it.
 */
export async function withdrawDeal(t: TestApp, kind: Withdrawal, dealId: string, merchantCookie: string) {
  if (kind === 'pause') {
    const res = await t.request({ method: 'POST', url: `/api/merchant/deals/${dealId}/pause`, cookie: merchantCookie });
    expect(res.statusCode).toBe(200);
  } else if (kind === 'delete') {
    const res = await t.request({ method: 'DELETE', url: `/api/merchant/deals/${dealId}`, cookie: merchantCookie });
    expect(res.statusCode).toBe(200);
  } else if (kind === 'take-down') {
    const admin = await t.loginAs('admin');
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/deals/${dealId}/deactivate`,
      cookie: admin.cookie,
      payload: { reason: 'Misleading offer' },
    });
    expect(res.statusCode).toBe(200);
  } else {
    // Time passes beyond the deal's expiration date; then the job runs.
    await t.database.db
      .update(deals)
      .set({ expirationDate: new Date(Date.now() - 1000) })
      .where(eq(deals.id, dealId));
    const tick = await runDealsTick(t.app.deps);
    expect(tick.expiredIds).toContain(dealId);
  }
}
