/**
 * Where the CPU of one browse request goes, through the real stack (`npx tsx apps/server/bench/cpu-split.ts`):
 * the uncached API under autocannon against a PostgreSQL server of one's own (BENCH_DATABASE_URL), with the CPU
 * time of the API's process, of the database's processes and of the whole machine read before and after each
 * scenario, divided by the requests answered.
 */
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { API_PATH, SCENARIOS } from './scenarios';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const TICK = 100; // clock ticks a second (USER_HZ)

function pgTicks(): number {
  let sum = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!comm.startsWith('postgres')) continue;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      sum += Number(f[11]) + Number(f[12]);
    } catch {
      // gone meanwhile
    }
  }
  return sum;
}
function machineTicks(): { busy: number; all: number } {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  const all = f.reduce((s, x) => s + x, 0);
  return { busy: all - f[3]! - f[4]!, all };
}

function run(url: string, seconds = SECONDS): Promise<{ rps: number; p99: number; requests: number; errors: number }> {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, '--json', '-c', String(CONNECTIONS), '-d', String(seconds), '-p', '1', url], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', () => {
      const r = JSON.parse(out.trim().split('\n').at(-1)!) as autocannon.Result;
      resolve({ rps: r.requests.average, p99: r.latency.p99, requests: r.requests.total, errors: r.errors + r.non2xx });
    });
  });
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('Set BENCH_DATABASE_URL');
  const database = await openDatabase({ url, poolSize: Number(process.env.BENCH_POOL ?? 10) });
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      LOG_LEVEL: 'silent',
      APP_URL: 'http://localhost:3000',
      BROWSE_CACHE_MS: '0',
    }),
    database,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  await run(`http://127.0.0.1:${port}/api/deals`, 2);
  const list: [string, string][] = process.env.BENCH_PATHS
    ? process.env.BENCH_PATHS.split(',').map((p) => [p, p])
    : SCENARIOS.map(([name, qs, route]) => [name, `${API_PATH[route]}?${qs}`]);
  for (const [name, path] of list) {
    const u = `http://127.0.0.1:${port}${path}`;
    await run(u, 1);
    const node0 = process.cpuUsage();
    const pg0 = pgTicks();
    const m0 = machineTicks();
    const r = await run(u);
    const node = process.cpuUsage(node0);
    const pg = (pgTicks() - pg0) / TICK;
    const m1 = machineTicks();
    const busy = (m1.busy - m0.busy) / TICK;
    const n = r.requests || 1;
    const ms = (s: number) => ((s * 1000) / n).toFixed(2);
    const nodeS = (node.user + node.system) / 1e6;
    console.log(
      `${name.padEnd(38)} ${r.rps.toFixed(0).padStart(5)} req/s p99 ${String(r.p99).padStart(4)} ms | CPU per request: node ${ms(nodeS)} ms, postgres ${ms(pg)} ms, rest ${ms(busy - nodeS - pg)} ms, idle ${(((m1.all - m0.all - (m1.busy - m0.busy)) / (m1.all - m0.all)) * 100).toFixed(0)} %${r.errors ? ` errors ${r.errors}` : ''}`,
    );
  }
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
