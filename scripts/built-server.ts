import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The repository's root folder. */
export const repoRoot = path.resolve(import.meta.dirname, '..');

/** The bundled server that `npm start` runs. */
export const builtServerEntry = path.join(repoRoot, 'apps/server/dist/server.js');

/** A port that is free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
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

export interface BuiltServer {
  url: string;
  /** Stops the server (SIGTERM, SIGKILL after 5 s) and deletes its data folder. */
  stop: () => Promise<void>;
}

/**
 * Starts the built product as `npm start` does (bundled server and built web app) on 127.0.0.1, on a
 * free port, with a fresh embedded database in a temporary folder. `env` adds to (and overrides) the
 * defaults. Resolves once /api/health answers; fails with the server's output if it exits or does not
 * answer within `timeoutMs`.
 */
export async function startBuiltServer(opts: {
  env?: Record<string, string>;
  dataDirPrefix: string;
  timeoutMs: number;
  /**
   * The name the app is reached by (APP_URL's host); it listens on 127.0.0.1 either way. `localhost` for the
   * browser journeys: WebAuthn (passkeys) refuses an IP address as its relying party.
   */
  hostName?: 'localhost' | '127.0.0.1';
}): Promise<BuiltServer> {
  if (!fs.existsSync(builtServerEntry)) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), opts.dataDirPrefix));
  const port = await freePort();
  const url = `http://${opts.hostName ?? '127.0.0.1'}:${port}`;
  let output = '';
  const child = spawn(process.execPath, [builtServerEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: url,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      SMTP_URL: '',
      DATABASE_URL: '',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => (child.kill('SIGKILL'), resolve()), 5_000);
        child.once('exit', () => (clearTimeout(timer), resolve()));
      });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + opts.timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    const healthy = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { url, stop };
    // Polls until the condition holds or the deadline passes (migrations and the demo seed take a while).
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server did not become healthy (${child.exitCode === null ? 'timed out' : `exited ${child.exitCode}`}):\n${output}`);
}
