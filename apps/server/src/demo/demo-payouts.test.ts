import { describe, expect, it } from 'vitest';
import { and, asc, eq, like } from 'drizzle-orm';
import { merchantPayouts, merchants, notifications, users } from '../db/schema';
import { build } from '../../test/build';
import { transferDuePayouts } from '../modules/money';
import { DEMO_ACCOUNTS, DEMO_RESTRICTED_MERCHANT, DEMO_WAITING_MERCHANT, seedDemoData } from './seed';
import { SEED_MERCHANTS } from './catalogue';

/**
 * The demo's payouts (docs/decisions/0056-payout-accounts-and-transfers.md): every state a person should see, and
 * an admin console that no longer opens on payouts that are transferred by themselves.
 */
const t = await build();
const db = t.database.db;

const payoutsOfBusiness = async (key: string) => {
  const name = SEED_MERCHANTS.find((m) => m.key === key)!.businessName;
  const [m] = await db.select().from(merchants).where(eq(merchants.businessName, name));
  return db.select().from(merchantPayouts).where(eq(merchantPayouts.merchantId, m!.id)).orderBy(asc(merchantPayouts.periodStart));
};

describe('demo payouts', () => {
  it('the demo merchant’s closed payouts are transferred; one business waits for its payout account, one failed on a restricted account: one overdue payout, not three', async () => {
    expect(await seedDemoData(db, 'LocalPerks2025!')).toBe(true);
    const waiting = await payoutsOfBusiness(DEMO_WAITING_MERCHANT);
    expect(waiting.map((p) => p.state)).toEqual(['waiting_for_account']);
    const failed = await payoutsOfBusiness(DEMO_RESTRICTED_MERCHANT);
    expect(failed).toMatchObject([
      { state: 'failed', failureReason: 'The payout account is restricted: the provider asks for a photo of an identity document.' },
    ]);
    const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    // The admin's payout notifications (the demo's tickets, refunds and chargeback notify the admins too).
    expect(
      await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, admin!.id), like(notifications.type, 'payout%'))),
    ).toMatchObject([{ type: 'payout_failed', entityId: failed[0]!.id }]);

    // As the server does at start (and the job every minute after): the demo merchant's are transferred.
    await transferDuePayouts(t.app.deps);
    const bistro = await payoutsOfBusiness(SEED_MERCHANTS[0]!.key);
    expect(bistro.length).toBeGreaterThanOrEqual(2);
    for (const p of bistro)
      expect(p).toMatchObject({ state: 'paid', paidVia: 'transfer', transferId: expect.stringMatching(/^tr_sandbox_/) });
    expect((await payoutsOfBusiness(DEMO_WAITING_MERCHANT))[0]!.state).toBe('waiting_for_account');
    expect((await payoutsOfBusiness(DEMO_RESTRICTED_MERCHANT))[0]!.state).toBe('failed');
    const console = await t.loginAs('admin');
    expect((await t.request({ method: 'GET', url: '/api/admin/overview', cookie: console.cookie })).json().overduePayouts).toBe(1);
  });
});
