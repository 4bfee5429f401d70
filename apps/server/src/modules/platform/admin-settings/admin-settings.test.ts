import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCESS_MESSAGES, SANCTION_MESSAGES } from '@localperks/shared';
import { adminAuditLog, sessions, users } from '../../../db/schema';
import { randomToken, sha256 } from '../../../lib/crypto';
import { recordAudit } from '../audit/audit';
import { build, TEST_PASSWORD } from '../../../../test/build';
import { openSse } from '../../../../test/sse';

const t = await build();
const db = t.database.db;
const admin = await t.loginAs('admin', { name: 'Alex Admin' });

describe('admin settings', () => {
  it('an admin creates another admin, who can then sign in with the code step; audited as admin.created', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/admins',
      cookie: admin.cookie,
      payload: { name: 'Robin Ops', email: 'Robin@Test.example', password: 'Adm1nPassword' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().admin).toMatchObject({ name: 'Robin Ops', email: 'robin@test.example' });
    const [u] = await db.select().from(users).where(eq(users.email, 'robin@test.example'));
    expect(u).toMatchObject({ role: 'admin', name: 'Robin Ops' });
    expect(u!.emailVerifiedAt).not.toBeNull();
    expect((await t.lastMail('robin@test.example', 'admin_account_created'))!.text).not.toContain('Adm1nPassword');
    const login = await t.request({
      method: 'POST',
      url: '/api/admin-auth/login',
      payload: { email: 'robin@test.example', password: 'Adm1nPassword' },
    });
    expect(login.statusCode).toBe(200);
    const list = (await t.request({ method: 'GET', url: '/api/admin/admins', cookie: admin.cookie })).json();
    expect(list.admins.map((a: { email: string }) => a.email)).toContain('robin@test.example');
    const audit = (await t.request({ method: 'GET', url: '/api/admin/audit', cookie: admin.cookie })).json();
    expect(audit.entries[0]).toMatchObject({
      action: 'admin.created',
      entityType: 'user',
      entityId: u!.id,
      admin: { id: admin.user.id, name: 'Alex Admin' },
      details: { email: 'robin@test.example' },
    });
  });

  it('applies the password and e-mail rules and refuses a taken address, creating nothing', async () => {
    const before = (await db.select().from(adminAuditLog)).length;
    const weak = await t.request({
      method: 'POST',
      url: '/api/admin/admins',
      cookie: admin.cookie,
      payload: { name: 'Weak', email: 'weak@test.example', password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toBe('Password must be at least 8 characters');
    const badEmail = await t.request({
      method: 'POST',
      url: '/api/admin/admins',
      cookie: admin.cookie,
      payload: { name: 'Bad', email: 'nope', password: 'Adm1nPassword' },
    });
    expect(badEmail.json().error.fields.email).toBe('Please enter a valid email address');
    const taken = await t.request({
      method: 'POST',
      url: '/api/admin/admins',
      cookie: admin.cookie,
      payload: { name: 'Dup', email: admin.user.email, password: 'Adm1nPassword' },
    });
    expect(taken.statusCode).toBe(409);
    expect((await db.select().from(adminAuditLog)).length).toBe(before);
    expect(await db.select().from(users).where(eq(users.email, 'weak@test.example'))).toHaveLength(0);
  });

  it('nobody becomes an admin by signing up', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'wannabe@test.example', password: 'Wannab3Admin', role: 'admin' },
    });
    expect(res.statusCode).toBe(201);
    expect((await db.select().from(users).where(eq(users.email, 'wannabe@test.example')))[0]!.role).toBe('customer');
    const { cookie } = await t.loginAs('customer');
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/admin/admins',
          cookie,
          payload: { name: 'Me', email: 'me2@test.example', password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('the audit trail lists every recorded action newest first, page by page', async () => {
    for (let i = 0; i < 30; i++)
      await recordAudit(db, { adminId: admin.user.id, action: 'payout.marked_paid', entityType: 'merchant_payout', details: { n: i } });
    const p1 = (await t.request({ method: 'GET', url: '/api/admin/audit', cookie: admin.cookie })).json();
    expect(p1.entries).toHaveLength(25);
    expect(p1.total).toBeGreaterThanOrEqual(31);
    const p2 = (await t.request({ method: 'GET', url: '/api/admin/audit?page=2', cookie: admin.cookie })).json();
    expect(p2.entries.length).toBe(p1.total - 25);
    const times = [...p1.entries, ...p2.entries].map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('admin roles (docs/decisions/0062-roles-and-staff.md)', () => {
  const get = (url: string, cookie: string) => t.request({ method: 'GET', url, cookie });

  it('support works tickets but is refused payouts and settings; finance the other way round; the server says why', async () => {
    const support = await t.loginAs('admin', { adminRole: 'support' });
    const finance = await t.loginAs('admin', { adminRole: 'finance' });
    expect((await get('/api/admin/support/tickets', support.cookie)).statusCode).toBe(200);
    const payouts = await get('/api/admin/payouts', support.cookie);
    expect(payouts.statusCode).toBe(403);
    expect(payouts.json().error.message).toBe('Your admin role (Support) does not include this. Ask an owner if you need it.');
    expect((await get('/api/admin/admins', support.cookie)).statusCode).toBe(403);
    expect((await get('/api/admin/payouts', finance.cookie)).statusCode).toBe(200);
    expect((await get('/api/admin/support/tickets', finance.cookie)).statusCode).toBe(403);
    expect((await get('/api/admin/audit', finance.cookie)).statusCode).toBe(403);
    // The session tells the web which sections to show.
    expect((await get('/api/auth/session', support.cookie)).json().user).toMatchObject({
      role: 'admin',
      adminRole: 'support',
      merchantRole: null,
    });
  });

  it('an owner creates an admin with a role and changes it; the change applies to its next request; audited', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/admins',
      cookie: admin.cookie,
      payload: { name: 'Sam Support', email: 'sam-support@test.example', password: 'Adm1nPassword', role: 'support' },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().admin;
    expect(created).toMatchObject({ role: 'support', deactivatedAt: null });
    const [row] = await db.select().from(users).where(eq(users.id, created.id));
    // Signed in past the code step, as the access page does it.
    const cookie = await sessionPastCode(row!.id);
    expect((await get('/api/admin/payouts', cookie)).statusCode).toBe(403);
    const changed = await t.request({
      method: 'PATCH',
      url: `/api/admin/admins/${created.id}`,
      cookie: admin.cookie,
      payload: { role: 'finance' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().admin.role).toBe('finance');
    expect((await get('/api/admin/payouts', cookie)).statusCode).toBe(200);
    expect((await get('/api/admin/support/tickets', cookie)).statusCode).toBe(403);
    const bad = await t.request({
      method: 'PATCH',
      url: `/api/admin/admins/${created.id}`,
      cookie: admin.cookie,
      payload: { role: 'boss' },
    });
    expect(bad.statusCode).toBe(400);
    const audit = (await get(`/api/admin/audit?target=${created.id}`, admin.cookie)).json();
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(['admin.role_changed', 'admin.created']);
    expect(audit.entries[0].details).toMatchObject({ from: 'support', to: 'finance' });
  });

  it('deactivating an admin ends its sessions at once and refuses its sign-in with a clear message; reactivating lets it back', async () => {
    const other = await t.loginAs('admin', { adminRole: 'finance', email: 'fin-deact@test.example' });
    const second = await sessionPastCode(other.user.id);
    const port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
    const stream = await openSse(`http://127.0.0.1:${port}/api/events/messages`, { cookie: other.cookie });
    expect((await get('/api/admin/payouts', other.cookie)).statusCode).toBe(200);
    const res = await t.request({ method: 'POST', url: `/api/admin/admins/${other.user.id}/deactivate`, cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().admin.deactivatedAt).not.toBeNull();
    // Both of its sessions are gone at once, and its open event stream is closed.
    for (const cookie of [other.cookie, second]) expect((await get('/api/admin/payouts', cookie)).statusCode).toBe(401);
    await stream.ended;
    expect(await db.select().from(sessions).where(eq(sessions.userId, other.user.id))).toHaveLength(0);
    for (const url of ['/api/auth/login', '/api/admin-auth/login']) {
      const login = await t.request({ method: 'POST', url, payload: { email: 'fin-deact@test.example', password: TEST_PASSWORD } });
      expect(login.statusCode).toBe(403);
      expect(login.json().error.message).toBe(ACCESS_MESSAGES.deactivated);
      expect(login.cookies.find((c) => c.name === 'lp_session')).toBeUndefined();
    }
    expect(
      (await t.request({ method: 'POST', url: `/api/admin/admins/${other.user.id}/deactivate`, cookie: admin.cookie })).statusCode,
    ).toBe(409);
    const back = await t.request({ method: 'POST', url: `/api/admin/admins/${other.user.id}/reactivate`, cookie: admin.cookie });
    expect(back.json().admin.deactivatedAt).toBeNull();
    const login = await t.request({
      method: 'POST',
      url: '/api/admin-auth/login',
      payload: { email: 'fin-deact@test.example', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const actions = (await get(`/api/admin/audit?target=${other.user.id}`, admin.cookie))
      .json()
      .entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['admin.reactivated', 'admin.deactivated']);
  });

  it('only owners manage admins; nobody changes or deactivates themselves; the platform keeps one active owner', async () => {
    const support = await t.loginAs('admin', { adminRole: 'support' });
    const target = await t.createUser('admin', { adminRole: 'finance' });
    expect((await t.request({ method: 'POST', url: `/api/admin/admins/${target.id}/deactivate`, cookie: support.cookie })).statusCode).toBe(
      403,
    );
    const self = await t.request({
      method: 'PATCH',
      url: `/api/admin/admins/${admin.user.id}`,
      cookie: admin.cookie,
      payload: { role: 'support' },
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toBe(SANCTION_MESSAGES.notYourself);
    expect(
      (await t.request({ method: 'POST', url: `/api/admin/admins/${admin.user.id}/deactivate`, cookie: admin.cookie })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `/api/admin/admins/00000000-0000-4000-8000-000000000000`,
          cookie: admin.cookie,
          payload: { role: 'owner' },
        })
      ).statusCode,
    ).toBe(404);
    // A customer is not an admin to manage.
    const customer = await t.createUser('customer');
    expect(
      (await t.request({ method: 'PATCH', url: `/api/admin/admins/${customer.id}`, cookie: admin.cookie, payload: { role: 'owner' } }))
        .statusCode,
    ).toBe(404);
    // Two owners: one demotes the other; the demoted one can no longer manage admins.
    const second = await t.loginAs('admin', { adminRole: 'owner' });
    const demoted = await t.request({
      method: 'PATCH',
      url: `/api/admin/admins/${second.user.id}`,
      cookie: admin.cookie,
      payload: { role: 'support' },
    });
    expect(demoted.statusCode).toBe(200);
    expect(
      (await t.request({ method: 'PATCH', url: `/api/admin/admins/${admin.user.id}`, cookie: second.cookie, payload: { role: 'support' } }))
        .statusCode,
    ).toBe(403);
  });

  it('an admin without a role (made by a release before roles) may call no admin route until an owner gives it one', async () => {
    const old = await t.loginAs('admin');
    await db.update(users).set({ adminRole: null }).where(eq(users.id, old.user.id));
    const res = await get('/api/admin/notifications', old.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ACCESS_MESSAGES.adminRole(null));
    await t.request({ method: 'PATCH', url: `/api/admin/admins/${old.user.id}`, cookie: admin.cookie, payload: { role: 'support' } });
    expect((await get('/api/admin/notifications', old.cookie)).statusCode).toBe(200);
  });
});

describe('the audit trail, searched (docs/decisions/0062-roles-and-staff.md)', () => {
  it('finds entries by actor (name or e-mail), target (id or recorded text), action and date range, page by page', async () => {
    const robin = await t.createUser('admin', { name: 'Robin Searcher', email: 'robin.searcher@test.example' });
    const kim = await t.createUser('admin', { name: 'Kim Other', email: 'kim.other@test.example' });
    const target = '11111111-1111-4111-8111-111111111111';
    const at = (day: string) => new Date(`${day}T12:00:00Z`);
    await db.insert(adminAuditLog).values([
      {
        adminId: robin.id,
        action: 'merchant.suspended',
        entityType: 'merchant',
        entityId: target,
        details: { businessName: 'Gusto Pizza' },
        createdAt: at('2031-03-01'),
      },
      {
        adminId: robin.id,
        action: 'customer.banned',
        entityType: 'user',
        details: { email: 'abuser@test.example' },
        createdAt: at('2031-03-05'),
      },
      {
        adminId: kim.id,
        action: 'merchant.reinstated',
        entityType: 'merchant',
        entityId: target,
        details: { businessName: 'Gusto Pizza' },
        createdAt: at('2031-03-09'),
      },
    ]);
    const search = async (q: string) => (await t.request({ method: 'GET', url: `/api/admin/audit?${q}`, cookie: admin.cookie })).json();
    const actions = async (q: string) => (await search(q)).entries.map((e: { action: string }) => e.action);
    expect(await actions('actor=searcher')).toEqual(['customer.banned', 'merchant.suspended']);
    expect(await actions('actor=KIM.OTHER@')).toEqual(['merchant.reinstated']);
    expect(await actions(`target=${target}`)).toEqual(['merchant.reinstated', 'merchant.suspended']);
    expect(await actions('target=gusto')).toEqual(['merchant.reinstated', 'merchant.suspended']);
    expect(await actions('target=abuser@test')).toEqual(['customer.banned']);
    expect(await actions('action=merchant.suspended&actor=robin')).toEqual(['merchant.suspended']);
    expect(await actions('from=2031-03-05&to=2031-03-09')).toEqual(['merchant.reinstated', 'customer.banned']);
    expect(await actions('from=2031-03-02&to=2031-03-04')).toEqual([]);
    expect(await actions('actor=robin&from=&to=&target=')).toEqual(['customer.banned', 'merchant.suspended']);
    // A LIKE wildcard is a character like any other.
    expect(await actions('actor=%25')).toEqual([]);
    const all = await search('actor=searcher');
    expect(all).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(all.entries[0].admin).toMatchObject({ id: robin.id, name: 'Robin Searcher' });
    const bad = await t.request({ method: 'GET', url: '/api/admin/audit?from=2031-03-09&to=2031-03-01', cookie: admin.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.to).toBe('The start date must be on or before the end date.');
    expect((await t.request({ method: 'GET', url: '/api/admin/audit?action=nope', cookie: admin.cookie })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/admin/audit?from=yesterday', cookie: admin.cookie })).statusCode).toBe(400);
  });
});

/** A session of `userId` past the admin code step, as the access page leaves it. */
async function sessionPastCode(userId: string) {
  const token = randomToken(32);
  await db.insert(sessions).values({ id: sha256(token), userId, expiresAt: new Date(Date.now() + 86_400_000), secondFactorAt: new Date() });
  return `lp_session=${token}`;
}
