import { describe, expect, it } from 'vitest';
import { build } from './build';
import { createMerchantSession, createStaffSession } from './factories';
import { ACCESS_POLICIES } from '../src/plugins/access';
import { sessions } from '../src/db/schema';

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

  it('an admin or merchant route cannot be registered without the roles it admits; the owner is in every list', async () => {
    const { default: Fastify } = await import('fastify');
    const { accessPlugin } = await import('../src/plugins/access');
    const app = Fastify();
    await app.register(accessPlugin);
    const ok = async () => 'x';
    expect(() => app.get('/api/admin/x', { config: { access: 'admin' } }, ok)).toThrow(/must declare config.roles/);
    expect(() => app.get('/api/merchant/x', { config: { access: 'merchant', roles: [] } }, ok)).toThrow(/must declare config.roles/);
    expect(() => app.get('/api/admin/y', { config: { access: 'admin', roles: ['support'] } }, ok)).toThrow(/lacks owner/);
    expect(() => app.get('/api/admin/z', { config: { access: 'admin', roles: ['owner', 'redeemer'] } }, ok)).toThrow(
      /redeemer is not one of/,
    );
    expect(() => app.get('/api/merchant/y', { config: { access: 'approved-merchant', roles: ['owner', 'finance'] } }, ok)).toThrow(
      /finance is not one of/,
    );
    expect(() => app.get('/api/public', { config: { access: 'public', roles: ['owner'] } }, ok)).toThrow(/declares no config.roles/);
    expect(() => app.get('/api/admin/ok', { config: { access: 'admin', roles: ['owner', 'finance'] } }, ok)).not.toThrow();
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

/*
 * The authorization matrix (docs/decisions/0062-roles-and-staff.md): every route, by method and path, and who of the
 * eight principals may call it. The server is asked once per route and principal: an allowed one gets any answer
 * but 401 or 403 (a made-up id may name nothing, an empty body is bad input), a refused one gets 401 when
 * anonymous and 403 otherwise. A route missing here fails the test: every new route says who may call it.
 */
const PRINCIPALS = ['anonymous', 'customer', 'merchant-owner', 'manager', 'redeemer', 'admin-owner', 'support', 'finance'] as const;
type Principal = (typeof PRINCIPALS)[number];

const ANYONE: Principal[] = [...PRINCIPALS];
const SIGNED_IN: Principal[] = PRINCIPALS.filter((p) => p !== 'anonymous');
const CUSTOMER: Principal[] = ['customer'];
/** The business's owner only: billing, payouts, plans, boosts (paid), staff. */
const BUSINESS_OWNER: Principal[] = ['merchant-owner'];
/** Everything of the business but billing, payouts and staff. */
const MANAGERS: Principal[] = ['merchant-owner', 'manager'];
/** The redeem screen and today's redemptions. */
const COUNTER: Principal[] = ['merchant-owner', 'manager', 'redeemer'];
const OWNER: Principal[] = ['admin-owner'];
const SUPPORT: Principal[] = ['admin-owner', 'support'];
const FINANCE: Principal[] = ['admin-owner', 'finance'];
const ADMINS: Principal[] = ['admin-owner', 'support', 'finance'];

const MATRIX: Record<string, Principal[]> = {
  // documents, health, operations, public pages' assets
  'GET /api/docs': ANYONE,
  'GET /api/docs/static/index.html': ANYONE,
  'GET /api/docs/static/swagger-initializer.js': ANYONE,
  'GET /api/docs/json': ANYONE,
  'GET /api/docs/yaml': ANYONE,
  'GET /api/docs/static/*': ANYONE,
  'GET /api/health': ANYONE,
  'GET /api/ready': ANYONE,
  // Outside production the monitoring route answers this machine (the tests' requests come from it).
  'GET /metrics': ANYONE,
  'GET /robots.txt': ANYONE,
  'GET /sitemap.xml': ANYONE,
  'GET /uploads/*': ANYONE,
  'GET /api/dev/mailbox': ANYONE,
  'GET /api/dev/mailbox/:id': ANYONE,
  // accounts
  'GET /api/auth/session': ANYONE,
  'POST /api/auth/signup': ANYONE,
  'POST /api/auth/login': ANYONE,
  'POST /api/auth/logout': ANYONE,
  'POST /api/auth/verify-email': ANYONE,
  'POST /api/auth/resend-verification': ANYONE,
  'POST /api/auth/forgot-password': ANYONE,
  'POST /api/auth/reset-password': ANYONE,
  'GET /api/account/profile': SIGNED_IN,
  'PATCH /api/account/profile': SIGNED_IN,
  'POST /api/account/password': SIGNED_IN,
  'GET /api/admin-auth/status': ANYONE,
  'POST /api/admin-auth/login': ANYONE,
  // Signed-in routes whose service answers admin accounts only (the code step of the admin sign-in).
  'POST /api/admin-auth/code/refresh': ADMINS,
  'POST /api/admin-auth/code': ADMINS,
  'POST /api/admin-auth/totp': ADMINS,
  'POST /api/admin-auth/passkey/options': ADMINS,
  'POST /api/admin-auth/passkey': ADMINS,
  // passkeys, the authenticator app, e-mail change, sessions (docs/decisions/0053, 0055)
  'POST /api/auth/login/second-step': ANYONE,
  'POST /api/auth/passkey/options': ANYONE,
  'POST /api/auth/passkey': ANYONE,
  'POST /api/account/email': SIGNED_IN,
  'POST /api/account/email/confirm': ANYONE,
  'POST /api/account/email/undo': ANYONE,
  'GET /api/account/security': SIGNED_IN,
  'POST /api/account/reauthenticate': SIGNED_IN,
  'POST /api/account/passkeys/options': SIGNED_IN,
  'POST /api/account/passkeys': SIGNED_IN,
  'PATCH /api/account/passkeys/:id': SIGNED_IN,
  'DELETE /api/account/passkeys/:id': SIGNED_IN,
  'POST /api/account/totp/setup': SIGNED_IN,
  'POST /api/account/totp/enable': SIGNED_IN,
  'POST /api/account/totp/disable': SIGNED_IN,
  'POST /api/account/totp/recovery-codes': SIGNED_IN,
  'GET /api/account/sessions': SIGNED_IN,
  'DELETE /api/account/sessions/:id': SIGNED_IN,
  'POST /api/account/sessions/sign-out-others': SIGNED_IN,
  'GET /api/merchant/second-factor-reminder': BUSINESS_OWNER,
  // privacy rights (docs/decisions/0054-privacy-rights.md)
  'GET /api/account/data-exports': SIGNED_IN,
  'POST /api/account/data-exports': SIGNED_IN,
  'GET /api/account/data-exports/:id/download': SIGNED_IN,
  'GET /api/account/deletion': SIGNED_IN,
  'POST /api/account/delete': SIGNED_IN,
  'POST /api/admin/accounts/:id/delete': SUPPORT,
  // support
  'POST /api/feedback': ANYONE,
  'POST /api/support/tickets': ANYONE,
  'GET /api/support/my-tickets': SIGNED_IN,
  'GET /api/support/my-tickets/:id': SIGNED_IN,
  'POST /api/support/my-tickets': SIGNED_IN,
  'POST /api/support/my-tickets/:id/messages': SIGNED_IN,
  'POST /api/customer-messages': CUSTOMER,
  'GET /api/customer-messages': CUSTOMER,
  'GET /api/merchant/customer-messages': MANAGERS,
  'POST /api/merchant/customer-messages/:id/read': MANAGERS,
  'POST /api/merchant/customer-messages/:id/response': MANAGERS,
  'GET /api/admin/customers': SUPPORT,
  'POST /api/admin/customers/:id/ban': SUPPORT,
  'POST /api/admin/customers/:id/unban': SUPPORT,
  'GET /api/admin/support/tickets': SUPPORT,
  'GET /api/admin/support/tickets/:id': SUPPORT,
  'PATCH /api/admin/support/tickets/:id/status': SUPPORT,
  'POST /api/admin/support/tickets/:id/replies': SUPPORT,
  'GET /api/admin/support/assignees': SUPPORT,
  'PUT /api/admin/support/tickets/:id/assignee': SUPPORT,
  'POST /api/admin/support/tickets/:id/notes': SUPPORT,
  'GET /api/events/messages': SIGNED_IN,
  // catalog
  'GET /api/deals': ANYONE,
  'GET /api/deals/:id': ANYONE,
  'GET /api/deals/facets': ANYONE,
  'GET /api/search/suggest': ANYONE,
  'GET /api/home': ANYONE,
  'POST /api/merchant-leads': ANYONE,
  'GET /api/businesses': ANYONE,
  'GET /api/businesses/:slug': ANYONE,
  'GET /api/events': ANYONE,
  'POST /api/deals/:id/click': ANYONE,
  'GET /api/merchant/business-profile': MANAGERS,
  'PUT /api/merchant/business-profile': MANAGERS,
  'PUT /api/merchant/address': MANAGERS,
  'POST /api/merchant/uploads/business-images': MANAGERS,
  // engagement
  'GET /api/votes/mine': CUSTOMER,
  // verified reviews (docs/decisions/0064-verified-reviews.md)
  'GET /api/deals/:id/reviews': ANYONE,
  'GET /api/businesses/:slug/reviews': ANYONE,
  'GET /api/purchases/:id/review': CUSTOMER,
  'POST /api/purchases/:id/review': CUSTOMER,
  'POST /api/reviews/photos': CUSTOMER,
  'POST /api/reviews/:id/report': SIGNED_IN,
  'GET /api/merchant/reviews': MANAGERS,
  'POST /api/merchant/reviews/:id/reply': MANAGERS,
  'GET /api/admin/reviews': SUPPORT,
  'POST /api/admin/reviews/:id/hide': SUPPORT,
  'POST /api/admin/reviews/:id/restore': SUPPORT,
  // notification preferences and one-click unsubscribe (docs/decisions/0065-notifications.md)
  'GET /api/account/notifications': CUSTOMER,
  'PUT /api/account/notifications': CUSTOMER,
  'POST /api/unsubscribe': ANYONE,
  'POST /api/unsubscribe/undo': ANYONE,
  'GET /api/businesses/:slug/follow': CUSTOMER,
  'PUT /api/businesses/:slug/follow': CUSTOMER,
  'DELETE /api/businesses/:slug/follow': CUSTOMER,
  'POST /api/deals/:id/vote': CUSTOMER,
  'DELETE /api/deals/:id/vote': CUSTOMER,
  'GET /api/favorites': CUSTOMER,
  'PUT /api/favorites/:dealId': CUSTOMER,
  'DELETE /api/favorites/:dealId': CUSTOMER,
  'POST /api/favorites/merge': CUSTOMER,
  // orders
  'POST /api/checkout': CUSTOMER,
  'POST /api/cart/quote': CUSTOMER,
  'GET /api/orders/:id': CUSTOMER,
  'POST /api/webhooks/:provider': ANYONE,
  'GET /api/purchases': CUSTOMER,
  // gifts (docs/decisions/0066-gifts.md)
  'POST /api/gifts/:id/resend': CUSTOMER,
  'PATCH /api/gifts/:id': CUSTOMER,
  'POST /api/gifts/preview': ANYONE,
  'POST /api/gifts/claim': CUSTOMER,
  'GET /api/purchases/:id/qr.svg': CUSTOMER,
  'POST /api/merchant/redemptions/lookup': COUNTER,
  'POST /api/merchant/redemptions': COUNTER,
  'GET /api/merchant/redemptions/today': COUNTER,
  'GET /api/account/payment-methods': CUSTOMER,
  'DELETE /api/account/payment-methods/:id': CUSTOMER,
  'GET /api/admin/promo-codes': FINANCE,
  'POST /api/admin/promo-codes': FINANCE,
  'POST /api/admin/promo-codes/:id/deactivate': FINANCE,
  'GET /api/merchant/promo-codes': MANAGERS,
  'POST /api/merchant/promo-codes': MANAGERS,
  'POST /api/merchant/promo-codes/:id/deactivate': MANAGERS,
  // money
  'POST /api/purchases/:id/refund-request': CUSTOMER,
  'GET /api/merchant/refund-requests': MANAGERS,
  'POST /api/merchant/refund-requests/:id/accept': MANAGERS,
  'POST /api/merchant/refund-requests/:id/answer': MANAGERS,
  'GET /api/admin/refund-requests': ADMINS,
  'POST /api/admin/refund-requests/:id/decision': ADMINS,
  'GET /api/admin/refunds/reconciliation': FINANCE,
  'GET /api/admin/purchases': ADMINS,
  'POST /api/admin/purchases/:id/refund': FINANCE,
  'GET /api/merchant/billing': BUSINESS_OWNER,
  'GET /api/merchant/charges': BUSINESS_OWNER,
  'GET /api/merchant/charges/:id': BUSINESS_OWNER,
  'GET /api/merchant/payouts': BUSINESS_OWNER,
  'GET /api/merchant/payouts/:id/statement': BUSINESS_OWNER,
  'GET /api/merchant/payouts/:id/statement.csv': BUSINESS_OWNER,
  'GET /api/admin/payouts': FINANCE,
  'GET /api/admin/payouts/reconciliation': FINANCE,
  'POST /api/admin/payouts/:id/retry': FINANCE,
  'POST /api/admin/payouts/:id/hold': FINANCE,
  'POST /api/admin/payouts/:id/release': FINANCE,
  'GET /api/merchant/payout-account': BUSINESS_OWNER,
  'POST /api/merchant/payout-account/onboarding': BUSINESS_OWNER,
  'POST /api/merchant/payout-account/refresh': BUSINESS_OWNER,
  'POST /api/merchant/payout-account/dashboard': BUSINESS_OWNER,
  'GET /api/sandbox/connect/:linkId': ANYONE,
  'POST /api/sandbox/connect/:linkId/outcome': ANYONE,
  'POST /api/sandbox/connect/:linkId/transfers/:transferId/reverse': ANYONE,
  'GET /api/admin/payouts/summary': FINANCE,
  'POST /api/admin/payouts/:id/mark-paid': FINANCE,
  'GET /api/sandbox/sessions/:id': ANYONE,
  'POST /api/sandbox/sessions/:id/pay': ANYONE,
  'POST /api/sandbox/sessions/:id/pay-saved': ANYONE,
  // merchant
  'POST /api/merchants/register': ANYONE,
  'GET /api/merchant/me': MANAGERS,
  'GET /api/merchant/staff': BUSINESS_OWNER,
  'POST /api/merchant/staff': BUSINESS_OWNER,
  'PATCH /api/merchant/staff/:id': BUSINESS_OWNER,
  'DELETE /api/merchant/staff/:id': BUSINESS_OWNER,
  'POST /api/staff-invites/preview': ANYONE,
  'POST /api/staff-invites/accept': ANYONE,
  'PUT /api/merchant/profile': MANAGERS,
  'POST /api/merchant/plan': BUSINESS_OWNER,
  'POST /api/merchant/subscription/checkout': BUSINESS_OWNER,
  'POST /api/merchant/subscription/check': BUSINESS_OWNER,
  'GET /api/merchant/registration/messages': MANAGERS,
  'POST /api/merchant/registration/messages': MANAGERS,
  'GET /api/merchant/launch-checklist': MANAGERS,
  'GET /api/merchant/deals': MANAGERS,
  'GET /api/merchant/deals/:id': MANAGERS,
  'POST /api/merchant/deals': MANAGERS,
  'PUT /api/merchant/deals/:id': MANAGERS,
  'POST /api/merchant/deals/:id/boost': BUSINESS_OWNER,
  'POST /api/merchant/deals/:id/appeal': MANAGERS,
  'POST /api/merchant/deals/:id/pause': MANAGERS,
  'POST /api/merchant/deals/:id/resume': MANAGERS,
  'DELETE /api/merchant/deals/:id': MANAGERS,
  'POST /api/merchant/uploads/deal-images': MANAGERS,
  'GET /api/merchant/boosts/deals/:id': BUSINESS_OWNER,
  'POST /api/merchant/boosts/deals/:id': BUSINESS_OWNER,
  'GET /api/merchant/boosts/listing': BUSINESS_OWNER,
  'POST /api/merchant/boosts/listing': BUSINESS_OWNER,
  'GET /api/merchant/analytics': MANAGERS,
  'GET /api/admin/merchant-requests': OWNER,
  'POST /api/admin/merchant-requests/:id/approve': OWNER,
  'POST /api/admin/merchant-requests/:id/reject': OWNER,
  'POST /api/admin/merchant-requests/:id/reset': OWNER,
  'GET /api/admin/merchant-requests/:id/messages': OWNER,
  'POST /api/admin/merchant-requests/:id/messages/read': OWNER,
  'POST /api/admin/merchant-requests/:id/messages': OWNER,
  'GET /api/admin/overview': FINANCE,
  'GET /api/admin/businesses': OWNER,
  'POST /api/admin/businesses/:id/suspend': OWNER,
  'POST /api/admin/businesses/:id/reinstate': OWNER,
  'GET /api/admin/merchants-with-deals': OWNER,
  'GET /api/admin/merchants/:id/deals': OWNER,
  'POST /api/admin/deals/:id/appeal/decision': OWNER,
  'POST /api/admin/deals/:id/deactivate': OWNER,
  // platform
  'GET /api/admin/notifications': ADMINS,
  'GET /api/admin/notifications/unread-count': ADMINS,
  'POST /api/admin/notifications/read-all': ADMINS,
  'POST /api/admin/notifications/:id/read': ADMINS,
  'GET /api/admin/admins': OWNER,
  'POST /api/admin/admins': OWNER,
  'PATCH /api/admin/admins/:id': OWNER,
  'POST /api/admin/admins/:id/deactivate': OWNER,
  'POST /api/admin/admins/:id/reactivate': OWNER,
  'GET /api/admin/audit': OWNER,
  // the console's tables (issue 32)
  'GET /api/admin/orders': ADMINS,
  // the console's record pages and search (docs/decisions/0072-record-pages-and-search.md)
  'GET /api/admin/customers/:id': SUPPORT,
  'GET /api/admin/merchants/:id': FINANCE,
  'GET /api/admin/orders/:id': ADMINS,
  'GET /api/admin/search': ADMINS,
  'GET /api/admin/orders/export.csv': ADMINS,
  'GET /api/admin/tables/customers': SUPPORT,
  'GET /api/admin/tables/customers/export.csv': SUPPORT,
  'GET /api/admin/tables/merchants': OWNER,
  'GET /api/admin/tables/merchants/export.csv': OWNER,
  'GET /api/admin/tables/deals': OWNER,
  'GET /api/admin/tables/deals/export.csv': OWNER,
  'GET /api/admin/tables/vouchers': ADMINS,
  'GET /api/admin/tables/vouchers/export.csv': ADMINS,
  'GET /api/admin/tables/refunds': ADMINS,
  'GET /api/admin/tables/refunds/export.csv': ADMINS,
  'GET /api/admin/tables/payouts': FINANCE,
  'GET /api/admin/tables/payouts/export.csv': FINANCE,
  'GET /api/merchant/tables/deals': MANAGERS,
  'GET /api/merchant/tables/deals/export.csv': MANAGERS,
  'GET /api/merchant/tables/vouchers': MANAGERS,
  'GET /api/merchant/tables/vouchers/export.csv': MANAGERS,
  'GET /api/merchant/tables/redemptions': MANAGERS,
  'GET /api/merchant/tables/redemptions/export.csv': MANAGERS,
  'GET /api/merchant/tables/refunds': MANAGERS,
  'GET /api/merchant/tables/refunds/export.csv': MANAGERS,
  'GET /api/merchant/tables/refund-requests': MANAGERS,
  'GET /api/merchant/tables/refund-requests/export.csv': MANAGERS,
  'GET /api/merchant/tables/payouts': BUSINESS_OWNER,
  'GET /api/merchant/tables/payouts/export.csv': BUSINESS_OWNER,
  'GET /api/admin/overview/range': FINANCE,
  'GET /api/admin/tables/disputes': FINANCE,
  'GET /api/admin/tables/disputes/export.csv': FINANCE,
  'GET /api/admin/tables/tickets': SUPPORT,
  'GET /api/admin/tables/tickets/export.csv': SUPPORT,
  'GET /api/admin/tables/reviews': SUPPORT,
  'GET /api/admin/tables/reviews/export.csv': SUPPORT,
  'GET /api/admin/tables/promo-codes': FINANCE,
  'GET /api/admin/tables/promo-codes/export.csv': FINANCE,
  'GET /api/admin/tables/jobs': OWNER,
  'GET /api/admin/tables/jobs/export.csv': OWNER,
  'GET /api/admin/tables/audit': OWNER,
  'GET /api/admin/tables/audit/export.csv': OWNER,
  'GET /api/merchant/tables/messages': MANAGERS,
  'GET /api/merchant/tables/messages/export.csv': MANAGERS,
};

/** Bodies that get past validation to the service's own check of who is calling. */
const assertion = {
  response: {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
    clientExtensionResults: {},
  },
};
const PAYLOADS: Record<string, object> = {
  'POST /api/admin-auth/code': { code: '000000' },
  'POST /api/admin-auth/totp': { code: '000000' },
  'POST /api/admin-auth/passkey': assertion,
};

/** Never-ending responses: asked over HTTP, and dropped once the status is known. */
const STREAMS = new Set(['GET /api/events', 'GET /api/events/messages']);

describe('the authorization matrix: every route × every role', () => {
  it('lists every registered route, and only those', () => {
    const registered = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const listed = new Set(Object.keys(MATRIX));
    expect({
      notInTheMatrix: [...registered].filter((k) => !listed.has(k)),
      notRegistered: [...listed].filter((k) => !registered.has(k)),
    }).toEqual({
      notInTheMatrix: [],
      notRegistered: [],
    });
  });

  it('answers each principal as the matrix says on every route', { timeout: 240_000 }, async () => {
    const merchant = await createMerchantSession(t);
    const cookies: Record<Principal, string | undefined> = {
      anonymous: undefined,
      customer: (await t.loginAs('customer')).cookie,
      'merchant-owner': merchant.cookie,
      manager: (await createStaffSession(t, merchant.merchant.id, 'manager')).cookie,
      redeemer: (await createStaffSession(t, merchant.merchant.id, 'redeemer')).cookie,
      'admin-owner': (await t.loginAs('admin', { adminRole: 'owner' })).cookie,
      support: (await t.loginAs('admin', { adminRole: 'support' })).cookie,
      finance: (await t.loginAs('admin', { adminRole: 'finance' })).cookie,
    };
    // Changing a sign-in factor asks for the password again first (docs/decisions/0055): every principal has just
    // given it, so those routes answer on who may call them, not on how long ago the password was typed.
    await t.database.db.update(sessions).set({ reauthenticatedAt: t.app.deps.clock.now() });
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const statusOf = async (key: string, cookie: string | undefined) => {
      const [method, url] = key.split(' ') as [string, string];
      if (STREAMS.has(key)) {
        const ctrl = new AbortController();
        const res = await fetch(`${origin}${concrete(url)}`, { signal: ctrl.signal, headers: cookie ? { cookie } : {} });
        ctrl.abort();
        return res.status;
      }
      const payload = method === 'GET' ? undefined : (PAYLOADS[key] ?? {});
      return (await t.request({ method, url: concrete(url), cookie, payload })).statusCode;
    };
    // Signing out ends the principal's session: it is asked last.
    const keys = Object.keys(MATRIX).sort((a, b) => Number(a === 'POST /api/auth/logout') - Number(b === 'POST /api/auth/logout'));
    const wrong: string[] = [];
    for (const principal of PRINCIPALS) {
      for (const key of keys) {
        const status = await statusOf(key, cookies[principal]);
        const allowed = MATRIX[key]!.includes(principal);
        const ok = allowed ? status !== 401 && status !== 403 : status === (principal === 'anonymous' ? 401 : 403);
        if (!ok) wrong.push(`${principal} → ${key}: ${status} (${allowed ? 'allowed' : 'refused'})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
