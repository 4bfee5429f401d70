import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { feedback, users, webhookEvents } from '../src/db/schema';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../src/payments/sandbox';
import { build, type TestApp } from './build';

/** Bad input is a 4xx with the usual error shape; these once answered 500. */
const t = await build();
const STRIPE_SECRET = 'whsec_localperks_bad_input';
const stripeApp = await build({ env: { STRIPE_SECRET_KEY: 'sk_test_localperks_bad_input', STRIPE_WEBHOOK_SECRET: STRIPE_SECRET } });

const NOT_STORABLE = 'Contains characters that are not allowed (a NUL byte or a broken Unicode character).';

function expectValidation(res: { statusCode: number; json(): any }, field: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ error: { code: 'VALIDATION', message: NOT_STORABLE, fields: { [field]: NOT_STORABLE } } });
}

describe('NUL bytes and lone surrogates', () => {
  it('are refused in any body string, nested or as a key, and nothing is written', async () => {
    const marker = `nul-${Date.now()}`;
    for (const message of [`${marker}\u0000`, `${marker}\ud800`, `${marker}\udfff!`]) {
      expectValidation(await t.request({ method: 'POST', url: '/api/feedback', payload: { message } }), 'message');
    }
    expectValidation(await t.request({ method: 'POST', url: '/api/feedback', payload: { message: marker, page: 'a\u0000' } }), 'page');
    expectValidation(await t.request({ method: 'POST', url: '/api/feedback', payload: { message: marker, ['k\u0000']: 1 } }), 'k\u0000');
    expect(await t.database.db.select().from(feedback).where(eq(feedback.message, marker))).toEqual([]);
    // A well-formed pair (an emoji) is fine.
    const ok = await t.request({ method: 'POST', url: '/api/feedback', payload: { message: `${marker} 😀` } });
    expect(ok.statusCode).toBe(201);
  });

  it('are refused for a signed-in user’s fields, the stored value untouched', async () => {
    const { cookie, user } = await t.loginAs('customer', { name: 'Before Name' });
    const res = await t.request({ method: 'PATCH', url: '/api/account/profile', cookie, payload: { name: 'After\u0000Name' } });
    expectValidation(res, 'name');
    const [row] = await t.database.db.select({ name: users.name }).from(users).where(eq(users.id, user.id));
    expect(row!.name).toBe('Before Name');
  });

  it('are refused in the query and the path, anonymous calls included', async () => {
    expectValidation(await t.request({ method: 'GET', url: '/api/deals?search=%00' }), 'search');
    expectValidation(await t.request({ method: 'GET', url: '/api/deals?city=a%00b' }), 'city');
    expectValidation(await t.request({ method: 'GET', url: '/api/deals/%00' }), 'id');
    const fine = await t.request({ method: 'GET', url: '/api/deals?search=%F0%9F%98%80' });
    expect(fine.statusCode).toBe(200);
  });
});

describe('uploaded file names', () => {
  it('answers 404 for a file name too long for the disk', async () => {
    for (const name of [`deals/${'a'.repeat(300)}.webp`, `${'a'.repeat(5000)}.webp`, `${'a/'.repeat(200)}a.png`]) {
      const res = await t.request({ method: 'GET', url: `/uploads/${name}` });
      expect(res.statusCode, name.slice(0, 20)).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });
});

type Provider = 'sandbox' | 'stripe';
const appFor = (p: Provider): TestApp => (p === 'sandbox' ? t : stripeApp);
const header = (p: Provider) => (p === 'sandbox' ? SANDBOX_SIGNATURE_HEADER : 'stripe-signature');
const sign = (p: Provider, payload: string) =>
  p === 'sandbox'
    ? signSandboxPayload(t.app.sandboxSecret, payload)
    : Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET });
const deliver = (p: Provider, payload: string, signature: string | undefined = sign(p, payload)) =>
  appFor(p).app.inject({
    method: 'POST',
    url: `/api/webhooks/${p}`,
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { [header(p)]: signature }) },
    payload,
  });
const event = (type: string, object: unknown, id: unknown = `evt_${Math.random().toString(36).slice(2)}`) =>
  JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });

describe.each(['sandbox', 'stripe'] as const)('%s webhooks', (p) => {
  const session = { id: 'cs_unknown_session', payment_status: 'paid', metadata: {} };

  it('answers 400 for malformed signature headers', async () => {
    const payload = event('checkout.session.completed', session);
    for (const sig of ['', 't=', 'v1=', ',,,', '=', 't=1=2,v1=3=4', 't=abc,v1=', 't=99999999999999999999,v1=a', 'x'.repeat(10_000)]) {
      const res = await deliver(p, payload, sig);
      expect(res.statusCode, sig.slice(0, 20)).toBe(400);
      expect(res.json().error.code).toBe('INVALID_SIGNATURE');
    }
  });

  it('answers 4xx for empty, huge and non-JSON bodies', async () => {
    for (const payload of ['', 'not json', '{']) {
      const res = await deliver(p, payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error.code).toMatch(/BAD_REQUEST|INVALID_SIGNATURE/);
    }
    const huge = await deliver(p, JSON.stringify({ pad: 'x'.repeat(600_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('BAD_REQUEST');
  });

  it('answers 400 for signed events with missing or broken fields, and records none', async () => {
    const broken = [
      'null',
      '[]',
      '1',
      '"x"',
      '{}',
      '{"id":null}',
      event('checkout.session.completed', session, null),
      event('checkout.session.completed', session, { nested: true }),
      event('checkout.session.completed', session, 'evt_\u0000'),
      event('checkout.session.completed', null),
      event('checkout.session.completed', { ...session, id: null }),
      event('checkout.session.completed', { ...session, id: 'cs_\u0000' }),
      event('invoice.paid', { subscription: 'sub_1', period_end: 1e20, lines: { data: 'x' } }),
      event('invoice.paid', { subscription: 'sub_1', period_end: -5, lines: { data: [{ period: { end: 1e20 } }] } }),
      event('customer.subscription.deleted', {}),
    ];
    const before = (await appFor(p).database.db.select().from(webhookEvents)).length;
    for (const payload of broken) {
      const res = await deliver(p, payload);
      expect(res.statusCode, payload.slice(0, 120)).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    }
    expect((await appFor(p).database.db.select().from(webhookEvents)).length).toBe(before);
  });

  it('acknowledges a well-formed event of a type it does not act on', async () => {
    const res = await deliver(p, event('payment_intent.created', { id: 'pi_1' }));
    if (p === 'stripe') {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, fulfilled: false });
    } else {
      // Only the sandbox itself signs sandbox events, and it sends none of these.
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    }
  });
});

describe('stripe renewals naming a charge id that is not ours', () => {
  it('are matched by subscription only (a non-uuid id never reaches the database)', async () => {
    for (const chargeId of ['c1', "' OR 1=1 --", 'x'.repeat(300)]) {
      const invoice = {
        id: 'in_1',
        object: 'invoice',
        parent: { subscription_details: { subscription: 'sub_not_ours', metadata: { chargeId } } },
        lines: { data: [{ period: { end: Math.floor(Date.now() / 1000) + 86_400 } }] },
      };
      const res = await deliver('stripe', event('invoice.paid', invoice));
      expect(res.statusCode, chargeId.slice(0, 20)).toBe(200);
      expect(res.json()).toEqual({ received: true, fulfilled: false });
    }
  });
});
