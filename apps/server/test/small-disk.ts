import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A folder on a disk that can be filled up, for the disk-full test (docs/decisions/0046-outages.md).
 *
 * - `tmpfs`: a real small file system mounted on the folder (needs root with CAP_SYS_ADMIN, as on the
 *   development machine and CI). Filling it makes every write under it fail with ENOSPC, as a full disk does.
 * - `injected`: where mounting is not allowed, writes through Node's `fs.writeSync` to files opened under the
 *   folder fail with ENOSPC while the disk is "full". PGlite writes its data directory through exactly that
 *   call (Emscripten's NODEFS), so PostgreSQL sees the same error; other writers are not covered.
 */
export interface SmallDisk {
  dir: string;
  kind: 'tmpfs' | 'injected';
  /** Uses up the free space: writes under `dir` fail with ENOSPC from now on. */
  fill(): void;
  /** Gives the space back. */
  free(): void;
  close(): void;
}

export function smallDisk(sizeMb: number): SmallDisk {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'lp-small-disk', dir], { stdio: 'pipe' });
  } catch {
    return injectedDisk(dir);
  }
  const filler = path.join(dir, 'filler');
  return {
    dir,
    kind: 'tmpfs',
    fill() {
      const fd = fs.openSync(filler, 'w');
      const chunk = Buffer.alloc(1 << 16);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      } finally {
        fs.closeSync(fd);
      }
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    close() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function injectedDisk(dir: string): SmallDisk {
  const opened = new Set<number>();
  let full = false;
  const { openSync, writeSync, closeSync } = fs;
  const patched = fs as unknown as Record<'openSync' | 'closeSync' | 'writeSync', (...args: unknown[]) => unknown>;
  patched.openSync = (file, ...rest) => {
    const fd = (openSync as (...a: unknown[]) => number)(file, ...rest);
    if (typeof file === 'string' && path.resolve(file).startsWith(dir)) opened.add(fd);
    return fd;
  };
  patched.closeSync = (fd) => {
    opened.delete(fd as number);
    closeSync(fd as number);
  };
  patched.writeSync = (fd, ...rest) => {
    if (full && opened.has(fd as number))
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    return (writeSync as (...a: unknown[]) => number)(fd, ...rest);
  };
  return {
    dir,
    kind: 'injected',
    fill: () => void (full = true),
    free: () => void (full = false),
    close() {
      fs.openSync = openSync;
      fs.writeSync = writeSync;
      fs.closeSync = closeSync;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
