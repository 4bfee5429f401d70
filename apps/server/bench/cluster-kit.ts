/**
 * What the benches that run the built server behind nginx share (`npm run bench:cluster`, `npm run bench:soak`):
 * building when the sources changed, Debian's nginx with the repo's site template, the instances as child
 * processes, free ports, polling. Moved here from cluster.ts unchanged, with the worker connections of nginx a
 * parameter.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVER_JS = path.join(ROOT, 'apps/server/dist/server.js');
const TEMPLATE = path.join(ROOT, 'deploy/nginx/localperks.conf.template');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// Set-up: build, nginx, file descriptors

/** The newest modification time under `dir` (files only). */
function newest(dir: string): number {
  let max = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return max;
}

/** `npm run build` when the server or the web app was never built, or its sources changed since. */
export function buildIfNeeded() {
  const webIndex = path.join(ROOT, 'apps/web/dist/index.html');
  const built = [SERVER_JS, webIndex].every((f) => fs.existsSync(f));
  const sources = Math.max(...['apps/server/src', 'apps/web/src', 'packages/shared/src'].map((d) => newest(path.join(ROOT, d))));
  if (built && Math.min(fs.statSync(SERVER_JS).mtimeMs, fs.statSync(webIndex).mtimeMs) > sources) return;
  console.log('Building (npm run build)…');
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
}

export function findNginx(): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin']) {
    const p = path.join(dir, 'nginx');
    if (dir && fs.existsSync(p)) return p;
  }
  return null;
}

/** Debian's nginx, installed with apt-get when missing and running as root. */
export function ensureNginx(): string {
  const found = findNginx();
  if (found) return found;
  if (process.getuid?.() !== 0)
    throw new Error('nginx is not installed: run `apt-get install -y nginx` as root (or run this bench as root)');
  console.log('Installing nginx (apt-get install -y nginx)…');
  let r = spawnSync('apt-get', ['install', '-y', 'nginx'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (r.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    r = spawnSync('apt-get', ['install', '-y', 'nginx'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  const installed = findNginx();
  if (r.status !== 0 || !installed) throw new Error('apt-get install -y nginx failed');
  return installed;
}

/** This process's soft limit of open files (children inherit it; the npm script raises it to the hard limit). */
export function openFilesLimit(): number {
  const line = fs
    .readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === 'unlimited' ? Infinity : Number(soft);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Polls `check` every 200 ms until it returns a value, or throws after `ms`. */
export async function waitUntil<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v !== undefined) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last instanceof Error ? `: ${last.message}` : ''}`);
    await sleep(200);
  }
}

// ---------------------------------------------------------------------------------------------
// The instances and nginx

export interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  output: string[];
}

export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_JS], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (c: Buffer) => {
    output.push(c.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const instance = { name, port, child, output };
  let exited = false;
  child.once('exit', () => (exited = true));
  // Readiness: GET /api/ready once the server has it, else the first answered browse request.
  await waitUntil(`instance ${name} on port ${port}`, 60_000, async () => {
    if (exited) throw new Error(`instance ${name} exited:\n${output.join('')}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null);
    if (ready?.status === 200) return true;
    if (ready?.status === 404) return (await fetch(`http://127.0.0.1:${port}/api/deals`)).status === 200 || undefined;
    return undefined;
  }).catch((err: Error) => {
    child.kill('SIGKILL');
    throw err;
  });
  return instance;
}

/** SIGTERM, then wait for the process to end (SIGKILL after 20 s). */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

export interface Nginx {
  port: number;
  dir: string;
  child: ChildProcess;
  accessLog: string;
}

/** nginx as root with its own prefix, the repo's server block rendered for these instances, in the foreground. */
export async function startNginx(bin: string, port: number, instances: Instance[], fdLimit: number, streams = 0): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'localperks-nginx-'));
  // Workers run as nobody: they must reach the temp folders under the prefix.
  fs.chmodSync(dir, 0o755);
  const upstreams = instances.map((i) => `server 127.0.0.1:${i.port} max_fails=3 fail_timeout=10s;`).join(' ');
  const site = fs
    .readFileSync(TEMPLATE, 'utf8')
    .replaceAll('${LOCALPERKS_LISTEN}', `127.0.0.1:${port}`)
    .replaceAll('${LOCALPERKS_UPSTREAMS}', upstreams);
  fs.writeFileSync(path.join(dir, 'localperks.conf'), site);
  const accessLog = path.join(dir, 'access.log');
  const workerConnections = Math.min(16_384, Math.max(4096, streams * 3));
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `# Written by apps/server/bench/cluster-kit.ts; the site itself is deploy/nginx/localperks.conf.template.
daemon off;
worker_processes auto;
worker_rlimit_nofile ${Number.isFinite(fdLimit) ? fdLimit : 65_536};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections ${workerConnections}; }
http {
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # Which instance answered each request (the event streams are logged when they close).
  log_format bench '$upstream_addr $status $request_uri';
  access_log ${accessLog} bench buffer=64k flush=1s;
  include ${dir}/localperks.conf;
}
`,
  );
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
  const test = spawnSync(bin, [...args, '-t'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
  const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  await waitUntil('nginx', 20_000, async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/deals`).catch(() => null);
    return res?.status === 200 || undefined;
  });
  return { port, dir, child, accessLog };
}

export async function stopNginx(n: Nginx) {
  // SIGQUIT: graceful shutdown (open connections finish).
  await stopProcess(n.child, 'SIGQUIT');
  fs.rmSync(n.dir, { recursive: true, force: true });
}

/** A real SMTP server on loopback that accepts every mail and keeps nothing, so mail delivery is real work. */
export async function startSmtpSink(): Promise<{ url: string; close(): Promise<void> }> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      stream.on('data', () => {});
      stream.on('end', () => done());
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as net.AddressInfo).port}`,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}

/** Clean-up steps run in reverse order, once: at the end of a bench, or on Ctrl-C. */
export function cleanupStack() {
  const steps: (() => Promise<unknown>)[] = [];
  const run = async () => {
    for (const step of steps.reverse()) await step().catch(() => {});
    steps.length = 0;
  };
  process.once('SIGINT', () => void run().then(() => process.exit(130)));
  return { push: (step: () => Promise<unknown>) => void steps.push(step), run };
}

/** The environment of every instance a bench starts: production, behind nginx, the sandbox provider, one database. */
export function instanceEnv(o: { databaseUrl: string; appUrl: string; smtpUrl: string; webhookSecret: string }) {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: o.databaseUrl,
    APP_URL: o.appUrl,
    TRUST_PROXY: 'true',
    PAYMENT_PROVIDER: 'sandbox',
    SANDBOX_WEBHOOK_SECRET: o.webhookSecret,
    SMTP_URL: o.smtpUrl,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
}
