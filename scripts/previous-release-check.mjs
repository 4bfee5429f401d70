#!/usr/bin/env node
/**
 * `npm run test:previous-release`: the previous release's API tests, run by the previous release's code
 * against a database migrated with THIS release's migrations: what happens during a rolling deploy, when the
 * old instances keep serving while the new ones have migrated (docs/decisions/0044-rolling-migrations.md).
 *
 * - The previous release is PREVIOUS_RELEASE (any commit-ish: a tag, a hash), else the first parent of HEAD,
 *   which on main is what was deployed before this commit.
 * - When this release adds no migration to it, its tests already ran on this very schema: nothing to do,
 *   and the check costs a `git ls-tree`. Only a change of migrations pays for the run below.
 * - Its tree is unpacked with `git archive` into .tmp/previous-release (inside the repository, so the
 *   installed node_modules are found), its migrations folder is replaced by this release's, and its own
 *   vitest configuration runs its `api-postgres` project on a subset of its test files (PREVIOUS_RELEASE_TESTS,
 *   file names, comma-separated): its own global setup starts a throwaway PostgreSQL and migrates the
 *   template with the new migrations, through the old code.
 * - Without git history (not a checkout, a shallow clone without the parent) it says so and exits 0: there is
 *   no previous release to run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = path.join(root, '.tmp', 'previous-release');
/** Core flows whose reads and writes cover most tables: sign-in, browse, checkout, vouchers, refunds, payouts, merchant deals. */
const DEFAULT_TESTS = [
  'auth.test.ts',
  'deals.test.ts',
  'checkout.test.ts',
  'purchases.test.ts',
  'refunds.test.ts',
  'payouts.test.ts',
  'merchant-deals.test.ts',
  'admin-overview.test.ts',
];

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const say = (line) => console.log(`[previous-release] ${line}`);

function resolvePrevious() {
  try {
    git('rev-parse', '--is-inside-work-tree');
  } catch {
    return { skip: 'not a git checkout: no previous release to run' };
  }
  const wanted = process.env.PREVIOUS_RELEASE || 'HEAD^1';
  try {
    return { rev: git('rev-parse', '--verify', `${wanted}^{commit}`), name: wanted };
  } catch {
    if (process.env.PREVIOUS_RELEASE) throw new Error(`PREVIOUS_RELEASE=${wanted} is not a commit in this repository`);
    return { skip: `no ${wanted} in this clone (a shallow clone?): no previous release to run` };
  }
}

/**
 * The migrations folder (the one holding meta/_journal.json) and its journal's tags: at a commit, or (no
 * `rev`) in the working tree, so uncommitted migrations are checked too.
 */
function migrationsAt(rev) {
  const files = (rev ? git('ls-tree', '-r', '--name-only', rev) : git('ls-files', '--cached', '--others', '--exclude-standard')).split(
    '\n',
  );
  const journal = files.find((f) => f.endsWith('/migrations/meta/_journal.json') && f.startsWith('apps/server/'));
  if (!journal) throw new Error(`no apps/server/**/migrations/meta/_journal.json at ${rev ?? 'the working tree'}`);
  const text = rev ? git('show', `${rev}:${journal}`) : fs.readFileSync(path.join(root, journal), 'utf8');
  return { folder: path.dirname(path.dirname(journal)), tags: JSON.parse(text).entries.map((e) => e.tag) };
}

function main() {
  const previous = resolvePrevious();
  if (previous.skip) {
    say(`skipped: ${previous.skip}`);
    return 0;
  }
  const now = migrationsAt();
  const before = migrationsAt(previous.rev);
  const added = now.tags.filter((t) => !before.tags.includes(t));
  const removed = before.tags.filter((t) => !now.tags.includes(t));
  if (removed.length) {
    say(`FAILED: migrations of ${previous.name} are gone from this release (${removed.join(', ')}); a shipped migration is never removed`);
    return 1;
  }
  if (!added.length && !process.env.PREVIOUS_RELEASE_FORCE) {
    say(`no new migration since ${previous.name} (${previous.rev.slice(0, 10)}): its tests already ran on this schema`);
    return 0;
  }
  say(`${previous.name} (${previous.rev.slice(0, 10)}) against this release's schema (new: ${added.join(', ') || 'none'})`);

  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  try {
    const archive = spawnSync('git', ['archive', '--format=tar', previous.rev], { cwd: root, maxBuffer: 1 << 30 });
    if (archive.status !== 0) throw new Error(`git archive failed: ${archive.stderr}`);
    const untar = spawnSync('tar', ['-x', '-C', work], { input: archive.stdout });
    if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
    // The old code, this release's migrations.
    const oldFolder = path.join(work, before.folder);
    fs.rmSync(oldFolder, { recursive: true, force: true });
    fs.cpSync(path.join(root, now.folder), oldFolder, { recursive: true });
    // Its own workspace packages (the shared schemas of that release), found before the installed ones.
    for (const [pkg, dir] of [
      ['shared', 'packages/shared'],
      ['server', 'apps/server'],
      ['web', 'apps/web'],
    ]) {
      const link = path.join(work, 'node_modules', '@localperks', pkg);
      fs.mkdirSync(path.dirname(link), { recursive: true });
      if (fs.existsSync(path.join(work, dir))) fs.symlinkSync(path.join('..', '..', dir), link);
    }
    const wanted = (process.env.PREVIOUS_RELEASE_TESTS?.split(',') ?? DEFAULT_TESTS).map((s) => s.trim()).filter(Boolean);
    const files = git('ls-tree', '-r', '--name-only', previous.rev)
      .split('\n')
      .filter((f) => f.startsWith('apps/server/') && wanted.includes(path.basename(f)));
    if (!files.length) throw new Error(`none of ${wanted.join(', ')} exists at ${previous.rev}`);
    say(`${files.length} test files: ${files.map((f) => path.basename(f)).join(', ')}`);
    const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
    const run = spawnSync(process.execPath, [vitest, 'run', '--project', 'api-postgres', ...files], {
      cwd: work,
      stdio: 'inherit',
      env: { ...process.env, CI: process.env.CI ?? 'true' },
    });
    say(run.status === 0 ? 'passed' : `FAILED: the previous release's tests fail on this release's schema (exit ${run.status})`);
    return run.status ?? 1;
  } finally {
    if (!process.env.PREVIOUS_RELEASE_KEEP) fs.rmSync(work, { recursive: true, force: true });
  }
}

try {
  process.exitCode = main();
} catch (err) {
  say(`FAILED: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
