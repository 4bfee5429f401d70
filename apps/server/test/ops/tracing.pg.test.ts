import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../../build.mjs';
import { freshDatabase, ORIGIN, TEST_PASSWORD } from '../build';
import { createDeal, createMerchant, TEST_BILLING, TEST_CARD } from '../factories';
import { createUser } from '../../src/modules/accounts';
import { startSmtpServer } from '../smtp';

/**
 * Traces (docs/decisions/0045-tracing.md): the built server, started as in production with
 * OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP receiver in this test (OTLP/HTTP with JSON bodies), on
 * PostgreSQL with SMTP. A purchase goes through checkout (the order), the card payment, the payment webhook,
 * the vouchers and the confirmation e-mail: the spans must form one tree from the payment to the e-mail, with
 * the SQL under the requests, the mail job enqueued with the trace in its data and run under it, and the log
 * lines of those requests carrying the trace's id.
 */
interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  scope: string;
  attributes: Record<string, unknown>;
}
const spans: Span[] = [];
const hex = (id: string | undefined) => (id && !/^[0-9a-f]+$/.test(id) ? Buffer.from(id, 'base64').toString('hex') : id || undefined);
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const sent = JSON.parse(body) as {
      resourceSpans: {
        scopeSpans: {
          scope: { name: string };
          spans: (Omit<Span, 'scope' | 'attributes'> & { attributes?: { key: string; value: Record<string, unknown> }[] })[];
        }[];
      }[];
    };
    for (const rs of sent.resourceSpans)
      for (const ss of rs.scopeSpans)
        for (const s of ss.spans)
          spans.push({
            traceId: hex(s.traceId)!,
            spanId: hex(s.spanId)!,
            parentSpanId: hex(s.parentSpanId),
            name: s.name,
            scope: ss.scope.name,
            attributes: Object.fromEntries((s.attributes ?? []).map((a) => [a.key, Object.values(a.value)[0]])),
          });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

const smtp = await startSmtpServer();
const mails = smtp.received;

// The build as deployed, inside apps/server so its node_modules resolve.
const outdir = path.join(import.meta.dirname, '..', '..', '.tmp', `tracing-${process.pid}`);
await buildServer(outdir);
afterAll(() => fs.rmSync(outdir, { recursive: true, force: true }));

const database = await freshDatabase();
const url = (database as { url?: string }).url!;
afterAll(() => database.close());

const port = await new Promise<number>((resolve) => {
  const probe = http.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as AddressInfo;
    probe.close(() => resolve(free));
  });
});
const base = `http://127.0.0.1:${port}`;
const logs: string[] = [];
let server: ChildProcess | undefined;
afterAll(() => void server?.kill('SIGKILL'));

