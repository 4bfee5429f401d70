import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { addMonth, payoutPeriodFor, subtractMonth } from '@localperks/shared';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import {
  emailOutbox,
  merchantChargePeriods,
  merchantCharges,
  merchantPayouts,
  sandboxSubscriptions,
  webhookEvents,
} from '../src/db/schema';
import { JOBS, startJobs } from '../src/jobs';
import { build, ORIGIN } from './build';
import { mutableClock } from './clock';
import { buy, createDeal, createMerchantSession, TEST_CARD } from './factories';
import { awayFromMinuteBoundary, waitForRuns } from './jobs';
import { startSmtpServer } from './smtp';

/** A real SMTP server on loopback that counts what it receives, per recipient. */
const smtp = await startSmtpServer();
const { received } = smtp;
const env = { SMTP_URL: smtp.url };

// Three instances of the server on one PostgreSQL database, each with its own pool and job queue
// (the cron clock off: the test fires the minute's tick on all three at once).
// The first instance's clock: sales are bought at a time in the past (the ledger records them when they happen).
const clock = mutableClock();
const t = await build({ env, clock });
const url = (t.database as { url?: string }).url!;
const instances = [{ app: t.app, database: t.database }];
for (let i = 0; i < 2; i++) {
  const database = await openDatabase({ url });
  const config = loadConfig({ NODE_ENV: 'test', APP_URL: ORIGIN, LOG_LEVEL: 'silent', BROWSE_CACHE_MS: '0', ...env });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  instances.push({ app, database });
}
/** How many times each job's work ran, over all three instances. */
const calls = new Map<string, number>();
const counted = JOBS.map((j) => ({
  ...j,
  run: (deps: (typeof instances)[number]['app']['deps']) => {
    calls.set(j.name, (calls.get(j.name) ?? 0) + 1);
    return j.run(deps);
  },
}));
const queues = await Promise.all(
  instances.map((i) => startJobs(i.app.deps, i.database, { jobs: counted, runSchedules: false, pollingIntervalSeconds: 0.5 })),
);
afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
  for (const i of instances.slice(1)) {
    await i.app.close();
    await i.database.close();
  }
});
const db = t.database.db;
const DAY = 86_400_000;

describe('three instances on one PostgreSQL database', () => {
  it('work every job of the tick once: one payout row per merchant and period, one renewal, one e-mail per outbox row', async () => {
    // Payouts: two merchants each sold something in a period that ended weeks ago.
    const soldAt = new Date(Date.now() - 40 * DAY);
    const customer = await t.loginAs('customer');
    const sellers = [];
    for (const name of ['North Bakery', 'South Spa']) {
      const m = await createMerchantSession(t, { businessName: name });
      const deal = await createDeal(db, m.merchant.id);
      clock.set(soldAt);
      await buy(t, customer.cookie, [{ dealId: deal.id, quantity: 1 }]);
      clock.useRealTime();
      sellers.push(m.merchant.id);
    }

    // Renewal: a paid $15/month subscription whose period has just ended.
    const subscriber = await createMerchantSession(t, { subscriptionPlan: 'advertise_messaging', commissionRate: 0 });
    const checkout = await t.request({ method: 'POST', url: '/api/merchant/subscription/checkout', cookie: subscriber.cookie });
    expect(checkout.statusCode).toBe(200);
    const sessionId = (checkout.json().url as string).split('/').pop()!;
    expect((await t.request({ method: 'POST', url: `/api/sandbox/sessions/${sessionId}/pay`, payload: TEST_CARD })).statusCode).toBe(200);
    const [charge] = await db.select().from(merchantCharges).where(eq(merchantCharges.merchantId, subscriber.merchant.id));
    const subId = charge!.providerSubscriptionId!;
    const endedAt = new Date(Date.now() - 60_000);
    await db.update(sandboxSubscriptions).set({ currentPeriodEnd: endedAt }).where(eq(sandboxSubscriptions.id, subId));
    // Paid a month before that: the renewal is month 2, with its own period line and receipt e-mail.
    const paidAt = subtractMonth(endedAt);
    await db.update(merchantCharges).set({ paidAt, currentPeriodEnd: endedAt }).where(eq(merchantCharges.id, charge!.id));
    await db
      .update(merchantChargePeriods)
      .set({ periodStart: paidAt, periodEnd: endedAt, paidAt })
      .where(eq(merchantChargePeriods.chargeId, charge!.id));

    // Mail: ten messages waiting in the outbox for the delivery job (written five minutes ago, never tried).
    const waiting = Array.from({ length: 10 }, (_, i) => `waiting-${i}@example.com`);
    const outbox = await db
      .insert(emailOutbox)
      .values(
        waiting.map((to) => ({
          to,
          subject: 'Waiting',
          text: 'x',
          html: '<p>x</p>',
          kind: 'test',
          createdAt: new Date(Date.now() - 5 * 60_000),
        })),
      )
      .returning({ id: emailOutbox.id });
    const renewalMailsBefore = received.filter((to) => to === subscriber.user.email).length;

    // The minute's tick fires on all three instances at once.
    await awayFromMinuteBoundary();
    const ids = await Promise.all(queues.flatMap((q) => q.jobs.map((j) => q.trigger(j.name, 'tick'))));
    expect(ids.filter(Boolean)).toHaveLength(JOBS.length);
    const runs = await waitForRuns(db, 'tick');
    // One run per job, each completed on the first try: each job's work ran once, on one of the instances.
    expect(runs.map((r) => [r.name, r.state, r.retryCount])).toEqual(
      JOBS.map((j) => [j.name, 'completed', 0]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(Object.fromEntries(calls)).toEqual(Object.fromEntries(JOBS.map((j) => [j.name, 1])));

    // One payout row per merchant for the closed period.
    const payouts = await db.select().from(merchantPayouts).where(inArray(merchantPayouts.merchantId, sellers));
    expect(payouts.map((p) => [p.merchantId, p.periodStart, p.totalPurchases]).sort()).toEqual(
      sellers.map((id) => [id, payoutPeriodFor(soldAt).start, 1]).sort(),
    );

    // One renewal: the period moved by one month, one signed invoice.paid was applied, one renewal e-mail went out.
    const [sub] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, subId));
    expect(sub!.currentPeriodEnd.getTime()).toBe(addMonth(endedAt).getTime());
    expect(sub!.pendingEvent).toBeNull();
    const [invoices] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.type, 'subscription.renewed'), sql`${webhookEvents.eventId} like ${`evt_${subId}_%`}`));
    expect(invoices!.n).toBe(1);
    const renewalMails = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, subscriber.user.email), eq(emailOutbox.kind, 'merchant_subscription_renewed')));
    expect(renewalMails).toHaveLength(1);
    expect(received.filter((to) => to === subscriber.user.email).length).toBe(renewalMailsBefore + 1);

    // One e-mail per outbox row.
    for (const to of waiting) expect(received.filter((r) => r === to)).toHaveLength(1);
    const sent = await db
      .select()
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.id,
          outbox.map((o) => o.id),
        ),
      );
    expect(sent.every((m) => m.sentAt && m.attempts === 1)).toBe(true);
  });
});
