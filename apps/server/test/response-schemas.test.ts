import { describe, expect, it } from 'vitest';
import { afterAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorResponses, profileResponseSchema } from '@localperks/shared';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { users } from '../src/db/schema';
import { createUser } from '../src/modules/accounts';
import { missingResponses, UNDECLARED_RESPONSE_PREFIXES } from '../src/plugins/responses';
import { freshDatabase, ORIGIN, TEST_PASSWORD } from './build';

/**
 * The app of this file, with two routes of its own registered before it starts: they answer more (or
 * other) than their schema declares, as a careless handler would.
 */
const database = await freshDatabase();
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', APP_URL: ORIGIN, LOG_LEVEL: 'silent', BROWSE_CACHE_MS: '0' }),
  database,
  logger: false,
});
const user = await createUser(
  database.db,
  { email: 'leaky@example.com', password: TEST_PASSWORD, role: 'customer', verified: true },
  new Date(),
);
app.get(
  '/api/test/leaky-profile',
  { config: { access: 'public' }, schema: { hide: true, response: { 200: profileResponseSchema, ...errorResponses } } },
  async () => {
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    const u = row!;
    // The whole row: password hash included. The schema must keep it in.
    return {
      profile: {
        ...u,
        name: 'Leaky',
        emailVerified: true,
        createdAt: u.createdAt.toISOString(),
        updatedAt: u.updatedAt.toISOString(),
        pendingEmail: null,
      },
    };
  },
);
app.get(
  '/api/test/wrong-shape',
  { config: { access: 'public' }, schema: { hide: true, response: { 200: profileResponseSchema, ...errorResponses } } },
  async () => ({ profile: { id: user.id } }),
);
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
});

const declared = (url: string) => !UNDECLARED_RESPONSE_PREFIXES.some((p) => url.startsWith(p));

describe('every response has a schema', () => {
  it('every registered route declares its success and its errors in schema.response', () => {
    const routes = app.registeredRoutes.filter((r) => declared(r.url));
    expect(routes.length).toBeGreaterThan(80);
    const undeclared = routes.filter((r) => missingResponses(Object.fromEntries(r.responses.map((s) => [s, true]))).length > 0);
    expect(undeclared.map((r) => `${r.method} ${r.url}: [${r.responses.join(', ')}]`)).toEqual([]);
  });

  it('a route without response schemas cannot be registered, and the error names what is missing', async () => {
    const { default: Fastify } = await import('fastify');
    const { responsesPlugin } = await import('../src/plugins/responses');
    const bare = Fastify();
    await bare.register(responsesPlugin);
    expect(() => bare.get('/api/undeclared', async () => 'x')).toThrow(/GET \/api\/undeclared must declare schema\.response for success/);
    expect(() => bare.get('/api/no-errors', { schema: { response: { 200: profileResponseSchema } } }, async () => 'x')).toThrow(
      /must declare schema\.response for 4xx, 5xx/,
    );
    await bare.close();
  });

  it('a field the schema does not declare never leaves the server (no password hash)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/leaky-profile' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('passwordHash');
    expect(res.body).not.toContain('$argon2');
    expect(Object.keys(res.json().profile).sort()).toEqual(Object.keys(profileResponseSchema.shape.profile.shape).sort());
  });

  it('an answer that does not match its schema is a logged 500, not a half-formed body', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/wrong-shape' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ error: { code: 'INTERNAL', requestId: expect.any(String) } });
  });

  it('errors are serialised through the declared error schema', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/account/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Please log in to continue.' } });
  });

  it('the OpenAPI document shows the success and error schemas of every operation', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>> }>();
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, responses: op.responses ?? {} })),
    );
    expect(operations.length).toBeGreaterThan(80);
    const lacking = operations.filter(
      ({ responses }) => !Object.keys(responses).some((s) => /^[23]/.test(s)) || !responses['4XX']?.content || !responses['5XX']?.content,
    );
    expect(lacking.map((o) => o.name)).toEqual([]);
    const browse = doc.paths['/api/deals']!.get!.responses!['200'] as {
      content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }>;
    };
    const schema = browse.content['application/json']!.schema;
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['deals', 'total', 'totalIsCapped', 'page', 'pageSize', 'hasMore']),
    );
    expect(schema.required).toContain('deals');
  });
});
