import { afterAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { build } from './build';

/** A real SMTP server on loopback that keeps what it receives. */
const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
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

const t = await build({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });

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
  });

  it('the development mailbox is not served when SMTP is configured', async () => {
    const res = await t.request({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(404);
  });
});
