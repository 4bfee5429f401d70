import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAST_SEEN_PRECISION_MS, type AccountSession } from '@localperks/shared';
import { build, sessionCookie, TEST_PASSWORD, type TestApp } from '../../../../test/build';
import { writeCityDatabase } from '../../../../test/city-database';
import { mutableClock } from '../../../../test/clock';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const clock = mutableClock();
// The offline city database knows one of the two addresses below.
const cityDb = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lp-geo-')), 'city.mmdb');
writeCityDatabase(cityDb, [{ cidr: '203.0.113.0/24', city: 'Chicago', country: 'United States' }]);
const t = await build({ clock });
const withCities = await build({ env: { GEOIP_CITY_DB: cityDb } });

/** Signs `email` in from a browser (`userAgent`) at `ip`; returns its cookie. */
async function signIn(app: TestApp, email: string, userAgent: string, ip: string) {
  const res = await app.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}
const list = async (app: TestApp, cookie: string) => {
  const res = await app.request({ method: 'GET', url: '/api/account/sessions', cookie });
  expect(res.statusCode).toBe(200);
  return res.json<{ sessions: AccountSession[] }>().sessions;
};
const profileStatus = async (app: TestApp, cookie: string) =>
  (await app.request({ method: 'GET', url: '/api/account/profile', cookie })).statusCode;

describe('sessions list', () => {
  it('shows each sign-in with its device and browser, address, first and last seen, and marks this device', async () => {
    const user = await t.createUser('customer');
    const phone = await signIn(t, user.email, IPHONE, '203.0.113.7');
    const laptop = await signIn(t, user.email, WINDOWS_CHROME, '198.51.100.20');
    const sessions = await list(t, laptop);
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.isCurrent)).toMatchObject({
      browser: 'Chrome 126',
      os: 'Windows 10',
      device: 'desktop',
      ip: '198.51.100.20',
      city: null,
    });
    expect(sessions.find((s) => !s.isCurrent)).toMatchObject({
      browser: 'Safari 17',
      os: 'iOS',
      device: 'mobile',
      ip: '203.0.113.7',
      city: null,
    });
    for (const s of sessions) expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.firstSeenAt) - 1000);
    // The other device sees itself as current.
    expect((await list(t, phone)).find((s) => s.isCurrent)?.browser).toBe('Safari 17');
  });

  it('moves "last seen" and the address on use, at most once per precision window', async () => {
    const user = await t.createUser('customer');
    const cookie = await signIn(t, user.email, WINDOWS_CHROME, '198.51.100.30');
    const [first] = await list(t, cookie);
    const start = Date.now();
    try {
      clock.set(start + LAST_SEEN_PRECISION_MS - 60_000);
      await t.request({ method: 'GET', url: '/api/account/profile', cookie, remoteAddress: '198.51.100.31' });
      expect((await list(t, cookie))[0]).toMatchObject({ lastSeenAt: first!.lastSeenAt, ip: '198.51.100.30' });
      clock.set(start + LAST_SEEN_PRECISION_MS + 60_000);
      await t.request({ method: 'GET', url: '/api/account/profile', cookie, remoteAddress: '198.51.100.32' });
      const [moved] = await list(t, cookie);
      expect(moved).toMatchObject({ ip: '198.51.100.32', firstSeenAt: first!.firstSeenAt });
      expect(Date.parse(moved!.lastSeenAt)).toBe(start + LAST_SEEN_PRECISION_MS + 60_000);
    } finally {
      clock.useRealTime();
    }
  });

  it('signs out one other session: its cookie stops working, this one keeps working', async () => {
    const user = await t.createUser('merchant');
    const phone = await signIn(t, user.email, IPHONE, '203.0.113.8');
    const laptop = await signIn(t, user.email, WINDOWS_CHROME, '198.51.100.21');
    const other = (await list(t, laptop)).find((s) => !s.isCurrent)!;
    const res = await t.request({ method: 'DELETE', url: `/api/account/sessions/${other.id}`, cookie: laptop });
    expect(res.json()).toEqual({ ended: 1 });
    expect(await profileStatus(t, phone)).toBe(401);
    expect(await profileStatus(t, laptop)).toBe(200);
    expect((await list(t, laptop)).map((s) => s.isCurrent)).toEqual([true]);
  });

  it('cannot end another account’s session', async () => {
    const mine = await t.createUser('customer');
    const theirs = await t.createUser('customer');
    const myCookie = await signIn(t, mine.email, IPHONE, '203.0.113.9');
    const theirCookie = await signIn(t, theirs.email, WINDOWS_CHROME, '198.51.100.22');
    const [their] = await list(t, theirCookie);
    const res = await t.request({ method: 'DELETE', url: `/api/account/sessions/${their!.id}`, cookie: myCookie });
    expect(res.statusCode).toBe(404);
    expect(await profileStatus(t, theirCookie)).toBe(200);
    expect((await t.request({ method: 'DELETE', url: '/api/account/sessions/not-a-session', cookie: myCookie })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(401);
  });

  it('signs out every other session at once', async () => {
    const user = await t.createUser('customer');
    const a = await signIn(t, user.email, IPHONE, '203.0.113.10');
    const b = await signIn(t, user.email, IPHONE, '203.0.113.11');
    const here = await signIn(t, user.email, WINDOWS_CHROME, '198.51.100.23');
    const res = await t.request({ method: 'POST', url: '/api/account/sessions/sign-out-others', cookie: here });
    expect(res.json()).toEqual({ ended: 2 });
    expect([await profileStatus(t, a), await profileStatus(t, b), await profileStatus(t, here)]).toEqual([401, 401, 200]);
  });

  it('names the city from a configured offline database, and the address where it knows none', async () => {
    const user = await withCities.createUser('customer');
    const cookie = await signIn(withCities, user.email, IPHONE, '203.0.113.44');
    await signIn(withCities, user.email, WINDOWS_CHROME, '198.51.100.44');
    const sessions = await list(withCities, cookie);
    expect(sessions.find((s) => s.ip === '203.0.113.44')?.city).toBe('Chicago, United States');
    expect(sessions.find((s) => s.ip === '198.51.100.44')?.city).toBeNull();
  });
});
