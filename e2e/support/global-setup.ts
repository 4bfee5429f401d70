import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

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
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * Starts the built product the way `npm start` does (bundled server + built web app) on a fresh
 * embedded database with the demo data, on a free port.
 */
export default async function setup(project: TestProject) {
  const server = path.join(root, 'apps/server/dist/server.js');
  if (!fs.existsSync(server)) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'localperks-e2e-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  let log = '';
  const child = spawn(process.execPath, [server], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: baseUrl,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      SMTP_URL: '',
      DATABASE_URL: '',
      // Every journey signs up from this one address; the hourly limit is proven by the API tests.
      SIGNUPS_PER_ADDRESS_PER_HOUR: '200',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  await waitForHealth(baseUrl, child, () => log);
  project.provide('baseUrl', baseUrl);
  project.provide('demoPassword', process.env.DEMO_PASSWORD ?? 'LocalPerks2025!');
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    demoPassword: string;
  }
}
