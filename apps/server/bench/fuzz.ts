/**
 * API fuzzer (`npm run fuzz`): the real app on a fresh in-memory PGlite with the demo data, every
 * operation of the OpenAPI document (plus the routes it hides: uploads, the web app, both webhook
 * providers) called at least FUZZ_PER_OP times with malformed input, as a role allowed to call it.
 * Bad input must get a 4xx; any 5xx is printed with the request, the response and the logged cause,
 * and makes the script exit non-zero.
 *
 *   FUZZ_SEED=1 FUZZ_PER_OP=100 FUZZ_ONLY=/api/deals npm run fuzz
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import * as schema from '../src/db/schema';
import { DEMO_ACCOUNTS, seedDemoData } from '../src/demo/seed';
import { sha256 } from '../src/lib/crypto';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../src/payments/sandbox';
import type { Access } from '../src/plugins/access';

const SEED = Number(process.env.FUZZ_SEED ?? 1);
const PER_OP = Number(process.env.FUZZ_PER_OP ?? 100);
const ONLY = process.env.FUZZ_ONLY;
const ORIGIN = 'http://localhost:3000';
const STRIPE_WEBHOOK_SECRET = 'whsec_localperks_fuzz';

// ---------------------------------------------------------------------------------------------
// Deterministic randomness, so a failure can be replayed with the same FUZZ_SEED.
let state = SEED >>> 0 || 1;
function rand(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

function deep(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/** Values that have broken servers before: each replaces one field at a time. */
const NASTY_VALUES: readonly unknown[] = [
  '\u0000',
  'abc\u0000def',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  "$& $` $' $1 $$",
  "' OR 1=1 --",
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '%00',
  '%s%n%x',
  '../../../../etc/passwd',
  '😀🚀 ñ é 中文 العربية',
  '\u202e\u200b\ufeff',
  '\r\n\t',
  '',
  ' ',
  'A'.repeat(10_000),
  'é'.repeat(70_000),
  'null',
  'NaN',
  '-1',
  '1e309',
  '0x7fffffff',
  '2024-02-30T25:61:00Z',
  '9999-12-31T23:59:59Z',
  '0000-01-01T00:00:00Z',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  0,
  -1,
  1.5,
  -0.0001,
  2147483647,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  true,
  false,
  null,
  [],
  ['a', 1, null],
  Array.from({ length: 1000 }, (_, i) => i),
  {},
  { $gt: '' },
  { __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } },
  deep(200),
];

/** Raw strings for URLs (path segments and query values), sent as they are. */
const NASTY_URL_PARTS: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%ff%fe',
  '%C0%AE%C0%AE',
  '%E0%A4%A',
  '%',
  '%25',
  "$%26%20$%60%20$'%20$1%20$$",
  "'%20OR%201=1--",
  '%3Cscript%3Ealert(1)%3C/script%3E',
  '..%2F..%2Fetc%2Fpasswd',
  '..',
  'A'.repeat(5000),
  'a'.repeat(300) + '.webp',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  '2147483648',
  'NaN',
  'true',
  '%F0%9F%98%80',
  'null',
  '00000000-0000-0000-0000-000000000000',
  '%20',
  '',
];

// ---------------------------------------------------------------------------------------------
// The app under test.

interface Target {
  app: FastifyInstance;
  database: Database;
  errors: string[];
}

/** Collects error-level log lines, so a 5xx can be printed with its logged cause. */
function errorLog(errors: string[]) {
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line.includes('"level":50') || line.includes('"level":60')) errors.push(line);
      done();
    },
  });
}

