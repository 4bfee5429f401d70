import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { feedback } from '../src/db/schema';
import { build } from './build';

/** The Origin check once looked at the raw URL: `/%61pi/…` is routed to `/api/…` but skipped it. */
const t = await build();
const FOREIGN = { origin: 'https://evil.example' };

describe('the Origin check on unsafe methods', () => {
  it('refuses a foreign Origin on a percent-encoded API path and writes nothing', async () => {
    const message = `encoded path ${Date.now()}`;
    for (const url of ['/%61pi/feedback', '/%61%70%69/feedback', '/api/%66eedback']) {
      const res = await t.request({ method: 'POST', url, headers: FOREIGN, payload: { message } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe('CSRF');
    }
    expect(await t.database.db.select().from(feedback).where(eq(feedback.message, message))).toEqual([]);
    // The same request from our own origin is routed and stored: the check, not the router, refused it.
    const own = await t.request({ method: 'POST', url: '/%61pi/feedback', payload: { message } });
    expect(own.statusCode).toBe(201);
  });

  it('checks every unsafe method whatever the path, with or without a route', async () => {
    for (const [method, url] of [
      ['POST', '/not-an-api/anything'],
      ['PUT', '/%61pi/favorites/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/%61pi/favorites/00000000-0000-4000-8000-000000000000'],
      ['PATCH', '/%61pi/account/profile'],
    ] as const) {
      const res = await t.request({ method, url, headers: FOREIGN, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code).toBe('CSRF');
    }
  });

  it('exempts the webhook routes by their routed path, whatever the raw URL', async () => {
    for (const url of ['/api/webhooks/sandbox', '/%61pi/webhooks/sandbox']) {
      const res = await t.request({ method: 'POST', url, headers: { ...FOREIGN, 'content-type': 'application/json' }, payload: '{}' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe('INVALID_SIGNATURE');
    }
  });
});
