#!/usr/bin/env tsx
/**
 * First-load JavaScript budget (DESIGN.md "Fast first paint on a phone": at most 150 kB of
 * JavaScript, gzip, on the first load of home and browse).
 *
 * Builds nothing. It starts the built product (apps/server/dist/server.js, serving apps/web/dist) on a
 * free port with a fresh embedded database and the demo data, opens `/` and `/deals` in Chromium as a
 * signed-out visitor with an empty cache, at phone and desktop widths, and sums every JavaScript
 * file the page requests until the network is idle. Each file is gzipped with node:zlib level 9;
 * sizes are in kB of 1,000 bytes, like Vite's build report. Exits 1 when a page is over budget.
 *
 *   npm run bench:bundle                                 # build, then measure
 *   npx tsx apps/web/scripts/measure-bundle.ts           # measure the current build
 *   npx tsx apps/web/scripts/measure-bundle.ts --url http://localhost:3000   # a server already running
 *   npx tsx apps/web/scripts/measure-bundle.ts --json    # machine-readable result on stdout
 *
 * Chromium: CHROMIUM_PATH, else /usr/bin/chromium (as the e2e tests).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type Request, type Response } from 'playwright-core';

const BUDGET_BYTES = 150_000;
const PAGES = ['/', '/deals'];
const VIEWPORTS = [
  { name: '375 px', width: 375, height: 812 },
  { name: '1280 px', width: 1280, height: 900 },
];
/** After the load event, the network must stay quiet this long (lazy chunks, data, images). */
const QUIET_MS = 1_000;

const root = path.resolve(import.meta.dirname, '../../..');
const webDist = path.join(root, 'apps/web/dist');
const serverEntry = path.join(root, 'apps/server/dist/server.js');

const args = process.argv.slice(2);
const argValue = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const asJson = args.includes('--json');
const log = (...m: unknown[]) => (asJson ? console.error(...m) : console.log(...m));
const kB = (bytes: number) => (bytes / 1000).toFixed(2);

function chromiumPath() {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(
    (p) => p && fs.existsSync(p),
  );
  if (!found) throw new Error('Chromium not found: install it or set CHROMIUM_PATH');
  return found;
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The built server on a free port with a throw-away database; resolves once /api/health answers. */
async function startServer() {
  for (const [file, hint] of <[string, string][]>[
    [serverEntry, 'npm run build'],
    [path.join(webDist, 'index.html'), 'npm run build -w @localperks/web'],
  ]) {
    if (!fs.existsSync(file))
      throw new Error(`${path.relative(root, file)} is missing: run \`${hint}\` first (or \`npm run bench:bundle\`).`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'localperks-bundle-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: url,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      SMTP_URL: '',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise<void>((r) => {
        const t = setTimeout(() => (child.kill('SIGKILL'), r()), 5_000);
        child.once('exit', () => (clearTimeout(t), r()));
      });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the server did not start:\n${output}`);
}

const isJs = (url: string) => /\.m?js$/i.test(new URL(url).pathname);

/** The bytes of a script: the file in apps/web/dist when it is one, else what the server sent. */
async function scriptBytes(url: string, response: Response | null) {
  const rel = decodeURIComponent(new URL(url).pathname).replace(/^\/+/, '');
  const file = path.join(webDist, rel);
  if (file.startsWith(webDist + path.sep) && fs.existsSync(file)) return fs.readFileSync(file);
  return response ? await response.body() : Buffer.alloc(0);
}

async function measure(browser: Browser, baseUrl: string, pagePath: string, viewport: (typeof VIEWPORTS)[number]) {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
  const page = await context.newPage();
  const scripts = new Map<string, Response | null>(); // url -> response (or null while pending / failed)
  let inFlight = 0;
  let lastActivity = Date.now();
  // The live-vote EventSource stays open by design: it never counts as network activity.
  const counts = (req: Request) => req.resourceType() !== 'eventsource';
  page.on('request', (req) => {
    if (!counts(req)) return;
    inFlight++;
    lastActivity = Date.now();
    if (isJs(req.url()) && !scripts.has(req.url())) scripts.set(req.url(), null);
  });
  const settle = (req: Request) => {
    if (!counts(req)) return req;
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
    return req;
  };
  page.on('requestfinished', async (req) => {
    settle(req);
    if (isJs(req.url())) scripts.set(req.url(), await req.response());
  });
  page.on('requestfailed', settle);

  await page.goto(baseUrl + pagePath, { waitUntil: 'load' });
  // Network idle: nothing in flight and nothing new for QUIET_MS.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    await page.waitForTimeout(100);
    if (inFlight === 0 && Date.now() - lastActivity >= QUIET_MS) break;
  }

  const files: { file: string; raw: number; gzip: number }[] = [];
  for (const [url, response] of scripts) {
    const bytes = await scriptBytes(url, response);
    files.push({ file: new URL(url).pathname, raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length });
  }
  await context.close();
  files.sort((a, b) => b.gzip - a.gzip);
  const gzip = files.reduce((s, f) => s + f.gzip, 0);
  const raw = files.reduce((s, f) => s + f.raw, 0);
  return { page: pagePath, viewport: viewport.name, files, raw, gzip, isOverBudget: gzip >= BUDGET_BYTES };
}

function printTable(r: Awaited<ReturnType<typeof measure>>) {
  log(`\n${r.page} at ${r.viewport}: ${r.files.length} JavaScript files`);
  log(`  ${'gzip kB'.padStart(9)} ${'raw kB'.padStart(9)}  file`);
  for (const f of r.files) log(`  ${kB(f.gzip).padStart(9)} ${kB(f.raw).padStart(9)}  ${f.file}`);
  log(
    `  ${kB(r.gzip).padStart(9)} ${kB(r.raw).padStart(9)}  total   ${r.isOverBudget ? 'OVER' : 'within'} budget (< ${kB(BUDGET_BYTES)} kB gzip)`,
  );
}

async function main() {
  const external = argValue('--url');
  const server = external ? { url: external.replace(/\/$/, ''), stop: async () => {} } : await startServer();
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const results = [];
  try {
    for (const p of PAGES) for (const v of VIEWPORTS) results.push(await measure(browser, server.url, p, v));
  } finally {
    await browser.close();
    await server.stop();
  }
  results.forEach(printTable);
  log('\nSummary (first-load JavaScript, gzip):');
  for (const r of results)
    log(`  ${r.page.padEnd(7)} ${r.viewport.padEnd(8)} ${kB(r.gzip).padStart(7)} kB  ${r.isOverBudget ? 'OVER' : 'ok'}`);
  if (asJson) console.log(JSON.stringify({ budgetBytes: BUDGET_BYTES, results }, null, 2));
  const over = results.filter((r) => r.isOverBudget);
  if (over.length) {
    log(`\nOver the ${kB(BUDGET_BYTES)} kB budget: ${over.map((r) => `${r.page} (${r.viewport})`).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 2;
});