async function startTarget(env: Record<string, string>, webDir: string, seed: boolean): Promise<Target> {
  const database = await openDatabase({ dataDir: 'memory://' });
  if (seed) await seedDemoData(database.db, 'LocalPerks2025!');
  // Uploads go to a folder of their own that exists, as on a server that has taken uploads.
  const dataDir = path.join(webDir, 'data');
  fs.mkdirSync(path.join(dataDir, 'uploads', 'deals'), { recursive: true });
  const config = loadConfig({ NODE_ENV: 'test', APP_URL: ORIGIN, LOG_LEVEL: 'error', BROWSE_CACHE_MS: '0', DATA_DIR: dataDir, ...env });
  const errors: string[] = [];
  const huge = { max: 1_000_000_000, windowMs: 60_000 };
  const app = await buildApp({
    config,
    database,
    serveWeb: true,
    webDir,
    logStream: errorLog(errors),
    authLimits: {
      signupPerAddress: huge,
      emailPerAccount: huge,
      emailPerAddress: huge,
      loginFailuresPerAccount: 1_000_000_000,
      loginFailuresPerAddress: 1_000_000_000,
    },
  });
  await app.ready();
  return { app, database, errors };
}

function tempWebDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-fuzz-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="x" /><title>LocalPerks</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app-1.js'), 'console.log(1)');
  return dir;
}

// ---------------------------------------------------------------------------------------------
// Sessions: minted straight in the database, again whenever one is lost, so a fuzzed logout or
// password change cannot lock the fuzzer out of the rest of the run.

async function userId(database: Database, email: string): Promise<string> {
  const [u] = await database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
  if (!u) throw new Error(`no demo user ${email}`);
  return u.id;
}

async function cookieFor(database: Database, uid: string, isAdmin: boolean): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await database.db.insert(schema.sessions).values({
    id: sha256(token),
    userId: uid,
    expiresAt: new Date(Date.now() + 3_600_000),
    secondFactorAt: isAdmin ? new Date() : null,
  });
  return `lp_session=${token}`;
}

const ROLE_FOR: Record<Access, 'customer' | 'merchant' | 'admin' | null> = {
  public: null,
  'signed-in': 'customer',
  customer: 'customer',
  merchant: 'merchant',
  'approved-merchant': 'merchant',
  admin: 'admin',
  // /metrics: no session; the fuzzer calls from this machine, which development lets through.
  operator: null,
};

// ---------------------------------------------------------------------------------------------
// Valid-looking values from the OpenAPI schemas, so each mutation reaches past the other fields.

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  default?: unknown;
};

interface Operation {
  method: string;
  /** Fastify's form, e.g. /api/deals/:id */
  route: string;
  access: Access;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  body?: JsonSchema;
  provider?: 'sandbox' | 'stripe';
}

function resolve(s: JsonSchema | undefined, doc: any): JsonSchema {
  if (!s) return {};
  if (s.$ref)
    return resolve(
      s.$ref
        .split('/')
        .slice(1)
        .reduce((o: any, k) => o?.[k], doc) as JsonSchema,
      doc,
    );
  return s;
}

function example(raw: JsonSchema | undefined, doc: any, ids: IdPool, name = '', depth = 0): unknown {
  const s = resolve(raw, doc);
  if (depth > 6) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.anyOf?.length) return example(s.anyOf[0], doc, ids, name, depth + 1);
  if (s.oneOf?.length) return example(s.oneOf[0], doc, ids, name, depth + 1);
  if (s.allOf?.length) return Object.assign({}, ...s.allOf.map((x) => example(x, doc, ids, name, depth + 1)));
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = example(v, doc, ids, k, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => example(s.items, doc, ids, name, depth + 1));
    case 'integer':
    case 'number': {
      const lo = s.minimum ?? 1;
      const hi = s.maximum ?? lo + 10;
      return Math.min(Math.max(name.toLowerCase().includes('quantity') ? 1 : 2, lo), hi);
    }
    case 'boolean':
      return true;
    case 'string':
      return exampleString(s, name, ids);
    default:
      return 'x';
  }
}

