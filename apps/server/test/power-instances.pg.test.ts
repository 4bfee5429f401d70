import { describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { merchantStaff, users } from '../src/db/schema';
import { serverInstances } from './instances';
import { build, linkFrom, sessionCookie, TEST_PASSWORD } from './build';
import { createMerchantSession } from './factories';
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

  it('one invitation link accepted ten times at once over three instances: one account joins, the others are told it was used', async () => {
    const owner = await createMerchantSession(t);
    const invited = await on(0, {
      method: 'POST',
      url: '/api/merchant/staff',
      cookie: owner.cookie,
      payload: { email: 'racing-staff@test.example', role: 'redeemer' },
    });
    expect(invited.statusCode).toBe(201);
    const token = linkFrom(
      (await t.lastMail('racing-staff@test.example', 'staff_invite'))!.text,
      '/merchant/staff/accept',
    ).searchParams.get('token');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        on(i % 3, { method: 'POST', url: '/api/staff-invites/accept', payload: { token, name: `Racer ${i}`, password: 'Racing2025' } }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.statusCode !== 200).map((a) => a.json().error.code))).toEqual(new Set(['TOKEN_USED']));
    expect(await t.database.db.select().from(users).where(eq(users.email, 'racing-staff@test.example'))).toHaveLength(1);
    const [row] = await t.database.db.select().from(merchantStaff).where(eq(merchantStaff.email, 'racing-staff@test.example'));
    expect(row!.acceptedAt).not.toBeNull();
  });
});