describe('traces exported by OTLP', () => {
  it('follow a purchase from the payment through the webhook and the vouchers to the e-mail job, with its SQL, and log lines carry the trace id', async () => {
    server = spawn(process.execPath, [path.join(outdir, 'server.js')], {
      cwd: outdir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        APP_URL: ORIGIN,
        DATABASE_URL: url,
        SERVE_WEB: 'false',
        SEED_DEMO: 'false',
        PASSWORD_HASH_COST: 'low',
        SMTP_URL: smtp.url,
        SANDBOX_WEBHOOK_SECRET: 'tracing-test-webhook-secret-0123456789',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => logs.push(...chunk.toString().split('\n').filter(Boolean)));
    server.stderr!.on('data', (chunk: Buffer) => logs.push(...chunk.toString().split('\n').filter(Boolean)));
    await vi.waitFor(() => expect(logs.some((l) => l.includes('Listening on'))).toBe(true), { timeout: 60_000, interval: 100 });

    const { merchant } = await createMerchant(database.db);
    const deal = await createDeal(database.db, merchant.id, { dealPriceCents: 1_800 });
    const customer = await createUser(
      database.db,
      { email: 'traced@test.example', password: TEST_PASSWORD, role: 'customer', verified: true },
      new Date(),
    );
    const post = (pathname: string, body: unknown, cookie?: string) =>
      fetch(`${base}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
    const login = await post('/api/auth/login', { email: customer.email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const checkout = await post('/api/checkout', { items: [{ dealId: deal.id, quantity: 2 }], billing: TEST_BILLING }, cookie);
    expect(checkout.status).toBe(200);
    const { url: page } = (await checkout.json()) as { url: string };
    const paid = await post(`/api/sandbox/sessions/${page.split('/sandbox/checkout/')[1]}/pay`, TEST_CARD);
    expect(paid.status).toBe(200);
    // The confirmation e-mail is sent by the mail-send job.
    await vi.waitFor(() => expect(mails).toContain('traced@test.example'), { timeout: 30_000, interval: 100 });

    const byId = new Map<string, Span>();
    const one = (what: string, find: (s: Span) => boolean) => {
      const found = spans.filter(find);
      if (found.length !== 1) throw new Error(`${found.length} spans for ${what}: ${spans.map((s) => s.name).join(', ')}`);
      return found[0]!;
    };
    const ancestors = (span: Span) => {
      const chain: Span[] = [];
      for (let at = span.parentSpanId && byId.get(span.parentSpanId); at; at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined)
        chain.push(at);
      return chain;
    };
    const sql = (s: Span) => {
      const text = s.attributes['db.statement'] ?? s.attributes['db.query.text'];
      return typeof text === 'string' ? text.toLowerCase() : '';
    };
    // Spans arrive in batches: wait until the e-mail's is in, then read the tree.
    const tree = await vi.waitFor(
      () => {
        for (const s of spans) byId.set(s.spanId, s);
        const mailSpan = one('the e-mail', (s) => s.name === 'mail.send' && s.attributes['mail.kind'] === 'purchase_confirmation');
        const job = byId.get(mailSpan.parentSpanId ?? '');
        if (!job) throw new Error('the e-mail span has no parent yet');
        const chain = ancestors(mailSpan);
        if (!chain.at(-1) || chain.at(-1)!.parentSpanId) throw new Error('the chain to the root is not complete yet');
        return { mailSpan, job, chain };
      },
      { timeout: 30_000, interval: 200 },
    );

    // One tree: the card payment (HTTP) → the webhook the provider posts (HTTP, with traceparent) → fulfilment
    // (the vouchers) → the mail job's run (enqueued with the trace in its data) → the e-mail.
    const { mailSpan, job, chain } = tree;
    expect(job).toMatchObject({ name: 'job mail-send', scope: 'localperks', traceId: mailSpan.traceId });
    const names = chain.map((s) => s.name);
    const fulfil = chain.find((s) => s.name === 'checkout.fulfil')!;
    expect(fulfil).toBeDefined();
    const webhook = chain.find((s) => s.scope === '@fastify/otel' && s.attributes['http.route'] === '/api/webhooks/:provider');
    expect(webhook, names.join(' < ')).toBeDefined();
    const payment = chain.at(-1)!;
    expect(payment).toMatchObject({ scope: '@opentelemetry/instrumentation-http', name: 'POST /api/sandbox/sessions/:id/pay' });
    expect(chain.indexOf(fulfil)).toBeLessThan(chain.indexOf(webhook!));
    // The vouchers: their INSERT runs under the fulfilment span, in the same trace.
    const vouchers = spans.filter((s) => s.scope === '@opentelemetry/instrumentation-pg' && /insert into "purchases"/.test(sql(s)));
    expect(vouchers.length).toBeGreaterThan(0);
    for (const v of vouchers) expect(ancestors(v)).toContain(fulfil);
    // The checkout request's own trace holds its SQL: the order it wrote.
    const order = spans.find((s) => /insert into "orders"/.test(sql(s)))!;
    expect(order).toBeDefined();
    expect(ancestors(order).at(-1)).toMatchObject({ name: 'POST /api/checkout' });
    // The job queue's own polling is not traced.
    expect(spans.filter((s) => /pgboss\./.test(sql(s)) && !ancestors(s).length)).toEqual([]);

    // Log lines written during the payment carry its trace id.
    const paymentLines = logs.filter((l) => l.startsWith('{') && l.includes(`"trace_id":"${payment.traceId}"`));
    expect(paymentLines.length).toBeGreaterThan(0);
    expect(JSON.parse(paymentLines[0]!)).toMatchObject({ trace_id: payment.traceId, span_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
  }, 180_000);
});
