import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminAuditLog, users } from '../../../db/schema';
import { recordAudit } from '../audit/audit';
import { build, TEST_PASSWORD } from '../../../../test/build';

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