function exampleString(s: JsonSchema, name: string, ids: IdPool): string {
  const n = name.toLowerCase();
  if (s.format === 'email' || n.includes('email')) return `fuzz-${randomBytes(3).toString('hex')}@example.com`;
  if (s.format === 'uuid') return pick(ids.any);
  if (s.format === 'date-time') return new Date(Date.now() + 30 * 86_400_000).toISOString();
  if (s.format === 'date') return new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  if (s.format === 'uri' || s.format === 'url') return 'https://example.com/page';
  if (s.pattern?.includes('uploads')) return `/uploads/deals/${randomUUID()}.webp`;
  if (n.includes('password')) return 'LocalPerks2025!';
  if (n === 'state') return 'IL';
  if (n === 'city') return 'Chicago';
  if (n.includes('phone')) return '(312) 555-0100';
  if (n.includes('zip')) return '60601';
  if (n.includes('card') && n.includes('number')) return '4242 4242 4242 4242';
  if (n.includes('expiry')) return '12/39';
  if (n === 'cvc') return '123';
  if (n === 'code') return '123456';
  const text = 'Fuzzed text that is long enough for most fields. ';
  const min = s.minLength ?? 1;
  const max = s.maxLength ?? 200;
  return text.repeat(Math.ceil(Math.max(min, 12) / text.length)).slice(0, Math.min(Math.max(min, 12), max));
}

// ---------------------------------------------------------------------------------------------
// Real ids, so a mutated field next to a valid id reaches the service and the database.

interface IdPool {
  any: string[];
  byTable: Record<string, string[]>;
}

async function idPool(database: Database): Promise<IdPool> {
  const db = database.db;
  const col = async (table: any, column: any) => (await db.select({ id: column }).from(table).limit(50)).map((r: any) => String(r.id));
  const byTable: Record<string, string[]> = {
    deals: await col(schema.deals, schema.deals.id),
    merchants: await col(schema.merchants, schema.merchants.id),
    tickets: await col(schema.supportTickets, schema.supportTickets.id),
    payouts: await col(schema.merchantPayouts, schema.merchantPayouts.id),
    purchases: await col(schema.purchases, schema.purchases.id),
    orders: await col(schema.orders, schema.orders.id),
    customerMessages: await col(schema.customerMessages, schema.customerMessages.id),
    paymentMethods: await col(schema.paymentMethods, schema.paymentMethods.id),
    sandboxSessions: await col(schema.sandboxSessions, schema.sandboxSessions.id),
    mails: await col(schema.emailOutbox, schema.emailOutbox.id),
  };
  const any = Object.values(byTable).flat();
  return { any: any.length ? any : [randomUUID()], byTable };
}

function idFor(route: string, pool: IdPool): string {
  const table = (
    [
      [/deals|favorites|vote/, 'deals'],
      [/merchant-requests|admin\/merchants/, 'merchants'],
      [/tickets/, 'tickets'],
      [/payouts/, 'payouts'],
      [/purchases/, 'purchases'],
      [/orders/, 'orders'],
      [/customer-messages/, 'customerMessages'],
      [/payment-methods/, 'paymentMethods'],
      [/sandbox/, 'sandboxSessions'],
      [/mailbox/, 'mails'],
    ] as const
  ).find(([re]) => re.test(route))?.[1];
  const ids = table ? pool.byTable[table] : undefined;
  return ids?.length ? pick(ids) : randomUUID();
}

// ---------------------------------------------------------------------------------------------
// Requests.

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

function buildUrl(op: Operation, params: Record<string, string>, query: [string, string][]): string {
  let url = op.route.replace(/:(\w+)/g, (_, k: string) => params[k] ?? 'x').replace('*', params['*'] ?? '');
  if (query.length) url += `?${query.map(([k, v]) => `${k}=${v}`).join('&')}`;
  return url;
}

const enc = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  try {
    return encodeURIComponent(s);
  } catch {
    // A lone surrogate cannot be encoded as UTF-8: send its raw (invalid) bytes' closest form.
    return encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd')) + '%ED%A0%80';
  }
};

/** Every field path of a body example, one level into nested objects and arrays. */
function fieldPaths(value: unknown, prefix: (string | number)[] = [], depth = 0, maxDepth = 2): (string | number)[][] {
  if (depth > maxDepth || value === null || typeof value !== 'object') return prefix.length ? [prefix] : [];
  const out: (string | number)[][] = prefix.length ? [prefix] : [];
  const entries = Array.isArray(value) ? value.slice(0, 1).map((v, i) => [i, v] as const) : Object.entries(value);
  for (const [k, v] of entries) out.push(...fieldPaths(v, [...prefix, k], depth + 1, maxDepth));
  return out;
}

