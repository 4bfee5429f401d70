import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  try {
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
          return fetch(`${url}/api/health`).then(
            (res) => res.ok,
            () => false,
          );
        },
        // Migrations and the demo seed on a fresh PGlite: minutes when the 2 cores are shared.
        { timeout: 240_000 },
      )
      .toBe(true);
  } catch (err) {
    throw new Error(`server did not become healthy: ${(err as Error).message}\n${output()}`);
  }
}

/**
 * Starts the built product the way `npm start` does (bundled server + built web app) on a fresh
 * embedded database with the demo data, on a free port. The address reaches the workers through
 * the environment (they are started after this runs).
 */
export default async function globalSetup() {
  const server = path.join(root, 'apps/server/dist/server.js');
  if (!fs.existsSync(server)) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'localperks-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [server], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: baseUrl,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      SMTP_URL: '',
      DATABASE_URL: '',
      // Every journey signs up its own accounts from this one address; the hourly limit is proven by the API tests.
      SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, () => log);
    const demoPassword = process.env.DEMO_PASSWORD ?? 'LocalPerks2025!';
    process.env.E2E_BASE_URL = baseUrl;
    process.env.E2E_DEMO_PASSWORD = demoPassword;
    // One admin session made before any journey starts: journeys that need admin rights through the
    // API (or an admin of their own) use it, so none of them issues a demo-admin access code that
    // would cancel the one another journey is typing.
    process.env.E2E_ADMIN_COOKIE = await adminSession(baseUrl, demoPassword);
  } catch (err) {
    await stop();
    throw err;
  }
  return stop;
}

async function adminSession(baseUrl: string, password: string): Promise<string> {
  const post = async (path: string, body: unknown, cookie?: string) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('lp_session='));
  };
  const pending = await post('/api/admin-auth/login', { email: 'admin@localperks.example', password });
  const list = (await (await fetch(`${baseUrl}/api/dev/mailbox?to=admin%40localperks.example`)).json()) as {
    mails: { id: string; kind: string }[];
  };
  const id = list.mails.find((m) => m.kind === 'admin_access_code')!.id;
  const mail = (await (await fetch(`${baseUrl}/api/dev/mailbox/${id}`)).json()) as { mail: { text: string } };
  const code = mail.mail.text.match(/\b(\d{6})\b/)![1];
  return (await post('/api/admin-auth/code', { code }, pending)) ?? pending!;
}
