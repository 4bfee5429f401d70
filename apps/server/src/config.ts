import { existsSync } from 'node:fs';
import { z } from 'zod';
import path from 'node:path';
import { DEFAULT_MAP_ATTRIBUTION, type MapTiles } from '@localperks/shared';

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined || v === '' ? def : ['true', '1', 'yes'].includes(v)));

/** A true/false setting whose default depends on NODE_ENV: undefined when not set. */
const optionalBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: 'must be true or false' })
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v)));

const optionalString = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

/** SIGTERM's drain in production: a load balancer checking /api/ready every few seconds sees it turn 503 (docs/decisions/0040-safe-at-scale.md). */
export const DEFAULT_PRODUCTION_DRAIN_MS = 5000;

/** Why a MAP_TILES_URL cannot be used, or null when it can (docs/decisions/0060-map.md). */
export function mapTilesUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.replace('{s}', 'a'));
  } catch {
    return 'must be an absolute http(s) URL template such as https://tile.example.org/{z}/{x}/{y}.png';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'must start with https:// or http://';
  const missing = ['{z}', '{x}', '{y}'].filter((p) => !url.includes(p));
  return missing.length ? `must contain ${missing.join(', ')} (the tile's zoom, column and row)` : null;
}

/** The Content-Security-Policy source a tile service's images load from: its origin, any subdomain where the template picks one ({s}). */
export function mapTilesImageSource(url: string): string {
  const origin = new URL(url.replace('{s}', 'subdomain')).origin;
  return url.includes('{s}') ? origin.replace('//subdomain.', '//*.') : origin;
}

