import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from './build';
import { createDeal, createMerchant, TEST_BILLING } from './factories';
import { startFakeStripe } from './fake-stripe';

/** Errors the server throws on purpose with a 5xx status were answered but never logged. */
const lines: Record<string, any>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, any>);
    done();
  },
});
const fake = await startFakeStripe();
afterAll(() => fake.close());
const t = await build({
  logger: true,
  logStream,
  env: {
    LOG_LEVEL: 'info',
    STRIPE_SECRET_KEY: 'sk_test_localperks_logging',
    STRIPE_WEBHOOK_SECRET: 'whsec_localperks_logging',
    STRIPE_API_URL: fake.url,
  },
});

describe('5xx answers are logged and traceable', () => {
  it('logs a failing Stripe call (503) at error level with its cause and the request id the response carries', async () => {
    const { merchant } = await createMerchant(t.database.db);
    const deal = await createDeal(t.database.db, merchant.id);
    const { cookie } = await t.loginAs('customer');
    fake.failNext(2);
    const res = await t.request({
      method: 'POST',
      url: '/api/checkout',
      cookie,
      payload: { items: [{ dealId: deal.id, quantity: 1 }], billing: TEST_BILLING },
    });
    expect(res.statusCode).toBe(503);
    const requestId = res.headers['x-request-id'];
    expect(typeof requestId).toBe('string');
    expect(res.json().error).toMatchObject({ code: 'UNAVAILABLE', requestId });

    const errors = lines.filter((l) => l.level === 50 && l.reqId === requestId);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toContain('UNAVAILABLE');
    // The cause (Stripe's own error) is in the logged error, message and stack.
    expect(errors[0]!.err.message).toContain('Simulated failure in the fake Stripe API.');
    expect(errors[0]!.err.stack).toContain('caused by');
  });

  it('puts a request id on every response, keeping a well-formed one from the proxy and replacing any other', async () => {
    const a = await t.request({ method: 'GET', url: '/api/health' });
    const b = await t.request({ method: 'GET', url: '/api/health' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).not.toBe(a.headers['x-request-id']);
    const missing = await t.request({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const proxied = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'nginx-4f2a.17' } });
    expect(proxied.headers['x-request-id']).toBe('nginx-4f2a.17');
    const forged = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'x"\n{"level":60}' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