function setPath(root: unknown, p: (string | number)[], v: unknown): unknown {
  const copy = structuredClone(root) as any;
  let node = copy;
  for (const k of p.slice(0, -1)) node = node?.[k];
  // An earlier mutation may have replaced a parent with a scalar: nothing to set then.
  if (node === null || typeof node !== 'object') return copy;
  node[p.at(-1)!] = v;
  return copy;
}

/** The mutations of one operation: targeted ones first, then random combinations up to PER_OP. */
function* mutations(op: Operation, doc: any, pool: IdPool): Generator<FuzzRequest> {
  const params = () => Object.fromEntries(op.pathParams.map((p) => [p, p === '*' ? 'deals/x.webp' : idFor(op.route, pool)]));
  const validQuery = (): [string, string][] =>
    op.query.filter(() => rand() < 0.5).map((q) => [q.name, enc(example(q.schema, doc, pool, q.name))] as [string, string]);
  const body = op.body ? example(op.body, doc, pool) : undefined;
  const json = (payload: unknown, p = params(), q = validQuery()): FuzzRequest => ({
    method: op.method,
    url: buildUrl(op, p, q),
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
  const noBody = (p = params(), q: [string, string][] = validQuery()): FuzzRequest => ({
    method: op.method,
    url: buildUrl(op, p, q),
    headers: {},
  });
  const base = (p?: Record<string, string>, q?: [string, string][]) => (body !== undefined ? json(body, p, q) : noBody(p, q));

  // Path parameters.
  for (const name of op.pathParams) for (const bad of NASTY_URL_PARTS) yield base({ ...params(), [name]: bad || 'x' });
  // Query parameters, as strings and as repeated keys (arrays).
  for (const q of op.query) {
    for (const bad of NASTY_URL_PARTS) yield base(undefined, [[q.name, bad]]);
    yield base(undefined, [
      [q.name, 'a'],
      [q.name, 'b'],
    ]);
    yield base(undefined, [[`${q.name}[x]`, '1']]);
  }
  yield base(undefined, [['unknown', '%00']]);
  // Body fields, each replaced by each nasty value, and removed.
  if (body !== undefined) {
    for (const p of fieldPaths(body)) {
      for (const bad of NASTY_VALUES) yield json(setPath(body, p, bad));
      const removed = structuredClone(body) as any;
      let node = removed;
      for (const k of p.slice(0, -1)) node = node[k];
      if (Array.isArray(node)) node.splice(Number(p.at(-1)), 1);
      else delete node[p.at(-1)!];
      yield json(removed);
    }
    for (const bad of NASTY_VALUES) yield json(bad);
  }
  // Whole-body shapes: none, empty, not JSON, wrong content type, huge, deep.
  const url = () => buildUrl(op, params(), validQuery());
  const m = op.method;
  yield { method: m, url: url(), headers: { 'content-type': 'application/json' }, payload: '' };
  yield { method: m, url: url(), headers: { 'content-type': 'application/json' }, payload: '{"a":' };
  yield { method: m, url: url(), headers: { 'content-type': 'application/json' }, payload: '{"a":"\\u0000"}' };
  yield { method: m, url: url(), headers: { 'content-type': 'application/json' }, payload: '"\\ud800"' };
  yield { method: m, url: url(), headers: { 'content-type': 'application/json' }, payload: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) };
  yield { method: m, url: url(), headers: { 'content-type': 'text/plain' }, payload: 'hello' };
  yield { method: m, url: url(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1&b=%00' };
  yield { method: m, url: url(), headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x\r\n\r\n--x--' };
  yield { method: m, url: url(), headers: { 'content-type': 'application/json; charset=utf-16' }, payload: '{}' };
  yield {
    method: m,
    url: url(),
    headers: { 'content-type': 'application/json' },
    payload: `${'{"a":['.repeat(5000)}1${']}'.repeat(5000)}`,
  };
  yield { method: m, url: url(), headers: { 'content-type': 'application/json' }, payload: `{"a":"${'x'.repeat(1_100_000)}"}` };

  // Random combinations up to PER_OP.
  for (let n = 0; n < PER_OP; n++) {
    const p = params();
    for (const k of op.pathParams) if (rand() < 0.3) p[k] = pick(NASTY_URL_PARTS) || 'x';
    const q = validQuery();
    for (const qp of op.query) if (rand() < 0.4) q.push([qp.name, rand() < 0.5 ? pick(NASTY_URL_PARTS) : enc(pick(NASTY_VALUES))]);
    if (body === undefined) {
      yield noBody(p, q);
      continue;
    }
    let b: unknown = body;
    for (const fp of fieldPaths(body)) if (rand() < 0.3) b = setPath(b, fp, pick(NASTY_VALUES));
    yield json(b, p, q);
  }
}

/** Webhook events: well signed (so they reach the parser) with broken contents, and badly signed. */
function* webhookMutations(provider: 'sandbox' | 'stripe', sandboxSecret: string, pool: IdPool): Generator<FuzzRequest> {
  const url = `/api/webhooks/${provider}`;
  const sign = (payload: string): Record<string, string> =>
    provider === 'sandbox'
      ? { [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(sandboxSecret, payload) }
      : { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }) };
  const header = provider === 'sandbox' ? SANDBOX_SIGNATURE_HEADER : 'stripe-signature';
  const signed = (payload: string, contentType = 'application/json'): FuzzRequest => ({
    method: 'POST',
    url,
    headers: { 'content-type': contentType, ...sign(payload) },
    payload,
  });
  const id = () => `evt_fuzz_${randomBytes(8).toString('hex')}`;
  const types = [
    'checkout.session.completed',
    'checkout.session.expired',
    'checkout.session.async_payment_succeeded',
    'invoice.paid',
    'customer.subscription.deleted',
    'payment_intent.succeeded',
    'unknown.event',
    '',
  ];
  const session = () => ({
    id: rand() < 0.5 ? pick(pool.byTable.sandboxSessions ?? ['cs_x']) : `cs_fuzz_${randomBytes(4).toString('hex')}`,
    object: 'checkout.session',
    payment_status: 'paid',
    status: 'complete',
    mode: pick(['payment', 'subscription']),
    metadata: rand() < 0.5 ? { orderId: pick(pool.byTable.orders ?? [randomUUID()]) } : { chargeId: randomUUID() },
    subscription: `sub_${randomBytes(4).toString('hex')}`,
    current_period_end: Math.floor(Date.now() / 1000) + 86_400 * 30,
  });
  const invoice = () => ({
    id: `in_${randomBytes(4).toString('hex')}`,
    object: 'invoice',
    subscription: `sub_${randomBytes(4).toString('hex')}`,
    period_end: Math.floor(Date.now() / 1000) + 86_400 * 30,
    metadata: { chargeId: randomUUID() },
    parent: { subscription_details: { subscription: `sub_${randomBytes(4).toString('hex')}`, metadata: { chargeId: randomUUID() } } },
    lines: { data: [{ period: { end: Math.floor(Date.now() / 1000) + 86_400 * 30 } }] },
  });
  const event = (type: string) => ({
    id: id(),
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: type.startsWith('invoice') ? invoice() : type.startsWith('customer.') ? { id: `sub_x` } : session() },
  });

  // Signatures: missing, empty, malformed, stale, for another body, repeated.
  const body = JSON.stringify(event('checkout.session.completed'));
  for (const h of [
    '',
    't=',
    'v1=',
    't=abc,v1=',
    't=1,v1=00',
    ',,,',
    '=',
    't=1=2,v1=3=4',
    'x'.repeat(10_000),
    '\u0000',
    't=99999999999999999999,v1=a',
  ]) {
    yield { method: 'POST', url, headers: { 'content-type': 'application/json', [header]: h }, payload: body };
  }
  yield { method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: body };
  yield { method: 'POST', url, headers: { 'content-type': 'application/json', ...sign('{}') }, payload: body };
  // Bodies: empty, not JSON, JSON of every shape, huge.
  for (const payload of [
    '',
    ' ',
    'not json',
    '{',
    'null',
    '[]',
    '1',
    '"x"',
    'true',
    '{}',
    '{"id":null}',
    '\u0000',
    `{"a":"${'x'.repeat(600_000)}"}`,
  ]) {
    yield signed(payload);
    yield signed(payload, 'text/plain');
  }
  yield { method: 'POST', url, headers: { ...sign('') } };
  // Every event type, complete and with each field of the object broken.
  for (const type of types) {
    yield signed(JSON.stringify(event(type)));
    const ev = event(type);
    for (const fp of fieldPaths(ev, [], 0, 5)) for (const bad of NASTY_VALUES) yield signed(JSON.stringify(setPath(ev, fp, bad)));
  }
}

// ---------------------------------------------------------------------------------------------

interface Finding {
  op: string;
  req: FuzzRequest;
  status: number;
  body: string;
  log: string[];
}

async function send(t: Target, req: FuzzRequest, cookie: string | null): Promise<{ status: number; body: string }> {
  const ctrl = new AbortController();
  const opts: InjectOptions & { payloadAsStream: true } = {
    method: req.method,
    url: req.url,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...req.headers },
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
    payloadAsStream: true,
    signal: ctrl.signal,
  };
  const res = await t.app.inject(opts);
  // Live event streams never end: their status and headers are the answer.
  if (String(res.headers['content-type'] ?? '').includes('text/event-stream')) {
    ctrl.abort();
    res.stream().on('error', () => {});
    return { status: res.statusCode, body: '(event stream)' };
  }
  const chunks: Buffer[] = [];
  for await (const c of res.stream()) chunks.push(Buffer.from(c as Buffer));
  return { status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') };
}

function operationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as any;
  const ops: Operation[] = [];
  for (const r of app.registeredRoutes) {
    if (r.url.startsWith('/api/docs')) continue;
    const openapiPath = r.url.replace(/:(\w+)/g, '{$1}');
    const spec = doc.paths?.[openapiPath]?.[r.method.toLowerCase()];
    const parameters: any[] = spec?.parameters ?? [];
    const pathParams = [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    if (r.url.includes('*')) pathParams.push('*');
    ops.push({
      method: r.method,
      route: r.url,
      access: r.access,
      pathParams,
      query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name as string, schema: p.schema as JsonSchema })),
      body: spec?.requestBody?.content?.['application/json']?.schema,
    });
  }
  return ops;
}

