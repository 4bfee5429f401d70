/**
 * `npm run db:restore -- FILE`: restores a backup made by `npm run db:backup` into an EMPTY database (a new
 * PostgreSQL database at DATABASE_URL, or an empty DATA_DIR), writes the images back (or checks that the
 * bucket still has every object), then compares every table's row count and the ledger's sums with the
 * backup's manifest (docs/decisions/0043-backups.md). Exit code 0 only when everything matches.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { uploadStorage } from '../lib/storage';
import { compareSummaries, restoreBackup, RestoreError } from '../ops/backup';
import { loadDotEnv } from '../start';
import { runAsScript } from './run-as-script';

export async function main(argv = process.argv.slice(2), opts: { env?: NodeJS.ProcessEnv; readDotEnv?: boolean } = {}): Promise<number> {
  let file: string | undefined;
  let config;
  try {
    file = parseArgs({ args: argv, allowPositionals: true, options: {} }).positionals[0];
    if (opts.readDotEnv ?? true) loadDotEnv();
    config = loadConfig(opts.env ?? process.env);
  } catch (err) {
    if (!(err instanceof ConfigError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))) throw err;
    console.error((err as Error).message);
    file = undefined;
  }
  if (!file || !config) {
    console.error(
      'Usage: npm run db:restore -- backups/localperks-<kind>-<time>.tar   (into an empty DATABASE_URL database or an empty DATA_DIR)',
    );
    return 2;
  }
  const storage = await uploadStorage(config);
  let restored;
  try {
    restored = await restoreBackup({ file, url: config.DATABASE_URL, dataDir: config.dataDir, storage });
  } catch (err) {
    if (err instanceof RestoreError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const { manifest, missingObjects } = restored;
  const problems = compareSummaries(manifest.database, restored.restored);
  if (missingObjects.length)
    problems.push(
      `${missingObjects.length} images listed in the backup are missing from the bucket: ${missingObjects.slice(0, 10).join(', ')}${missingObjects.length > 10 ? ', …' : ''}`,
    );
  const rows = Object.values(manifest.database.tables).reduce((n, c) => n + c, 0);
  if (problems.length) {
    console.error(`Restored ${file}, but it does not match its backup:\n  ${problems.join('\n  ')}`);
    return 1;
  }
  console.log(
    `Restored ${file} (taken ${manifest.createdAt}): ${Object.keys(manifest.database.tables).length} tables and ${rows} rows match the backup; ledger ${manifest.database.ledger.entries} entries, sum ${manifest.database.ledger.sumCents} cents.`,
  );
  return 0;
}

runAsScript(import.meta.url, () => main());
