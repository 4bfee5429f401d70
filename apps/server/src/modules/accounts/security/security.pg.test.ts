import { describe, expect, it } from 'vitest';
import { generateSync } from 'otplib';
import { SECURITY_MESSAGES } from '@localperks/shared';
import { build, TEST_PASSWORD } from '../../../../test/build';
import { WRONG_CODES_PER_ADDRESS } from './totp.service';

/** Authenticator-app codes under parallel guesses (docs/decisions/0055-passkeys-and-authenticator-codes.md). */
const t = await build();
const post = (url: string, cookie?: string, payload?: object) => t.request({ method: 'POST', url, cookie, payload });

describe('authenticator codes in parallel', () => {
  it('parallel wrong codes get no more tries than the limit', async () => {
    const { cookie, user } = await t.loginAs('merchant');
    await post('/api/account/reauthenticate', cookie, { password: TEST_PASSWORD });
    const { secret } = (await post('/api/account/totp/setup', cookie)).json();
    expect((await post('/api/account/totp/enable', cookie, { code: generateSync({ secret }) })).statusCode).toBe(200);
    const login = async () =>
      (await post('/api/auth/login', undefined, { email: user.email, password: TEST_PASSWORD })).json().secondStep.token;
    const tokens = await Promise.all(Array.from({ length: 8 }, login));
    const epoch = Math.floor(Date.now() / 1000);
    const guesses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        post('/api/auth/login/second-step', undefined, {
          token: tokens[i % tokens.length],
          code: generateSync({ secret, epoch: epoch + (100 + i) * 30 }),
        }),
      ),
    );
    const wrong = guesses.filter((r) => r.json().error?.message === SECURITY_MESSAGES.codeWrong).length;
    const limited = guesses.filter((r) => r.statusCode === 429).length;
    expect(wrong).toBe(WRONG_CODES_PER_ADDRESS.max);
    expect(wrong + limited + guesses.filter((r) => r.json().error?.code === 'TOKEN_EXPIRED').length).toBe(24);
  });

  it('the same right code sent twice at once signs in only once', async () => {
    const { cookie, user } = await t.loginAs('customer');
    await post('/api/account/reauthenticate', cookie, { password: TEST_PASSWORD });
    const { secret } = (await post('/api/account/totp/setup', cookie)).json();
    const epoch = Math.floor(Date.now() / 1000);
    expect((await post('/api/account/totp/enable', cookie, { code: generateSync({ secret, epoch: epoch - 30 }) })).statusCode).toBe(200);
    const login = async () =>
      (await post('/api/auth/login', undefined, { email: user.email, password: TEST_PASSWORD })).json().secondStep.token;
    const [a, b] = await Promise.all([login(), login()]);
    const code = generateSync({ secret, epoch });
    const both = await Promise.all([a, b].map((token) => post('/api/auth/login/second-step', undefined, { token, code })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});
