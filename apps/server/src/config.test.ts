import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { ConfigError, loadConfig, mapTilesImageSource, PUBLISHED_DEMO_PASSWORD } from './config';

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

describe('production start rules (docs/decisions/0007-production-start.md)', () => {
  const prod = { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' };

  it('listens on 127.0.0.1 outside production and on every interface in production, unless HOST says otherwise', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).HOST).toBe('127.0.0.1');
    expect(loadConfig(prod).HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ ...prod, HOST: '10.1.2.3' }).HOST).toBe('10.1.2.3');
  });

  it('seeds demo data in production only by name and with a password other than the published one', () => {
    expect(loadConfig(prod).SEED_DEMO).toBe(false);
    expect(() => loadConfig({ ...prod, SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO=true in production needs DEMO_PASSWORD set to a password of your own \(not the published default\)/,
    );
    expect(() => loadConfig({ ...prod, SEED_DEMO: 'true', DEMO_PASSWORD: PUBLISHED_DEMO_PASSWORD })).toThrow(
      /SEED_DEMO=true in production/,
    );
    expect(loadConfig({ ...prod, SEED_DEMO: 'true', DEMO_PASSWORD: 'An0ther-Secret!' })).toMatchObject({
      SEED_DEMO: true,
      DEMO_PASSWORD: 'An0ther-Secret!',
    });
    // Development keeps the one-command demo.
    expect(loadConfig({})).toMatchObject({ SEED_DEMO: true, DEMO_PASSWORD: PUBLISHED_DEMO_PASSWORD });
  });

  it('serves the API documentation in production only with API_DOCS=true', () => {
    expect(loadConfig({}).API_DOCS).toBe(true);
    expect(loadConfig(prod).API_DOCS).toBe(false);
    expect(loadConfig({ ...prod, API_DOCS: 'true' }).API_DOCS).toBe(true);
    expect(() => loadConfig({ API_DOCS: 'sometimes' })).toThrow(/API_DOCS: must be true or false/);
  });

  it('starts with .env.example copied to .env as it is', () => {
    const example = parseEnv(fs.readFileSync(path.resolve(import.meta.dirname, '../../../.env.example'), 'utf8'));
    expect(loadConfig(example)).toMatchObject({ HOST: '127.0.0.1', SEED_DEMO: true, API_DOCS: true, appUrl: 'http://localhost:3000' });
  });

  it('lets browser journeys move the clock only when asked, and never in production', () => {
    expect(loadConfig({}).TEST_CLOCK_CONTROL).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', TEST_CLOCK_CONTROL: 'true' }).TEST_CLOCK_CONTROL).toBe(true);
    expect(() => loadConfig({ ...prod, TEST_CLOCK_CONTROL: 'true' })).toThrow(/TEST_CLOCK_CONTROL is for browser journeys only/);
  });

  it('hashes passwords at the standard cost unless told otherwise, and never at the low test cost in production', () => {
    expect(loadConfig({}).PASSWORD_HASH_COST).toBe('standard');
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'low' }).PASSWORD_HASH_COST).toBe('low');
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'tiny' })).toThrow(/PASSWORD_HASH_COST: must be standard or low/);
    expect(() => loadConfig({ ...prod, PASSWORD_HASH_COST: 'low' })).toThrow(/PASSWORD_HASH_COST=low is for test suites only/);
    expect(loadConfig({ ...prod, PASSWORD_HASH_COST: 'standard' }).PASSWORD_HASH_COST).toBe('standard');
  });

  it('drains 5 s after SIGTERM in production and not at all otherwise, unless SHUTDOWN_DRAIN_MS says', () => {
    const prod = { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' };
    expect(loadConfig(prod).SHUTDOWN_DRAIN_MS).toBe(5000);
    expect(loadConfig({}).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(loadConfig({ ...prod, SHUTDOWN_DRAIN_MS: '15000' }).SHUTDOWN_DRAIN_MS).toBe(15_000);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '' }).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow('SHUTDOWN_DRAIN_MS: must be 0 or more');
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '5s' })).toThrow('SHUTDOWN_DRAIN_MS: must be a number of milliseconds');
  });

  it('validates DB_POOL_SIZE like every other setting', () => {
    expect(loadConfig({}).DB_POOL_SIZE).toBe(10);
    expect(loadConfig({ DB_POOL_SIZE: '25' }).DB_POOL_SIZE).toBe(25);
    expect(() => loadConfig({ DB_POOL_SIZE: 'lots' })).toThrow(/DB_POOL_SIZE: must be a number/);
    expect(() => loadConfig({ DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE: must be between 1 and 1000/);
  });

  it('takes object storage for images all or nothing: a partial S3 configuration names what is missing', () => {
    const s3 = { S3_BUCKET: 'lp-images', S3_REGION: 'auto', S3_ACCESS_KEY_ID: 'AKIA123', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: '', S3_PUBLIC_URL: '' }).s3).toBeNull();
    expect(loadConfig(s3).s3).toEqual({
      bucket: 'lp-images',
      region: 'auto',
      endpoint: undefined,
      accessKeyId: 'AKIA123',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      publicUrl: undefined,
    });
    expect(
      loadConfig({
        ...s3,
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://images.example.com/lp/',
      }).s3,
    ).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, publicUrl: 'https://images.example.com/lp' });

    let err: unknown;
    try {
      loadConfig({ S3_BUCKET: 'lp-images', S3_PUBLIC_URL: 'https://images.example.com' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain(
      'object storage needs S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY together (S3_BUCKET, S3_PUBLIC_URL set; missing S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)',
    );
    const { S3_SECRET_ACCESS_KEY: _secret, ...noSecret } = s3;
    expect(() => loadConfig(noSecret)).toThrow(/missing S3_SECRET_ACCESS_KEY\)/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/object storage needs/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT: must be an absolute http\(s\) URL/);
    expect(() => loadConfig({ ...s3, S3_PUBLIC_URL: 'ftp://cdn.example.com' })).toThrow(/S3_PUBLIC_URL: must be an absolute http\(s\) URL/);
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE: must be true or false/);
  });
});

