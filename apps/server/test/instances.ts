import { afterAll } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import type { Clock } from '../src/lib/deps';
import { ORIGIN, type build } from './build';

type TestServer = Awaited<ReturnType<typeof build>>;

/**
 * Instances of the server on build()'s PostgreSQL database, as behind a load balancer: build()'s own app
 * first, then `more` others with their own pools (listening on a loopback port when asked). Each is
 * closed after the file. `databases[i]` is instance `i`'s (a job queue's, e.g.). `on(i, …)` sends a request to instance `i` as build()'s helper sends it to the first.
 * `clock` and `env` are the others' (pass build()'s own, e.g. a shared SANDBOX_WEBHOOK_SECRET).
 */
export async function serverInstances(
  t: TestServer,
  more: number,
  opts: { listen?: boolean; clock?: Clock; env?: Record<string, string> } = {},
) {
  const url = (t.database as { url?: string }).url!;
  const apps: FastifyInstance[] = [t.app];
  const databases: TestServer['database'][] = [t.database];
  for (let i = 0; i < more; i++) {
    const database = await openDatabase({ url });
    databases.push(database);
    const config = loadConfig({ NODE_ENV: 'test', APP_URL: ORIGIN, LOG_LEVEL: 'silent', BROWSE_CACHE_MS: '0', ...opts.env });
    const app = await buildApp({ config, database, logger: false, ...(opts.clock ? { clock: opts.clock } : {}) });
    if (opts.listen) await app.listen({ port: 0, host: '127.0.0.1' });
    else await app.ready();
    apps.push(app);
    afterAll(async () => {
      await app.close();
      await database.close();
    });
  }
  async function on(i: number, request: Parameters<TestServer['request']>[0]): Promise<LightMyRequestResponse> {
    const { cookie, headers, ...rest } = request;
    const app = apps[i]!;
    const res = await app.inject({ ...rest, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...headers } });
    await app.afterResponse.settled();
    return res;
  }
  return { apps, databases, on };
}
