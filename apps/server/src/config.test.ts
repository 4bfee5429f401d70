import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has safe defaults: port 3000, PGlite in ./data, demo data on', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, SEED_DEMO: true, appUrl: 'http://localhost:3000', isProduction: false });
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('reads PORT, DATA_DIR, DATABASE_URL and SEED_DEMO', () => {
    const c = loadConfig({ PORT: '4100', DATA_DIR: '/tmp/lp', DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'false' });
    expect(c).toMatchObject({
      PORT: 4100,
      dataDir: '/tmp/lp',
      DATABASE_URL: 'postgres://u@h/db',
      SEED_DEMO: false,
      appUrl: 'http://localhost:4100',
    });
  });

  it('names every bad value in one clear message', () => {
    let err: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe', SMTP_URL: 'http://mail' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const msg = (err as Error).message;
    expect(msg).toContain('PORT: must be a number');
    expect(msg).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
    expect(msg).toContain('SEED_DEMO: must be true or false');
    expect(msg).toContain('SMTP_URL: must start with smtp:// or smtps://');
  });

  it('chooses the payment provider: sandbox by default, Stripe with both keys, never the sandbox by accident in production', () => {
    expect(loadConfig({}).paymentProvider).toBe('sandbox');
    const keys = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123' };
    expect(loadConfig(keys).paymentProvider).toBe('stripe');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(/must be set together/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/needs STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/production needs STRIPE_SECRET_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).paymentProvider).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'production', ...keys }).paymentProvider).toBe('stripe');
  });
});
