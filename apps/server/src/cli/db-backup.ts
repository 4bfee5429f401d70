/**
 * `npm run db:backup [-- --out DIR]`: a consistent, timestamped backup of the database and the uploaded images
 * into DIR (default ./backups), as one tar file (docs/decisions/0043-backups.md). Uses the server's settings
 * (.env, DATABASE_URL or DATA_DIR, S3_*). On PostgreSQL it runs beside the live instances; the embedded
 * database (PGlite) belongs to one process, so its server must be stopped first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { uploadStorage } from '../lib/storage';
import { createBackup } from '../ops/backup';
import { loadDotEnv } from '../start';
import { runAsScript } from './run-as-script';

export async function main(argv = process.argv.slice(2), opts: { env?: NodeJS.ProcessEnv; readDotEnv?: boolean } = {}): Promise<number> {
  let out: string;
  let config;
  try {
    out = parseArgs({ args: argv, options: { out: { type: 'string', default: 'backups' } } }).values.out!;
    if (opts.readDotEnv ?? true) loadDotEnv();
    config = loadConfig(opts.env ?? process.env);
  } catch (err) {
    if (err instanceof ConfigError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error((err as Error).message);
      console.error('Usage: npm run db:backup [-- --out DIR]');
      return 2;
    }
    throw err;
  }
  if (!config.DATABASE_URL) {
    if (!fs.existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
      console.error(`No database in DATA_DIR ${config.dataDir}: nothing to back up.`);
      return 1;
    }
    if (fs.existsSync(path.join(config.dataDir, 'postmaster.pid'))) {
      console.error(
        `DATA_DIR ${config.dataDir} is in use (postmaster.pid): the embedded database belongs to one process. Stop the server, then run the backup. (After a crash, start and stop the server once.)`,
      );
      return 1;
    }
  }
  const database = await openDatabase(
    config.DATABASE_URL
      ? { url: config.DATABASE_URL, poolSize: 1, migrate: false, applicationName: 'localperks-backup' }
      : { dataDir: config.dataDir, migrate: false },
  );
  try {
    const { file, manifest } = await createBackup({
      database,
      url: config.DATABASE_URL,
      storage: await uploadStorage(config),
      outDir: path.resolve(out),
    });
    const rows = Object.values(manifest.database.tables).reduce((n, c) => n + c, 0);
    const images =
      manifest.uploads.storage === 'disk'
        ? `${manifest.uploads.files.length} image files`
        : `${manifest.uploads.objects.length} bucket objects listed`;
    console.log(`Backup written: ${file} (${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB)`);
    console.log(
      `  ${manifest.database.kind}: ${Object.keys(manifest.database.tables).length} tables, ${rows} rows; ledger ${manifest.database.ledger.entries} entries, sum ${manifest.database.ledger.sumCents} cents; ${images}`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runAsScript(import.meta.url, () => main());