/** The demo accounts' password printed in the README: never good enough for a public server. */
export const PUBLISHED_DEMO_PASSWORD = 'LocalPerks2025!';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(3000),
  /** Default: 127.0.0.1 in development and test (dev helpers stay on this machine), 0.0.0.0 in production. */
  HOST: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  APP_URL: z
    .url({ error: 'must be an absolute URL such as http://localhost:3000' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Default: on in development and test, off in production (docs/decisions/0007-production-start.md). */
  SEED_DEMO: optionalBool,
  DEMO_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Serve the OpenAPI document and its UI at /api/docs. Default: on, except in production. */
  API_DOCS: optionalBool,
  /** How long an instance waits at start for another instance's migrations (docs/decisions/0044-rolling-migrations.md). */
  MIGRATION_LOCK_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 86400')
    .max(86_400, 'must be between 1 and 86400')
    .default(300),
  DB_POOL_SIZE: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 1000')
    .max(1000, 'must be between 1 and 1000')
    .default(10),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('LocalPerks <no-reply@localperks.example>'),
  /**
   * An offline city database (MaxMind format: GeoLite2-City.mmdb, DB-IP City Lite…): the sessions list then
   * shows a city for each sign-in instead of its address. Nothing is looked up online.
   */
  GEOIP_CITY_DB: optionalString.refine((v) => v === undefined || existsSync(v), 'must be the path of a readable .mmdb file'),
  TRUST_PROXY: bool(false),
  BROWSE_CACHE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(0, 'must be 0 or more')
    .max(60_000, 'must be at most 60000')
    .default(2000),
  PAYMENT_PROVIDER: z
    .enum(['sandbox', 'stripe'], { error: 'must be sandbox or stripe' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The signing secret of the Stripe endpoint that listens to events on connected accounts (Connect:
   * `account.updated` of merchants' payout accounts); it may be the same URL as the platform's endpoint.
   */
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Where the Stripe SDK sends requests (tests point it at a local fake); default api.stripe.com. */
  STRIPE_API_URL: z
    .url({ error: 'must be an absolute URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * How long one Stripe API call may take before it is given up (the SDK then retries once): a buyer waits on
   * the checkout call, so fail fast rather than the SDK's 80 s default.
   */
  STRIPE_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(100, 'must be between 100 and 80000')
    .max(80_000, 'must be between 100 and 80000')
    .default(10_000),
  /** Signs the sandbox provider's webhooks; random per process when unset (fine for one instance). */
  SANDBOX_WEBHOOK_SECRET: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1, 'must be at least 1')
    .max(10_000, 'must be at most 10000')
    .default(10),
  /** Passkey sign-in requests (each stores a WebAuthn challenge) from one client address per 10 minutes. */
  PASSKEY_REQUESTS_PER_ADDRESS_PER_10_MIN: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(60),
  /**
   * Bearer token for GET /metrics. Required to scrape in production (without it the route answers 404);
   * in development clients on this machine may scrape without it.
   */
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Uploaded images in S3-compatible object storage (docs/decisions/0012-object-storage.md): all of
  // bucket, region and keys, or none (local disk under DATA_DIR/uploads).
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  /** For R2, MinIO and other S3-compatible services; unset: AWS S3 of S3_REGION. */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL such as https://<account>.r2.cloudflarestorage.com' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Bucket in the path (`endpoint/bucket/key`) instead of the host name: MinIO and most local servers need it. */
  S3_FORCE_PATH_STYLE: optionalBool,
  /** Where browsers load the bucket's objects from (a CDN or the bucket's public address); unset: through this server. */
  S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL such as https://images.example.com' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * A raster tile service for the map of business and deal pages and the merchant's pin (docs/decisions/0060-map.md),
   * e.g. https://tile.example.org/{z}/{x}/{y}.png; unset: no map anywhere (addresses and directions links only).
   */
  MAP_TILES_URL: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .superRefine((v, ctx) => {
      const problem = v === undefined ? null : mapTilesUrlProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /** The credit the tile service's terms ask for, shown on the map (plain text). Default: © OpenStreetMap contributors. */
  MAP_TILES_ATTRIBUTION: optionalString,
  /**
   * Cost of new password hashes: `standard` (argon2id, 19 MiB, 2 passes) or `low`, for test suites only
   * (docs/decisions/0027-fast-suite.md); refused in production.
   */
  PASSWORD_HASH_COST: z.enum(['standard', 'low'], { error: 'must be standard or low' }).default('standard'),
  /**
   * Browser journeys move the app's clock and run a job at once (POST /api/dev/clock, /api/dev/jobs/:name/run,
   * from this machine only), e.g. to see a scheduled deal go live (issue 29). Refused in production.
   */
  TEST_CLOCK_CONTROL: bool(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * After SIGTERM, how long the instance keeps serving with /api/ready answering 503, so the load
   * balancer sees it and stops sending, before it closes its listener. Default: 5000 in production, 0 otherwise.
   */
  SHUTDOWN_DRAIN_MS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be 0 or more')
      .max(120_000, 'must be at most 120000')
      .optional(),
  ),
});

/** Object storage for uploaded images; null: the local disk. */
export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Without a trailing slash; undefined: images are served through this server. */
  publicUrl: string | undefined;
}

const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_OPTIONAL = ['S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_PUBLIC_URL'] as const;

export type Config = Omit<z.infer<typeof envSchema>, 'HOST' | 'SEED_DEMO' | 'DEMO_PASSWORD' | 'API_DOCS' | 'SHUTDOWN_DRAIN_MS'> & {
  s3: S3Config | null;
  /** The map's tile service (MAP_TILES_URL); null: no map. */
  mapTiles: MapTiles | null;
  HOST: string;
  SEED_DEMO: boolean;
  DEMO_PASSWORD: string;
  API_DOCS: boolean;
  SHUTDOWN_DRAIN_MS: number;
  appUrl: string;
  dataDir: string;
  isProduction: boolean;
  paymentProvider: 'sandbox' | 'stripe';
};

export class ConfigError extends Error {}

/** Parse and validate the environment; every bad value gets its own line in the error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every setting.`);
  }
  const c = parsed.data;
  const hasStripeKeys = Boolean(c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET);
  if (Boolean(c.STRIPE_SECRET_KEY) !== Boolean(c.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together\nSee .env.example for every setting.',
    );
  }
  // Production never falls back to test payments silently: the sandbox there must be chosen by name.
  if (c.NODE_ENV === 'production' && !hasStripeKeys && c.PAYMENT_PROVIDER !== 'sandbox') {
    throw new ConfigError(
      'Invalid configuration:\n  production needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or PAYMENT_PROVIDER=sandbox to take test payments on purpose)\nSee .env.example for every setting.',
    );
  }
  if (c.PAYMENT_PROVIDER === 'stripe' && !hasStripeKeys) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET\nSee .env.example for every setting.',
    );
  }
  // Half an S3 configuration would silently keep images on one instance's disk: all or nothing.
  const s3Set = [...S3_REQUIRED, ...S3_OPTIONAL].filter((k) => c[k] !== undefined);
  const s3Missing = S3_REQUIRED.filter((k) => c[k] === undefined);
  if (s3Set.length && s3Missing.length) {
    throw new ConfigError(
      `Invalid configuration:\n  object storage needs ${S3_REQUIRED.join(', ')} together (${s3Set.join(', ')} set; missing ${s3Missing.join(', ')}); leave every S3_ setting empty to keep images on the local disk\nSee .env.example for every setting.`,
    );
  }
  const s3: S3Config | null = s3Missing.length
    ? null
    : {
        bucket: c.S3_BUCKET!,
        region: c.S3_REGION!,
        endpoint: c.S3_ENDPOINT,
        accessKeyId: c.S3_ACCESS_KEY_ID!,
        secretAccessKey: c.S3_SECRET_ACCESS_KEY!,
        forcePathStyle: c.S3_FORCE_PATH_STYLE ?? false,
        publicUrl: c.S3_PUBLIC_URL?.replace(/\/+$/, ''),
      };
  const isProduction = c.NODE_ENV === 'production';
  // Production never gets the published demo accounts: seeding there must be asked for by name, with
  // a password of its own (docs/decisions/0007-production-start.md).
  if (isProduction && c.SEED_DEMO && (!c.DEMO_PASSWORD || c.DEMO_PASSWORD === PUBLISHED_DEMO_PASSWORD)) {
    throw new ConfigError(
      'Invalid configuration:\n  SEED_DEMO=true in production needs DEMO_PASSWORD set to a password of your own (not the published default)\nSee .env.example for every setting.',
    );
  }
  if (isProduction && c.TEST_CLOCK_CONTROL) {
    throw new ConfigError(
      'Invalid configuration:\n  TEST_CLOCK_CONTROL is for browser journeys only: production never lets a request move its clock\nSee .env.example for every setting.',
    );
  }
  if (isProduction && c.PASSWORD_HASH_COST !== 'standard') {
    throw new ConfigError(
      'Invalid configuration:\n  PASSWORD_HASH_COST=low is for test suites only: production hashes passwords at the standard cost\nSee .env.example for every setting.',
    );
  }
  return {
    ...c,
    s3,
    mapTiles: c.MAP_TILES_URL ? { url: c.MAP_TILES_URL, attribution: c.MAP_TILES_ATTRIBUTION ?? DEFAULT_MAP_ATTRIBUTION } : null,
    HOST: c.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    SEED_DEMO: c.SEED_DEMO ?? !isProduction,
    DEMO_PASSWORD: c.DEMO_PASSWORD ?? PUBLISHED_DEMO_PASSWORD,
    API_DOCS: c.API_DOCS ?? !isProduction,
    SHUTDOWN_DRAIN_MS: c.SHUTDOWN_DRAIN_MS ?? (isProduction ? DEFAULT_PRODUCTION_DRAIN_MS : 0),
    appUrl: (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(c.DATA_DIR),
    isProduction,
    paymentProvider: c.PAYMENT_PROVIDER ?? (hasStripeKeys ? 'stripe' : 'sandbox'),
  };
}
