import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { DAY_MS, HOUR_MS } from '@localperks/shared';
import { emailOutbox, purchases } from '../../../db/schema';
import { JOBS, startJobs } from '../../../jobs';
import { build } from '../../../../test/build';
import { serverInstances } from '../../../../test/instances';
import { mutableClock } from '../../../../test/clock';
import { awayFromMinuteBoundary, waitForRuns } from '../../../../test/jobs';
import { buy, createDeal, createMerchantSession } from '../../../../test/factories';
import { sendExpiryReminders } from './reminders.service';

// PostgreSQL only: three instances on one database, each with its own pool, job queue and (shared) clock.
const clock = mutableClock();
const t = await build({ clock });
const { apps, databases } = await serverInstances(t, 2, { clock });
const job = JOBS.find((j) => j.name === 'expiry-reminders')!;
const queues = await Promise.all(
  apps.map((app, i) => startJobs(app.deps, databases[i]!, { jobs: [job], runSchedules: false, pollingIntervalSeconds: 0.5 })),
);
// Before the instances close (serverInstances closes them after the file; later hooks run first).
afterAll(() => Promise.all(queues.map((q) => q.stop())));
const db = t.database.db;

describe('expiry reminders across three instances (PostgreSQL)', () => {
  it('each voucher’s reminder is e-mailed exactly once, by the job queue and by runs overlapping on every instance', async () => {
    const merchant = await createMerchantSession(t, { businessName: 'Three Instance Diner' });
    const deal = await createDeal(db, merchant.merchant.id);
    const customers = await Promise.all([0, 1, 2].map(() => t.loginAs('customer')));
    const end = new Date(Date.now() + 10 * DAY_MS);
    for (const c of customers) {
      const bought = await buy(t, c.cookie, [{ dealId: deal.id, quantity: 2 }]);
      await db
        .update(purchases)
        .set({ expirationDate: end })
        .where(
          inArray(
            purchases.id,
            bought.map((p) => p.id),
          ),
        );
    }
    clock.set(end.getTime() - 7 * DAY_MS + HOUR_MS);
    // The job's tick fires on all three instances at once: one run, on one of them.
    await awayFromMinuteBoundary();
    const ids = await Promise.all(queues.map((q) => q.trigger('expiry-reminders', 'tick')));
    expect(ids.filter(Boolean)).toHaveLength(1);
    await waitForRuns(db, 'tick');
    // And runs that overlap (a slow run and a retry, on every instance at once) send nothing again.
    await Promise.all(apps.flatMap((app) => [sendExpiryReminders(app.deps), sendExpiryReminders(app.deps)]));
    const emails = customers.map((c) => c.user.email);
    const sent = await db
      .select()
      .from(emailOutbox)
      .where(and(inArray(emailOutbox.to, emails), eq(emailOutbox.kind, 'expiry_7_days')));
    // Two vouchers each, one reminder per voucher.
    expect(sent).toHaveLength(6);
    for (const e of emails) expect(sent.filter((m) => m.to === e)).toHaveLength(2);
    clock.useRealTime();
  });
});