function causeOf(f: Finding): string {
  for (const line of f.log) {
    try {
      const entry = JSON.parse(line) as { err?: { type?: string; message?: string; cause?: { message?: string } }; msg?: string };
      const err = entry.err;
      if (err) return `${err.type}: ${err.message ?? ''}${err.cause?.message ? ` (cause: ${err.cause.message})` : ''}`.replace(/\s+/g, ' ');
      return entry.msg ?? line;
    } catch {
      return line;
    }
  }
  return f.body;
}

async function main() {
  const started = Date.now();
  const webDir = tempWebDir();
  console.log(`Fuzzing the API (seed ${SEED}, at least ${PER_OP} requests per operation)…`);
  const sandbox = await startTarget({}, webDir, true);
  const stripe = await startTarget(
    { STRIPE_SECRET_KEY: 'sk_test_localperks_fuzz', STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: 'http://127.0.0.1:9' },
    webDir,
    false,
  );
  const doc = sandbox.app.swagger() as any;
  const users = {
    customer: await userId(sandbox.database, DEMO_ACCOUNTS.customer.email),
    merchant: await userId(sandbox.database, DEMO_ACCOUNTS.merchant.email),
    admin: await userId(sandbox.database, DEMO_ACCOUNTS.admin.email),
  };
  const [demoMerchant] = await sandbox.database.db.select().from(schema.merchants).where(eq(schema.merchants.userId, users.merchant));

  const counts: Record<string, number> = {};
  const findings: Finding[] = [];
  let sent = 0;
  const perOp: { op: string; n: number; fives: number; ms: number }[] = [];

  const run = async (t: Target, name: string, role: 'customer' | 'merchant' | 'admin' | null, reqs: Iterable<FuzzRequest>) => {
    let n = 0;
    let fives = 0;
    const opStarted = Date.now();
    let cookie: string | null = null;
    for (const req of reqs) {
      // A session per operation, minted again whenever a request lost it (a fuzzed logout, a password change…).
      if (role && !cookie) cookie = await cookieFor(t.database, users[role], role === 'admin');
      t.errors.length = 0;
      let status: number;
      let body: string;
      try {
        ({ status, body } = await send(t, req, cookie));
      } catch (err) {
        status = 599;
        body = `inject failed: ${(err as Error).message}`;
      }
      if (status === 401 || (role === 'admin' && status === 403)) cookie = null;
      n++;
      sent++;
      const cls = `${Math.floor(status / 100)}xx`;
      counts[cls] = (counts[cls] ?? 0) + 1;
      if (status >= 500) {
        fives++;
        findings.push({ op: name, req, status, body, log: [...t.errors] });
      }
    }
    perOp.push({ op: name, n, fives, ms: Date.now() - opStarted });
    if (process.stderr.isTTY || process.env.FUZZ_PROGRESS) process.stderr.write(`  ${name}: ${n} requests, ${fives} 5xx\n`);
  };

  for (const op of operationsOf(sandbox.app)) {
    const name = `${op.method} ${op.route}`;
    if (ONLY && !op.route.startsWith(ONLY)) continue;
    // A fuzzed plan change or rejection must not lock the merchant out of the routes after it.
    if (demoMerchant)
      await sandbox.database.db
        .update(schema.merchants)
        .set({ approved: true, subscriptionPlan: demoMerchant.subscriptionPlan, hasSubscription: true })
        .where(eq(schema.merchants.id, demoMerchant.id));
    const pool = await idPool(sandbox.database);
    if (op.route === '/api/webhooks/:provider') {
      await run(sandbox, 'POST /api/webhooks/sandbox', null, webhookMutations('sandbox', sandbox.app.sandboxSecret, pool));
      await run(stripe, 'POST /api/webhooks/stripe', null, webhookMutations('stripe', stripe.app.sandboxSecret, pool));
      continue;
    }
    await run(sandbox, name, ROLE_FOR[op.access], mutations(op, doc, pool));
  }

  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const fiveCount = findings.length;
  console.log(`\n${sent} requests to ${perOp.length} operations in ${seconds} s`);
  console.log(
    Object.entries(counts)
      .sort()
      .map(([k, v]) => `  ${k}: ${v}`)
      .join('\n'),
  );
  const slowest = [...perOp].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(`Slowest: ${slowest.map((o) => `${o.op} ${(o.ms / 1000).toFixed(1)} s`).join(', ')}`);
  const thin = perOp.filter((o) => o.n < PER_OP);
  if (thin.length) console.log(`Operations with fewer than ${PER_OP} requests: ${thin.map((o) => o.op).join(', ')}`);
  console.log(`${fiveCount} 5xx`);
  if (fiveCount) {
    const byOp = new Map<string, Finding[]>();
    for (const f of findings) byOp.set(f.op, [...(byOp.get(f.op) ?? []), f]);
    console.log(`\n5xx in ${byOp.size} operations:`);
    for (const [op, fs] of byOp) {
      console.log(`\n## ${op}: ${fs.length}`);
      // One example per distinct cause (the logged error's message, else the response), up to FUZZ_EXAMPLES.
      const seen = new Set<string>();
      const distinct = fs.filter((f) => {
        const key = causeOf(f).slice(0, 120);
        return seen.has(key) ? false : (seen.add(key), true);
      });
      for (const f of distinct.slice(0, Number(process.env.FUZZ_EXAMPLES ?? 5))) {
        const payload = f.req.payload === undefined ? '' : String(f.req.payload).slice(0, 200);
        console.log(`  ${f.req.method} ${f.req.url.slice(0, 200)} ${JSON.stringify(f.req.headers).slice(0, 200)}`);
        if (payload) console.log(`    body: ${JSON.stringify(payload)}`);
        console.log(`    -> ${f.status} ${f.body.slice(0, 300)}`);
        if (f.log.length) console.log(`    cause: ${causeOf(f).slice(0, 400)}`);
      }
    }
  }
  await Promise.race([Promise.all([sandbox.app.close(), stripe.app.close()]), new Promise((r) => setTimeout(r, 5000))]);
  fs.rmSync(webDir, { recursive: true, force: true });
  process.exit(fiveCount ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
