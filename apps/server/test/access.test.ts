import { describe, expect, it } from 'vitest';
import { build } from './build';
import { ACCESS_POLICIES } from '../src/plugins/access';

const t = await build();
const routes = t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/'));

/** A concrete URL for a route pattern (path parameters filled with a well-formed id). */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');

describe('access policies', () => {
  it('every registered route declares who may call it', () => {
    expect(routes.length).toBeGreaterThan(5);
    for (const r of t.app.registeredRoutes) expect(ACCESS_POLICIES).toContain(r.access);
  });

  it('a route without an access policy cannot be registered', async () => {
    const { default: Fastify } = await import('fastify');
    const { accessPlugin } = await import('../src/plugins/access');
    const app = Fastify();
    await app.register(accessPlugin);
    expect(() => app.get('/api/undeclared', async () => 'x')).toThrow(/must declare config.access/);
    await app.close();
  });

  it('every non-public route refuses an anonymous caller with 401', async () => {
    const guarded = routes.filter((r) => r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const r of guarded) {
      const res = await t.request({ method: r.method, url: concrete(r.url), payload: r.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('every role-restricted route refuses a caller of the wrong role with 403', async () => {
    const sessions = {
      customer: (await t.loginAs('customer')).cookie,
      merchant: (await t.loginAs('merchant')).cookie,
      admin: (await t.loginAs('admin')).cookie,
    };
    const allowed: Record<string, string[]> = {
      customer: ['customer'],
      merchant: ['merchant'],
      'approved-merchant': ['merchant'],
      admin: ['admin'],
    };
    for (const r of routes.filter((x) => allowed[x.access])) {
      for (const [role, cookie] of Object.entries(sessions)) {
        if (allowed[r.access]!.includes(role)) continue;
        const res = await t.request({
          method: r.method,
          url: concrete(r.url),
          cookie,
          payload: r.method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${role} → ${r.method} ${r.url}`).toBe(403);
      }
    }
  });

  it('signed-in routes accept every role', async () => {
    // Event streams never end, so they are proven in their own tests (live-events, message-events).
    const signedIn = routes.filter((r) => r.access === 'signed-in' && r.method === 'GET' && !r.url.startsWith('/api/events'));
    expect(signedIn.length).toBeGreaterThan(0);
    for (const role of ['customer', 'merchant', 'admin'] as const) {
      const { cookie } = await t.loginAs(role);
      for (const r of signedIn) {
        const res = await t.request({ method: 'GET', url: concrete(r.url), cookie });
        // A made-up id may name nothing (404); what matters is that no role is turned away.
        if (r.url.includes(':')) expect([200, 404], `${role} → GET ${r.url}`).toContain(res.statusCode);
        else expect(res.statusCode, `${role} → GET ${r.url}`).toBe(200);
      }
    }
  });

  it('an admin session that has not passed the code step is refused on admin routes', async () => {
    const admin = await t.createUser('admin');
    const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: admin.email, password: 'Sup3rSecret!' } });
    const cookie = `lp_session=${login.cookies.find((c) => c.name === 'lp_session')!.value}`;
    for (const r of routes.filter((x) => x.access === 'admin')) {
      const res = await t.request({
        method: r.method,
        url: concrete(r.url),
        cookie,
        payload: r.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode).toBe(403);
    }
  });
});