describe('the map (docs/decisions/0060-map.md)', () => {
  it('has no map unless MAP_TILES_URL names a tile service; the credit defaults to OpenStreetMap’s', () => {
    expect(loadConfig({}).mapTiles).toBeNull();
    expect(loadConfig({ MAP_TILES_URL: '' }).mapTiles).toBeNull();
    expect(loadConfig({ MAP_TILES_URL: ' https://tiles.example.org/{z}/{x}/{y}.png ' }).mapTiles).toEqual({
      url: 'https://tiles.example.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    expect(
      loadConfig({ MAP_TILES_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}@2x.png', MAP_TILES_ATTRIBUTION: '© Example Maps' }).mapTiles,
    ).toEqual({ url: 'https://{s}.tiles.example.org/{z}/{x}/{y}@2x.png', attribution: '© Example Maps' });
  });

  it('refuses a MAP_TILES_URL that is not an http(s) template with {z}, {x} and {y}', () => {
    expect(() => loadConfig({ MAP_TILES_URL: 'tiles.example.org/{z}/{x}/{y}.png' })).toThrow(
      /MAP_TILES_URL: must be an absolute http\(s\) URL template/,
    );
    expect(() => loadConfig({ MAP_TILES_URL: 'ftp://tiles.example.org/{z}/{x}/{y}.png' })).toThrow(
      /MAP_TILES_URL: must start with https:\/\/ or http:\/\//,
    );
    expect(() => loadConfig({ MAP_TILES_URL: 'https://tiles.example.org/{z}/tile.png' })).toThrow(
      /MAP_TILES_URL: must contain \{x\}, \{y\} \(the tile's zoom, column and row\)/,
    );
  });

  it('lets pages load tiles from the tile service’s origin only (any subdomain where the template picks one)', () => {
    expect(mapTilesImageSource('https://tiles.example.org:8443/{z}/{x}/{y}.png')).toBe('https://tiles.example.org:8443');
    expect(mapTilesImageSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
  });
});
