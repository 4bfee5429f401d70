import { describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { DealEvent, MessageEvent } from '@localperks/shared';
import { AUTH_ERRORS } from '../src/modules/accounts';
import { serverInstances } from './instances';
import { build, sessionCookie, TEST_PASSWORD } from './build';
import { createBoostDeal, createDeal, createMerchantSession } from './factories';
import { openSse } from './sse';

/**
 * Three instances of the server on one PostgreSQL database, as behind a load balancer: what a browser
 * does on one instance holds on the others (sessions, rate limits, live events). The jobs side of
 * several instances is in jobs-instances.pg.test.ts.
 */
const t = await build();
const { apps, on } = await serverInstances(t, 2, { listen: true });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = apps.map((a) => `http://127.0.0.1:${(a.server.address() as AddressInfo).port}`);

describe('three instances on one PostgreSQL database', () => {
  it('a session started on instance 1 holds on instances 2 and 3, and signing out on 3 ends it on all', async () => {
    const user = await t.createUser('customer');
    const login = await on(0, { method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const cookie = sessionCookie(login);
    for (const i of [1, 2]) {
      const session = await on(i, { method: 'GET', url: '/api/auth/session', cookie });
      expect(session.json().user).toMatchObject({ id: user.id, email: user.email, role: 'customer' });
      expect((await on(i, { method: 'GET', url: '/api/votes/mine', cookie })).statusCode).toBe(200);
    }
    expect((await on(2, { method: 'POST', url: '/api/auth/logout', cookie })).statusCode).toBe(200);
    for (const i of [0, 1, 2]) {
      expect((await on(i, { method: 'GET', url: '/api/auth/session', cookie })).json().user).toBeNull();
      expect((await on(i, { method: 'GET', url: '/api/votes/mine', cookie })).statusCode).toBe(401);
    }
  });

  it('100 parallel wrong passwords for one account, spread over the three instances: 5 are checked, 95 refused', async () => {
    const user = await t.createUser('customer');
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        on(i % 3, {
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: `Wrong${i}pass` },
          remoteAddress: '203.0.113.61',
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(95);
    expect(new Set(responses.filter((r) => r.statusCode === 429).map((r) => r.json().error.message))).toEqual(
      new Set([AUTH_ERRORS.tooManyForAccount]),
    );
    // The right password from that address is refused on every instance.
    for (const i of [0, 1, 2])
      expect(
        (
          await on(i, {
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: user.email, password: TEST_PASSWORD },
            remoteAddress: '203.0.113.61',
          })
        ).statusCode,
      ).toBe(429);
  });

  it('200 parallel wrong passwords from one address across accounts, spread over the three instances: 20 are checked', async () => {
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        on(i % 3, {
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `spray-${i}@instances.example`, password: 'Wrong123' },
          remoteAddress: '203.0.113.62',
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(20);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(180);
  });

  it('a vote on instance 1 reaches event streams on instances 1, 2 and 3', async () => {
    const { merchant } = await createMerchantSession(t);
    const deal = await createBoostDeal(t.database.db, merchant.id, 10, 3);
    const streams = await Promise.all(base.map((b) => openSse(`${b}/api/events?deals=${deal.id}`)));
    const { cookie } = await t.loginAs('customer');
    expect((await on(0, { method: 'POST', url: `/api/deals/${deal.id}/vote`, cookie })).statusCode).toBe(200);
    const expected: DealEvent = { type: 'votes', dealId: deal.id, currentVotes: 4, votesRequired: 10, status: 'pending' };
    try {
      for (const s of streams) expect(await s.collect<DealEvent>('deal', 1)).toEqual([expected]);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('a customer message sent on instance 1 reaches the merchant’s message stream on instance 3', async () => {
    const m = await createMerchantSession(t);
    const deal = await createDeal(t.database.db, m.merchant.id);
    const stream = await openSse(`${base[2]}/api/events/messages`, { cookie: m.cookie });
    const customer = await t.loginAs('customer');
    const sent = await on(0, {
      method: 'POST',
      url: '/api/customer-messages',
      cookie: customer.cookie,
      payload: { dealId: deal.id, subject: 'Opening hours', message: 'Are you open on Sunday?' },
    });
    expect(sent.statusCode).toBe(201);
    try {
      expect(await stream.collect<MessageEvent>('message', 1)).toEqual([
        { type: 'customer_message', merchantUserId: m.user.id, customerId: customer.user.id },
      ]);
    } finally {
      stream.close();
    }
  });
});
