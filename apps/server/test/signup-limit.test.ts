import { describe, expect, it } from 'vitest';
import { build } from './build';

// The hourly sign-up limit per client address comes from SIGNUPS_PER_ADDRESS_PER_HOUR.
const t = await build({ env: { SIGNUPS_PER_ADDRESS_PER_HOUR: '2' } });

describe('sign-up limit per address', () => {
  it('refuses the sign-up past the configured number with 429 and creates no account', async () => {
    const signUp = (n: number) =>
      t.request({ method: 'POST', url: '/api/auth/signup', payload: { email: `limit-${n}@example.com`, password: 'Str0ngPassword' } });
    expect((await signUp(1)).statusCode).toBe(201);
    expect((await signUp(2)).statusCode).toBe(201);
    const third = await signUp(3);
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('RATE_LIMITED');
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'limit-3@example.com', password: 'Str0ngPassword' },
    });
    expect(login.statusCode).toBe(401);
  });
});
