/**
 * Throwaway PostgreSQL server for tests.
 *
 * - If TEST_DATABASE_URL is set, that URL is returned and nothing is started.
 * - Otherwise a fresh cluster is created (initdb) in a temp dir and started
 *   (pg_ctl) on a free port, tuned for speed (no fsync etc.). When running as
 *   root, initdb/pg_ctl run as the `postgres` OS user via `runuser`.
 *
 * Only node built-ins are used.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The test server's buffer pool (PostgreSQL's default; fresh-database.test.ts checks what each database gets). */
export const POSTGRES_TEST_SHARED_BUFFERS = '128MB';

export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  stop(): Promise<void>;
  /**
   * `pg_ctl restart -m fast`: every connection is ended, the server stops and starts again on the same port,
   * as in a real restart (an upgrade, a configuration change). Only for a server this module started.
   */
  restart(): Promise<void>;
}

const NOT_FOUND_MESSAGE =
  'PostgreSQL server binaries not found: install the postgresql package (apt-get install -y postgresql) or set TEST_DATABASE_URL';

function hasServerBinaries(dir: string): boolean {
  return existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'));
}

/** Compare "15" / "9.6" style version directory names numerically. */
function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * Directory holding initdb/pg_ctl: /usr/lib/postgresql/<highest version>/bin,
 * falling back to a directory on PATH that holds both; null if none found.
 */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  try {
    const versions = readdirSync(root)
      .filter((v) => /^\d+(\.\d+)*$/.test(v))
      .sort(compareVersions)
      .reverse();
    for (const v of versions) {
      const dir = path.join(root, v, 'bin');
      if (hasServerBinaries(dir)) return dir;
    }
  } catch {
    // no /usr/lib/postgresql
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && hasServerBinaries(dir)) return dir;
  }
  return null;
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

interface RunResult {
  stdout: string;
  stderr: string;
}

/** Run a postgres binary, as the `postgres` user (via runuser) when we are root. */
function runPg(bin: string, args: string[], cwd: string): Promise<RunResult> {
  const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return new Promise((resolve, reject) => {
    execFile(
      file,
      argv,
      // cwd must be readable by the postgres user (not e.g. /root).
      { cwd, env: { ...process.env, LC_ALL: 'C' }, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) {
          const e = new Error(
            `${path.basename(bin)} ${args.join(' ')} failed: ${err.message}\n${String(stdout)}\n${String(stderr)}`.trim(),
          );
          reject(e);
        } else {
          resolve({ stdout: String(stdout), stderr: String(stderr) });
        }
      },
    );
  });
}

function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close((err) => (err ? reject(err) : resolve(port)));
    });
  });
}

function readLogTail(logFile: string, maxChars = 4000): string {
  try {
    const text = readFileSync(logFile, 'utf8');
    return text.length > maxChars ? text.slice(-maxChars) : text;
  } catch {
    return '';
  }
}

// Servers still running when the process exits are stopped (best effort) so
// that an aborted test run does not leave postgres processes behind.
const running = new Map<string, () => void>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const stopSync of running.values()) {
      try {
        stopSync();
      } catch {
        // ignore
      }
    }
  });
}

export async function startPostgresServer(opts: { port?: number; ownServer?: boolean } = {}): Promise<PostgresServer> {
  const envUrl = process.env.TEST_DATABASE_URL;
  if (envUrl && !opts.ownServer) {
    return {
      url: envUrl,
      stop: async () => {},
      restart: () => Promise.reject(new Error('TEST_DATABASE_URL names a server this test did not start: it cannot restart it')),
    };
  }

  const binDir = findPostgresBin();
  if (!binDir) throw new Error(NOT_FOUND_MESSAGE);
  const initdb = path.join(binDir, 'initdb');
  const pgCtl = path.join(binDir, 'pg_ctl');

  const baseDir = mkdtempSync(path.join(os.tmpdir(), 'localperks-pg-'));
  const dataDir = path.join(baseDir, 'data');
  const logFile = path.join(baseDir, 'postgres.log');
  const removeDir = () => rmSync(baseDir, { recursive: true, force: true });

  try {
    if (isRoot()) {
      const chown = spawnSync('chown', ['-R', 'postgres:postgres', baseDir], { encoding: 'utf8' });
      if (chown.status !== 0) {
        throw new Error(
          `chown -R postgres:postgres ${baseDir} failed (does the postgres OS user exist?): ${chown.stderr || chown.error?.message || ''}`.trim(),
        );
      }
    }

    await runPg(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'], baseDir);

    // A port found free may be taken by someone else before postgres binds it;
    // retry with a new port in that case (unless the caller fixed the port).
    // Unix socket paths are limited to ~107 bytes; with a very long TMPDIR,
    // disable the socket (tests connect over TCP anyway).
    const socketOpt =
      Buffer.byteLength(path.join(baseDir, '.s.PGSQL.65535')) < 100
        ? `-c "unix_socket_directories=${baseDir}"`
        : '-c "unix_socket_directories="';
    const attempts = opts.port ? 1 : 5;
    let port = 0;
    let lastError: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      port = opts.port ?? (await getFreePort());
      const serverOpts = [
        `-p ${port}`,
        socketOpt,
        '-c listen_addresses=127.0.0.1',
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=300',
        `-c shared_buffers=${POSTGRES_TEST_SHARED_BUFFERS}`,
      ].join(' ');
      try {
        await runPg(pgCtl, ['-D', dataDir, '-l', logFile, '-o', serverOpts, '-w', '-t', '60', 'start'], baseDir);
        lastError = undefined;
        break;
      } catch (err) {
        lastError = err;
        // make sure a half-started server is gone before retrying
        await runPg(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], baseDir).catch(() => {});
      }
    }
    if (lastError) {
      const log = readLogTail(logFile);
      throw new Error(`${(lastError as Error).message}\n--- postgres log ---\n${log}`);
    }

    const stopSync = () => {
      const [file, argv] = isRoot()
        ? ['runuser', ['-u', 'postgres', '--', pgCtl, '-D', dataDir, '-m', 'immediate', '-w', 'stop']]
        : [pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']];
      spawnSync(file, argv, { cwd: baseDir, stdio: 'ignore' });
      removeDir();
    };
    running.set(baseDir, stopSync);
    installExitHook();

    let stopped: Promise<void> | undefined;
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      async restart() {
        // The options of the first start (postmaster.opts) are used again; the log keeps going to the same file.
        await runPg(pgCtl, ['-D', dataDir, '-l', logFile, '-m', 'fast', '-w', '-t', '60', 'restart'], baseDir);
      },
      stop() {
        stopped ??= (async () => {
          running.delete(baseDir);
          try {
            await runPg(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], baseDir);
          } finally {
            removeDir();
          }
        })();
        return stopped;
      },
    };
  } catch (err) {
    removeDir();
    throw err;
  }
}
