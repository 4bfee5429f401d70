import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { AdminOverview } from '@localperks/shared';
import { emailOutbox } from '../../src/db/schema';
import { JOBS } from '../../src/jobs';
import { build } from '../build';
import { mutableClock } from '../clock';
import { startSmtpServer } from '../smtp';

/**
 * The SMTP server is down for an hour (docs/decisions/0046-outages.md). What users see: signing up works
 * as always ("check your e-mail"); the mail arrives once the server is back, exactly once. What the admin
 * sees: the Background jobs card lists the waiting mail and the server's last error. What Prometheus sees:
 * the outbox's age. The hour passes on a clock; the mail-delivery job's run is called once per minute.
 */
// Nothing listens on its port until the server "comes back".
const smtp = await startSmtpServer({ down: true });
const { received } = smtp;

// The outbox stamps rows with the database's time: the clock starts at the real time and moves on from there.
const start = Date.now();
const clock = mutableClock(start);
const t = await build({ env: { SMTP_URL: smtp.url }, clock });
const mailDelivery = JOBS.find((j) => j.name === 'mail-delivery')!;
/** One scheduled run of the mail-delivery job, as the queue runs it every minute. */
const runJob = () => mailDelivery.run(t.app.deps) as Promise<{ sent: number }>;

describe('SMTP down for an hour', () => {
  it('keeps every mail in the outbox with backoff, shows the backlog to admins and Prometheus, and sends each mail once when it is back', async () => {
    const admin = await t.loginAs('admin');
    const addresses = ['outage-a@example.com', 'outage-b@example.com', 'outage-c@example.com'];
    for (const email of addresses) {
      const res = await t.request({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'Passw0rdX' } });
      // The user is not held up by the outage.
      expect(res.statusCode).toBe(201);
    }
    const rows = () => t.database.db.select().from(emailOutbox).where(inArray(emailOutbox.to, addresses));
    // The first attempt (right after the sign-up) failed and was recorded.
    for (const row of await rows())
      expect(row).toMatchObject({ sentAt: null, attempts: 1, error: expect.stringContaining('ECONNREFUSED') });

    // An hour passes with the job running every minute: 5 more attempts (after 1, 2, 4, 8 and 16 minutes' pauses), not 60
    // (and the mails are not given up after 5 attempts, as they were before the backoff).
    for (let minute = 1; minute <= 60; minute++) {
      clock.set(start + minute * 60_000);
      expect((await runJob()).sent).toBe(0);
    }
    for (const row of await rows()) expect(row).toMatchObject({ sentAt: null, attempts: 6 });
    expect(received).toEqual([]);

    // The admin's Background jobs card: the backlog, since when, and the server's last answer.
    const overview = (await t.request({ method: 'GET', url: '/api/admin/overview', cookie: admin.cookie })).json<AdminOverview>();
    expect(overview.mailOutbox).toMatchObject({ gaveUp: 0, lastError: expect.stringContaining('ECONNREFUSED') });
    expect(overview.mailOutbox!.waiting).toBeGreaterThanOrEqual(addresses.length);
    expect(Math.abs(Date.parse(overview.mailOutbox!.oldestUnsentAt!) - start)).toBeLessThan(30_000);
    // Prometheus: the backlog and its age (an hour, by the app's clock), for the outbox-age alert.
    const metrics = (await t.request({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    const age = Number(/^localperks_mail_outbox_oldest_unsent_age_seconds (\S+)$/m.exec(metrics)?.[1]);
    expect(age).toBeGreaterThan(3570);
    expect(age).toBeLessThanOrEqual(3600);
    expect(Number(/^localperks_mail_outbox_unsent (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(addresses.length);

    // The server is back. Nothing is tried before the backoff is over; the next due attempt (32 minutes after
    // the last) sends each mail, once.
    await smtp.up();
    const due = Math.max(...(await rows()).map((r) => r.lastAttemptAt!.getTime())) + 32 * 60_000;
    clock.set(due - 60_000);
    expect((await runJob()).sent).toBe(0);
    clock.set(due);
    expect((await runJob()).sent).toBeGreaterThanOrEqual(addresses.length);
    for (let minute = 70; minute <= 24 * 60; minute += 7) {
      clock.set(start + minute * 60_000);
      await runJob();
    }
    for (const email of addresses) expect(received.filter((to) => to === email)).toHaveLength(1);
    for (const row of await rows()) expect(row).toMatchObject({ sentAt: expect.any(Date), attempts: 7, error: null });
    const after = (await t.request({ method: 'GET', url: '/api/admin/overview', cookie: admin.cookie })).json<AdminOverview>();
    expect(after.mailOutbox).toMatchObject({ waiting: 0, gaveUp: 0, oldestUnsentAt: null });
    const metricsAfter = (await t.request({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    expect(metricsAfter).toMatch(/^localperks_mail_outbox_oldest_unsent_age_seconds 0$/m);
  });
});
