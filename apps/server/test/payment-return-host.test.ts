import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sandboxSessions } from '../src/db/schema';
import { build, ORIGIN } from './build';
import { createDeal, createMerchant, TEST_BILLING } from './factories';

/*
 * Paying from another host than APP_URL's returned the customer signed out (issue 38 item 6): the
 * session cookie belongs to the host it was made on. In development every other loopback name is
 * sent to APP_URL's before sign-in, and the payment page returns to the address the checkout started from.
 */

const APP = 'http://127.0.0.1:3000';
const dev = await build({ env: { NODE_ENV: 'development', APP_URL: APP } });
/** APP_URL is http://localhost:3000 here (build's default). */
const test = await build();

describe('development: one loopback name', () => {
  it('sends a page opened under another loopback name to APP_URL’s, path and query kept', async () => {
    for (const host of ['localhost:3000', '127.0.0.2:3000', '[::1]:3000', 'LOCALHOST:3000', '127.0.0.1:4000']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await dev.app.inject({ method, url: '/purchases?success=true&order=x', headers: { host } });
        expect(res.statusCode, `${method} ${host}`).toBe(302);
        expect(res.headers.location, host).toBe(`${APP}/purchases?success=true&order=x`);
      }
    }
  });

  it('leaves APP_URL’s own host, other names, and the API alone', async () => {
    expect((await dev.app.inject({ method: 'GET', url: '/about', headers: { host: '127.0.0.1:3000' } })).statusCode).not.toBe(302);
    expect((await dev.app.inject({ method: 'GET', url: '/about', headers: { host: 'shop.example' } })).statusCode).not.toBe(302);
    const api = await dev.app.inject({ method: 'GET', url: '/api/deals', headers: { host: 'localhost:3000' } });
    expect(api.statusCode).toBe(200);
    const post = await dev.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000' },
    });
    expect(post.statusCode).toBe(200);
  });

  it('is development only', async () => {
    const res = await test.app.inject({ method: 'GET', url: '/about', headers: { host: 'localhost:3000' } });
    expect(res.statusCode).not.toBe(302);
  });
});

describe('the payment return', () => {
  it('comes back to the origin the checkout was started from, where the customer is signed in', async () => {
    const { merchant } = await createMerchant(test.database.db);
    const deal = await createDeal(test.database.db, merchant.id);
    const { cookie } = await test.loginAs('customer');
    const start = (headers: Record<string, string>) =>
      test.request({
        method: 'POST',
        url: '/api/checkout',
        cookie,
        headers,
        payload: { items: [{ dealId: deal.id, quantity: 1 }], billing: TEST_BILLING },
      });
    const urlsOf = async (res: Awaited<ReturnType<typeof start>>) => {
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json<{ url: string }>().url.split('/sandbox/checkout/')[1]!;
      const [s] = await test.database.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, id));
      return { success: s!.successUrl, cancel: s!.cancelUrl };
    };

    // Signed in at 127.0.0.1 while APP_URL says localhost: back to 127.0.0.1, where the cookie is.
    const fromLoopback = await urlsOf(await start({ origin: APP, host: '127.0.0.1:3000' }));
    expect(fromLoopback.success).toMatch(/^http:\/\/127\.0\.0\.1:3000\/purchases\?success=true&order=[0-9a-f-]{36}$/);
    expect(fromLoopback.cancel).toBe(`${APP}/cart?canceled=true`);
    // Without an Origin naming the request's own host, APP_URL. (Outside production the server answers
    // only to this machine's names and APP_URL's: docs/decisions/0040-safe-at-scale.md.)
    const fromApp = await urlsOf(await start({ origin: ORIGIN, host: '127.0.0.2:3000' }));
    expect(fromApp.success.startsWith(`${ORIGIN}/purchases?success=true`)).toBe(true);
  });
});
