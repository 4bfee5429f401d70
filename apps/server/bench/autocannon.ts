import type autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';

/**
 * One autocannon run in its own process (`npm run bench`, `npm run bench:cpu`): a load generator in the server's
 * process would take turns with the server on the same event loop and add its own work to every measured latency.
 */
export function runAutocannon(
  url: string,
  seconds: number,
  connections: number,
): Promise<{ rps: number; p99: number; requests: number; errors: number }> {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, '--json', '-c', String(connections), '-d', String(seconds), '-p', '1', url], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const r = JSON.parse(out.trim().split('\n').at(-1)!) as autocannon.Result;
      resolve({ rps: r.requests.average, p99: r.latency.p99, requests: r.requests.total, errors: r.errors + r.non2xx });
    });
  });
}

/** The API as deployed, in production mode on the sandbox provider; `browseCacheMs: '0'` turns the browse micro-cache off. */
export function benchApi(database: Database, browseCacheMs?: string) {
  return buildApp({
    config: loadConfig({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      LOG_LEVEL: 'silent',
      APP_URL: 'http://localhost:3000',
      ...(browseCacheMs === undefined ? {} : { BROWSE_CACHE_MS: browseCacheMs }),
    }),
    database,
    logger: false,
  });
}
