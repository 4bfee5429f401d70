import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { cube } from '@electric-sql/pglite/contrib/cube';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

/**
 * Migrates one in-memory PGlite database for the api-pglite project and saves its data directory as a
 * tarball; each test file opens its own database from that file (`freshDatabase()` in build.ts)
 * instead of running initdb and every migration again.
 */
export default async function setup(project: TestProject) {
  const database = await openDatabase({ dataDir: 'memory://' });
  const tarball = await withoutTemplateDatabases(await database.dumpDataDir!());
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'localperks-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * The snapshot without initdb's template0 and template1: a test file's database is the `postgres` one, and
 * nothing creates databases on PGlite. The tarball shrinks from about 43 to 28 MB and from about 1,230 to
 * 640 files, and every test file's database opens in about 0.55 instead of 0.78 CPU-s
 * (docs/decisions/0034-suite-under-eight-minutes.md).
 */
async function withoutTemplateDatabases(tarball: Blob): Promise<Blob> {
  const pglite = await PGlite.create('memory://', { extensions: { pg_trgm, cube }, loadDataDir: tarball });
  try {
    for (const name of ['template0', 'template1']) {
      await pglite.exec(`alter database ${name} is_template false`);
      await pglite.exec(`drop database ${name}`);
    }
    await pglite.exec('checkpoint');
    return await pglite.dumpDataDir('none');
  } finally {
    await pglite.close();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite data directory tarball. */
    pgliteSnapshot: string;
  }
}
