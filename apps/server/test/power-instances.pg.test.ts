import { describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { serverInstances } from './instances';
import { build, sessionCookie, TEST_PASSWORD } from './build';
import { openSse } from './sse';

/**
 * Taking power away on one instance holds on all of them at once (docs/decisions/0063-suspensions-and-bans.md):
 * three instances of the server on one PostgreSQL database, as behind a load balancer.
 */
const t = await build();
const { apps, on } = await serverInstances(t, 2, { listen: true });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = apps.map((a) => `http://127.0.0.1:${(a.server.address() as AddressInfo).port}`);

describe('bans and deactivations across three instances', () => {
  it('a ban made on instance 1 ends the customer’s sessions of every instance at once, and closes its stream on instance 3', async () => {
    const customer = await t.createUser('customer');
    const cookies = [];
    for (const i of [0, 1, 2]) {
      const login = await on(i, { method: 'POST', url: '/api/auth/login', payload: { email: customer.email, password: TEST_PASSWORD } });
      cookies.push(sessionCookie(login));
    }
    const stream = await openSse(`${base[2]}/api/events/messages`, { cookie: cookies[0] });
    const support = await t.loginAs('admin', { adminRole: 'support' });
    const banned = await on(0, {
      method: 'POST',
      url: `/api/admin/customers/${customer.id}/ban`,
      cookie: support.cookie,
      payload: { reason: 'Abusive messages to merchants.' },
    });
    expect(banned.statusCode).toBe(200);
    for (const i of [0, 1, 2])
      for (const cookie of cookies) expect((await on(i, { method: 'GET', url: '/api/votes/mine', cookie })).statusCode).toBe(401);
    // The stream on another instance hears of it through LISTEN/NOTIFY and ends.
    await stream.ended;
  });

  it('two owners demoting each other at once: exactly one succeeds, and one active owner always remains', async () => {
    const a = await t.loginAs('admin', { adminRole: 'owner' });
    const b = await t.loginAs('admin', { adminRole: 'owner' });
    // Every other owner steps aside first, so these two are the last ones.
    await t.database.db.update(users).set({ adminRole: 'support' }).where(eq(users.adminRole, 'owner'));
    await t.database.db.update(users).set({ adminRole: 'owner' }).where(eq(users.id, a.user.id));
    await t.database.db.update(users).set({ adminRole: 'owner' }).where(eq(users.id, b.user.id));
    const [byA, byB] = await Promise.all([
      on(1, { method: 'PATCH', url: `/api/admin/admins/${b.user.id}`, cookie: a.cookie, payload: { role: 'support' } }),
      on(2, { method: 'PATCH', url: `/api/admin/admins/${a.user.id}`, cookie: b.cookie, payload: { role: 'support' } }),
    ]);
    expect([byA.statusCode, byB.statusCode].sort()).toEqual([200, 403]);
    const owners = await t.database.db.select({ id: users.id }).from(users).where(eq(users.adminRole, 'owner'));
    expect(owners).toHaveLength(1);
  });
});
