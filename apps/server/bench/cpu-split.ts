/**
 * Where the CPU of one browse request goes, through the real stack (`npx tsx apps/server/bench/cpu-split.ts`):
 * the uncached API under autocannon against a PostgreSQL server of one's own (BENCH_DATABASE_URL), with the CPU
 * time of the API's process, of the database's processes and of the whole machine read before and after each
 * scenario, divided by the requests answered.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '../src/db/client';
import { benchApi, runAutocannon } from './autocannon';
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

const run = (url: string, seconds = SECONDS) => runAutocannon(url, seconds, CONNECTIONS);

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('Set BENCH_DATABASE_URL');
  const database = await openDatabase({ url, poolSize: Number(process.env.BENCH_POOL ?? 10) });
  const app = await benchApi(database, '0');
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
