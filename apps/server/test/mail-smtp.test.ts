import { afterAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import { emailOutbox } from '../src/db/schema';
import { openDatabase } from '../src/db/client';
import { createMailer } from '../src/mail/mailer';
import { build } from './build';
import { mutableClock } from './clock';

/** A real SMTP server on loopback that keeps what it receives. */
const received: { to: string[]; raw: string }[] = [];
/** Recipients the server refuses (a mailbox that is temporarily unavailable). */
const refusing = new Set<string>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onRcptTo(address, _session, done) {
    if (refusing.has(address.address)) return done(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 450 }));
    done();
  },
  onData(stream, session, done) {
    let raw = '';
    stream.on('data', (c: Buffer) => (raw += c.toString()));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      done();
    });
  },
});
await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
const port = (smtp.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((r) => smtp.close(() => r())));

const clock = mutableClock(Date.now());
const t = await build({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, clock });

describe('e-mail by SMTP', () => {
  it('delivers the verification mail over SMTP with a text and an HTML part', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/signup', payload: { email: 'smtp@example.com', password: 'Passw0rdX' } });
    expect(res.statusCode).toBe(201);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['smtp@example.com']);
    expect(received[0]!.raw).toContain('Content-Type: text/plain');
    expect(received[0]!.raw).toContain('Content-Type: text/html');
    expect(received[0]!.raw).toMatch(/Subject: Confirm your LocalPerks email address/);
    const row = await t.lastMail('smtp@example.com');
    expect(row?.sentAt).toBeInstanceOf(Date);
    // The one-time link went out by SMTP; the copy kept in the outbox no longer holds it.
    expect(received[0]!.raw).toContain('/auth/callback?type=3Dsignup');
    expect(row!.text).not.toContain('/auth/callback');
    expect(row!.html).not.toContain('/auth/callback');
  });

  it('the development mailbox is not served when SMTP is configured', async () => {
    const res = await t.request({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(404);
  });

  it('keeps a mail the SMTP server refused and sends it on a later attempt, once', async () => {
    refusing.add('later@example.com');
    await t.app.mailer.send({
      to: 'later@example.com',
      subject: 'Your voucher',
      text: 'code',
      html: '<p>code</p>',
      kind: 'purchase_confirmation',
    });
    const failed = await t.lastMail('later@example.com');
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    expect(failed!.error).toContain('Mailbox temporarily unavailable');
    // Too early: the retry waits a minute after the last attempt.
    expect(await t.app.mailer.deliverPending()).toBe(0);
    refusing.delete('later@example.com');
    clock.advance(2 * 60_000);
    expect(await t.app.mailer.deliverPending()).toBe(1);
    clock.advance(8 * 60_000);
    expect(await t.app.mailer.deliverPending()).toBe(0);
    expect(received.filter((m) => m.to.includes('later@example.com'))).toHaveLength(1);
    expect(await t.lastMail('later@example.com')).toMatchObject({ attempts: 2, error: null });
  });

  it('two instances delivering the backlog at once send each waiting mail once, and share it', async () => {
    // A second instance: on PostgreSQL its own connection pool on the same database, so the two really run at once.
    const url = (t.database as { url?: string }).url;
    const other = url ? await openDatabase({ url }) : t.database;
    const log = t.app.log;
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    const first = createMailer({ db: t.database.db, clock, log }, { smtpUrl, from: 'LocalPerks <no-reply@localperks.test>' });
    const second = createMailer({ db: other.db, clock, log }, { smtpUrl, from: 'LocalPerks <no-reply@localperks.test>' });
    // 30 mails waiting for the job (written five minutes ago, never tried): more than one batch of 20.
    const to = Array.from({ length: 30 }, (_, i) => `backlog-${i}@example.com`);
    const rows = await t.database.db
      .insert(emailOutbox)
      .values(
        to.map((address) => ({
          to: address,
          subject: 'Backlog',
          text: 'x',
          html: '<p>x</p>',
          kind: 'test',
          createdAt: new Date(clock.now().getTime() - 5 * 60_000),
        })),
      )
      .returning({ id: emailOutbox.id });
    try {
      const [a, b] = await Promise.all([first.deliverPending(), second.deliverPending()]);
      // Each call reports what it sent itself; together they sent the whole backlog, each mail once.
      expect(a + b).toBe(30);
      for (const address of to) expect(received.filter((m) => m.to.includes(address))).toHaveLength(1);
      const sent = await t.database.db
        .select()
        .from(emailOutbox)
        .where(
          inArray(
            emailOutbox.id,
            rows.map((r) => r.id),
          ),
        );
      expect(sent.every((r) => r.sentAt && r.attempts === 1)).toBe(true);
    } finally {
      if (other !== t.database) await other.close();
    }
  });
});
