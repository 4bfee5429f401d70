import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { ledgerEntries, merchantPayouts, sandboxTransfers } from '../../../db/schema';
import { JOBS } from '../../../jobs';
import { build } from '../../../../test/build';
import { serverInstances } from '../../../../test/instances';
import { createMerchantSession, sellAt } from '../../../../test/factories';
import { fixedClock } from '../../../../test/clock';
import { onboard } from '../../../../test/payout-accounts';

/**
 * Transfers exactly once (docs/decisions/0056-payout-accounts-and-transfers.md) with the payout job running on two
 * server instances at once (separate connection pools on one PostgreSQL), several runs each: every payout is sent
 * to its merchant's payout account once, recorded in the ledger once.
 */
const clock = fixedClock('2025-11-16T08:00:00Z');
const secret = 'sandbox-secret-shared-by-both-instances';
const t = await build({ clock, env: { SANDBOX_WEBHOOK_SECRET: secret } });
const {
  apps: [, second],
} = await serverInstances(t, 1, { clock, env: { SANDBOX_WEBHOOK_SECRET: secret } });
const db = t.database.db;
const payoutJob = JOBS.find((j) => j.name === 'payout-close')!;

describe('the payout job on two instances at once', () => {
  it('closes and transfers each payout exactly once, however many runs race', async () => {
    const merchants = [];
    for (let i = 0; i < 6; i++) {
      const m = await createMerchantSession(t, { businessName: `Race Restaurant ${i}` });
      await onboard(t, m.cookie, 'complete');
      await sellAt(t, m.merchant.id, [
        { at: '2025-11-03T12:00:00Z', priceCents: 1_000 * (i + 1), rate: 15 },
        { at: '2025-11-10T12:00:00Z', priceCents: 777, rate: 15 },
      ]);
      merchants.push(m);
    }
    const runs = await Promise.allSettled(Array.from({ length: 3 }, () => [payoutJob.run(t.app.deps), payoutJob.run(second!.deps)]).flat());
    expect(runs.map((r) => r.status)).toEqual(Array(6).fill('fulfilled'));
    // And again, one after another: nothing more.
    await payoutJob.run(second!.deps);
    await payoutJob.run(t.app.deps);

    const ids = merchants.map((m) => m.merchant.id);
    const payouts = await db.select().from(merchantPayouts).where(inArray(merchantPayouts.merchantId, ids));
    expect(payouts).toHaveLength(6);
    const transfers = await db.select().from(sandboxTransfers);
    for (const p of payouts) {
      expect(p).toMatchObject({ state: 'paid', isPaid: true, paidVia: 'transfer', transferAttempt: 1 });
      const sent = transfers.filter((tr) => tr.metadata.payoutId === p.id);
      expect(sent.map((tr) => [tr.id, tr.amountCents, tr.idempotencyKey])).toEqual([[p.transferId, p.netCents, `payout-${p.id}-1`]]);
      expect(
        await db
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.payoutId, p.id), eq(ledgerEntries.kind, 'payout'))),
      ).toMatchObject([{ amountCents: -p.netCents, sourceKey: `transfer:${p.transferId}` }]);
    }
  });
});
