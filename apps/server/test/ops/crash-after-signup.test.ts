import http from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client';
import { emailOutbox, merchants, users } from '../../src/db/schema';
import { serverDatabase, startServer } from '../server-process';
import { startSmtpServer } from '../smtp';

/**
 * A sign-up, a merchant registration and a reset request are durable before they are answered
 * (docs/decisions/0052-durable-sign-ups.md). The server is killed with SIGKILL (a crash, an out-of-memory
 * kill) the moment each `201`/`200` arrives; after the restart the accounts exist and sign in, and every
 * mail they were promised is delivered by the outbox's jobs, once. Before, the work ran after the answer:
 * the same kill lost 3 of 3 acknowledged sign-ups.
 */
// The mail server is down while the three servers are killed: a send started after the answer cannot finish before
// the kill, so every promised mail is the outbox's to deliver after the restart. (With the mail server up, a send the
// SMTP server accepted in the instant before the kill, not yet marked sent, is sent again by the outbox: delivery is
// at least once across a crash at that instant, docs/decisions/0052-durable-sign-ups.md.)
const smtp = await startSmtpServer({ down: true });
const database = await serverDatabase('lp-crash-');
const env = { SMTP_URL: smtp.url, LOG_LEVEL: 'warn' };
const PASSWORD = 'Cr4shProofPass';

/** POSTs `body`; kills the server with SIGKILL as soon as the answer's status line arrives, and returns that status. */
async function postThenKill(server: Awaited<ReturnType<typeof startServer>>, url: string, body: object) {
  const payload = JSON.stringify(body);
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(`${server.base}${url}`, {
      method: 'POST',
      headers: { origin: server.base, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    });
    req.on('response', (res) => {
      server.child.kill('SIGKILL');
      resolve(res.statusCode!);
      res.resume();
    });
    req.on('error', reject);
    req.end(payload);
  });
  await server.exited;
  expect(server.child.signalCode).toBe('SIGKILL');
  return status;
}

const merchantForm = (email: string) => ({
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  businessName: 'Crash Test Bakery',
  description: 'Bread and pastries baked every morning.',
  website: '',
  phone: '(312) 555-0142',
  city: 'Chicago',
  state: 'IL',
  addressLine1: '233 S Wacker Dr',
  zip: '60606',
  plan: 'advertise_only',
  acceptTerms: true,
});

describe('SIGKILL right after the answer', () => {
  it('loses no sign-up, merchant registration or reset request: after a restart the accounts sign in and their mails are delivered once', async () => {
    const customer = 'crash-customer@example.com';
    const merchant = 'crash-merchant@example.com';

    let server = await startServer(env, database);
    expect(await postThenKill(server, '/api/auth/signup', { email: customer, password: PASSWORD })).toBe(201);

    server = await startServer(env, database);
    expect(await postThenKill(server, '/api/merchants/register', merchantForm(merchant))).toBe(201);

    server = await startServer(env, database);
    expect(await postThenKill(server, '/api/auth/forgot-password', { email: customer })).toBe(200);

    // The last start may move its clock (TEST_CLOCK_CONTROL): the outbox takes a mail once it is a minute old
    // (an instance may still be sending a younger one), and the test moves time rather than waiting for it.
    await smtp.up();
    server = await startServer({ ...env, TEST_CLOCK_CONTROL: 'true' }, database);
    const signIn = (email: string) =>
      fetch(`${server.base}/api/auth/login`, {
        method: 'POST',
        headers: { origin: server.base, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
    expect((await signIn(customer)).status).toBe(200);
    expect((await signIn(merchant)).status).toBe(200);

    // The outbox's job delivers what the killed processes had not sent: two minutes later by the app's clock,
    // the mail-delivery job run as the queue runs it (a mail-send enqueued before the kill may run first).
    const dev = (path: string, body: object) =>
      fetch(`${server.base}${path}`, {
        method: 'POST',
        headers: { origin: server.base, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await dev('/api/dev/clock', { offsetMs: 2 * 60_000 })).status).toBe(200);
    expect((await dev('/api/dev/jobs/mail-delivery/run', {})).status).toBe(200);
    await vi.waitFor(
      () => {
        expect(smtp.received.filter((to) => to === customer)).toHaveLength(2);
        expect(smtp.received.filter((to) => to === merchant)).toHaveLength(1);
      },
      { timeout: 60_000, interval: 250 },
    );
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);

    const db = await openDatabase({
      ...(database.DATABASE_URL ? { url: database.DATABASE_URL } : { dataDir: database.DATA_DIR! }),
      migrate: false,
    });
    try {
      const mails = await db.db
        .select()
        .from(emailOutbox)
        .where(inArray(emailOutbox.to, [customer, merchant]));
      expect(mails.map((m) => `${m.to} ${m.kind} ${m.sentAt ? 'sent' : 'unsent'}`).sort()).toEqual([
        `${customer} email_verification sent`,
        `${customer} password_reset sent`,
        `${merchant} email_verification sent`,
      ]);
      const [account] = await db.db
        .select()
        .from(users)
        .where(inArray(users.email, [merchant]));
      expect(
        await db.db
          .select({ name: merchants.businessName })
          .from(merchants)
          .where(inArray(merchants.userId, [account!.id])),
      ).toEqual([{ name: 'Crash Test Bakery' }]);
    } finally {
      await db.close();
    }
  }, 600_000);
});
