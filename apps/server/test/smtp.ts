import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback that records each mail's recipients, closed after the file's tests. With
 * `down: true` it takes a free port and leaves it (connections are refused) until `up()`.
 */
export async function startSmtpServer(opts: { down?: boolean } = {}) {
  const received: string[] = [];
  const messages: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        messages.push(Buffer.concat(chunks).toString('utf8'));
        done();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  const port = (smtp.server.address() as AddressInfo).port;
  if (opts.down) await new Promise<void>((r) => smtp.server.close(() => r()));
  afterAll(() => new Promise<void>((r) => smtp.close(() => r())));
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Every recipient of every mail received, in order. */
    received,
    /** Every mail received as it came over SMTP (headers and body), in order. */
    messages,
    /** The server (back) on its port. */
    up: () => new Promise<void>((r) => smtp.listen(port, '127.0.0.1', () => r())),
  };
}
