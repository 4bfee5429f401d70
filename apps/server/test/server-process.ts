import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, vi } from 'vitest';
import { freePort } from '../../../scripts/built-server';
import { freshDataDir, freshDatabase } from './build';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A database of this test file's own for servers it starts as child processes: a fresh PostgreSQL database
 * (DATABASE_URL) or an embedded one in a temporary folder (DATA_DIR), both with every migration applied.
 * Several servers started one after another on it see the same data.
 */
export async function serverDatabase(prefix = 'lp-server-'): Promise<Record<string, string>> {
  if (process.env.TEST_DB === 'postgres') {
    const database = await freshDatabase();
    await database.close();
    return { DATABASE_URL: (database as { url?: string }).url! };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  // Starts on the migrated snapshot: what is tested is the server, not initdb and the migrations.
  await freshDataDir(dataDir);
  return { DATA_DIR: dataDir };
}

/**
 * The real entry point (src/server.ts through tsx) as a child process on a free port, on `database`
 * (serverDatabase(); a new one when not given). Resolves once /api/ready answers 200.
 */
export async function startServer(extraEnv: Record<string, string> = {}, database?: Record<string, string>) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _ignored, ...inherited } = process.env as Record<string, string>;
  const env: Record<string, string> = {
    ...inherited,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: base,
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'info',
    ...extraEnv,
    ...(database ?? (await serverDatabase())),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  afterAll(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  // Migrations on a fresh embedded database take a while on a busy machine.
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early:\n${output}`);
      expect((await fetch(`${base}/api/ready`)).status).toBe(200);
    },
    { timeout: 150_000, interval: 250 },
  );
  return { child, base, port, exited, output: () => output };
}
