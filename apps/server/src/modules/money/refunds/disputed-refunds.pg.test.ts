import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { disputes, orders } from '../../../db/schema';
import { build } from '../../../../test/build';
import { buy, createDeal, createMerchantSession } from '../../../../test/factories';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../../../payments/sandbox';

/**
 * A chargeback arriving while a refund of one of its vouchers is being decided (PostgreSQL, two
 * connections; docs/decisions/0040-safe-at-scale.md): the dispute takes the vouchers' row locks, as a
 * refund does, so one of them commits first and the other sees it. The refund in flight is played by
 * a second connection holding the voucher's lock.
 */
const t = await build();
const db = t.database.db;
const url = (t.database as { url?: string }).url!;

describe('a chargeback racing a refund', () => {
  it('waits for the refund holding the voucher’s lock, and is recorded once the refund has committed', async () => {
    const merchant = await createMerchantSession(t);
    const deal = await createDeal(db, merchant.merchant.id, { dealPriceCents: 2_500 });
    const customer = await t.loginAs('customer');
    const [voucher] = await buy(t, customer.cookie, [{ dealId: deal.id, quantity: 1 }]);
    const [order] = await db.select().from(orders).where(eq(orders.id, voucher!.orderId));

    const refund = new pg.Client({ connectionString: url, application_name: 'refund-in-flight' });
    await refund.connect();
    afterAll(() => refund.end());
    await refund.query('begin');
    await refund.query('select id from purchases where id = $1 for update', [voucher!.id]);

    const payload = JSON.stringify({
      id: `evt_${randomBytes(8).toString('hex')}`,
      type: 'charge.dispute.created',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'dp_race_1', charge: order!.providerSessionId, amount: 2_700, status: 'needs_response', metadata: {} } },
    });
    let isAnswered = false;
    const answer = t
      .request({
        method: 'POST',
        url: '/api/webhooks/sandbox',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(t.app.deps.sandboxSecret, payload) },
        payload,
      })
      .finally(() => (isAnswered = true));
    // The dispute's transaction waits on the voucher's lock.
    await vi.waitFor(
      async () => {
        const { rows } = await refund.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        expect(rows[0]!.n).toBe(1);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(isAnswered).toBe(false);
    expect(await db.select().from(disputes).where(eq(disputes.orderId, order!.id))).toEqual([]);

    await refund.query('commit');
    expect((await answer).json()).toEqual({ received: true, fulfilled: true });
    expect((await db.select().from(disputes).where(eq(disputes.orderId, order!.id))).map((d) => d.status)).toEqual(['open']);
  });
});
