import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Services have one shape (docs/decisions/0026-one-service-shape.md): every exported service function
 * that does work (returns a promise) takes `deps: Deps`, a `Pick<Deps, ...>` or a named `...Deps` type
 * first; one meant to run inside its caller's transaction may take `tx: Tx` first instead, with a required
 * `now`. No service reads the time itself: no `new Date()` / `Date.now()` without an argument, no
 * `now = new Date()` default and no optional `now`: the caller passes `deps.clock.now()`, so tests fix or
 * move the clock (test/clock.ts).
 *
 * What is held to it is found, not listed: every feature folder under apps/server/src/modules/<area>/, read
 * afresh on each run, so a new module is guarded the day it is added. In a module folder
 * - each `*.service.ts` is held to the whole shape (a folder without one is fine);
 * - every other source file (routes, e-mails, helpers; tests excepted) reads the time only from the clock:
 *   a route passes `app.deps.clock.now()`, it does not stamp `new Date()`.
 */

/** Files outside the module folders' `*.service.ts` held to the whole shape (relative to apps/server/src). */
const ALSO_GUARDED = [
  'lib/rate-limit.ts',
  'lib/images.ts',
  'mail/mailer.ts',
  'modules/accounts/auth/tokens.ts',
  'modules/merchant/merchant-deals/merchant-deals.boost.ts',
];

/**
 * Module folders not converted yet, each with what is left. Empty: every module is converted. A folder
 * named here must exist, so the list cannot outlive its modules unnoticed.
 */
const NOT_YET: string[] = [];

/**
 * Reads of the real time in module files that are infrastructure, not domain time (0026), with how many
 * each file holds: one more in the same file is caught.
 */
const REAL_TIME_ALLOWED: Record<string, { reads: number; why: string }> = {
  'modules/catalog/deals/deals.routes.ts': { reads: 2, why: 'freshness of the browse route’s answered-URL cache (Date.now() in ms)' },
};

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../src');

const isSource = (f: string) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts');

const subfolders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** The module (feature) folders under `src/modules/<area>/`, as found on disk: `area/feature`. */
function moduleFolders(src: string): string[] {
  const modules = join(src, 'modules');
  return subfolders(modules)
    .flatMap((area) => subfolders(join(modules, area)).map((feature) => `${area}/${feature}`))
    .sort();
}

/**
 * What the guard reads under `src`: `shape` files (every module's `*.service.ts` and ALSO_GUARDED) get every
 * check; `time` files (the modules' other sources) get the time checks.
 */
function guardedFiles(src: string, also: string[] = [], notYet: string[] = []): { shape: string[]; time: string[] } {
  const shape: string[] = [];
  const time: string[] = [];
  for (const folder of moduleFolders(src)) {
    if (notYet.includes(folder)) continue;
    const dir = join(src, 'modules', folder);
    for (const f of readdirSync(dir).filter(isSource).sort()) (f.endsWith('.service.ts') ? shape : time).push(join(dir, f));
  }
  for (const entry of also) {
    const path = join(src, entry);
    if (!existsSync(path) || statSync(path).isDirectory()) throw new Error(`service-shape: ${entry} is not a file under ${src}`);
    if (!shape.includes(path)) shape.push(path);
  }
  return { shape, time: time.filter((f) => !shape.includes(f)) };
}

/** A first parameter typed `Deps`, `SomethingDeps`, a `Pick<...>` of either, or `Tx`. */
const SERVICE_FIRST_PARAM = /^((?:[A-Z]\w*)?Deps|Pick<\s*(?:[A-Z]\w*)?Deps\s*,[\s\S]*>|Tx)$/;

interface ExportedFunction {
  name: string;
  node: ts.SignatureDeclaration;
}

function exportedFunctions(sf: ts.SourceFile): ExportedFunction[] {
  const isExported = (n: ts.Node) =>
    ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const found: ExportedFunction[] = [];
  for (const statement of sf.statements) {
    if (ts.isFunctionDeclaration(statement) && isExported(statement) && statement.name && statement.body) {
      found.push({ name: statement.name.text, node: statement });
    } else if (ts.isVariableStatement(statement) && isExported(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))) {
          found.push({ name: d.name.text, node: d.initializer });
        }
      }
    }
  }
  return found;
}

const isDate = (e: ts.Expression) => ts.isIdentifier(e) && e.text === 'Date';
/** `new Date()` or `Date.now()`: the real time, read where a clock should be. */
function readsRealTime(n: ts.Node): boolean {
  if (ts.isNewExpression(n)) return isDate(n.expression) && (n.arguments?.length ?? 0) === 0;
  return (
    ts.isCallExpression(n) &&
    n.arguments.length === 0 &&
    ts.isPropertyAccessExpression(n.expression) &&
    isDate(n.expression.expression) &&
    n.expression.name.text === 'now'
  );
}

/**
 * A service does work: it is `async` or says it returns a `Promise`. Pure helpers (rules, SQL fragments,
 * formatting) take what they compute from. Read from the syntax alone, so the check takes milliseconds:
 * a function that returns a promise without being `async` declares its `Promise<...>` return type.
 */
function isService(fn: ts.SignatureDeclaration, sf: ts.SourceFile): boolean {
  const isAsync = (ts.getModifiers(fn as ts.FunctionDeclaration) ?? []).some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
  return isAsync || /^Promise\s*</.test(fn.type?.getText(sf) ?? '');
}

/**
 * Every breach in one source file, one line each (`file:line what`): of the whole shape, or with
 * `timeOnly` of the time rules alone (a route is not a service, but it reads the time from the clock).
 */
function breaches(file: string, text: string, { timeOnly = false, root = SRC } = {}): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (n: ts.Node) => `${relative(root, file)}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;

  for (const fn of timeOnly ? [] : exportedFunctions(sf)) {
    if (!isService(fn.node, sf)) continue;
    const first = fn.node.parameters[0];
    const type = first?.type?.getText(sf).replace(/\s+/g, ' ') ?? '(none)';
    if (!first || !SERVICE_FIRST_PARAM.test(type)) {
      found.push(`${at(first ?? fn.node)} ${fn.name}: first parameter is ${type}, not deps (Deps, Pick<Deps, ...>) or tx (Tx)`);
    }
  }

  const visit = (n: ts.Node) => {
    if (ts.isParameter(n) && ts.isIdentifier(n.name)) {
      if (n.initializer && readsRealTime(n.initializer)) {
        found.push(`${at(n)} parameter ${n.name.text} defaults to the real time (${n.initializer.getText(sf)})`);
      } else if (n.name.text === 'now' && (n.questionToken || n.initializer)) {
        found.push(`${at(n)} parameter now is optional: the caller passes deps.clock.now()`);
      }
    }
    if (readsRealTime(n) && !(ts.isParameter(n.parent) && n.parent.initializer === n)) {
      found.push(`${at(n)} reads the real time (${n.getText(sf)}): use deps.clock.now() or a now parameter`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

const read = (f: string) => readFileSync(f, 'utf8');
/** The file a breach line (`file:line what`) is about. */
const fileOf = (breach: string) => breach.slice(0, breach.indexOf(':'));

describe('service shape', () => {
  it('finds every module folder itself; NOT_YET and REAL_TIME_ALLOWED name real ones', () => {
    const folders = moduleFolders(SRC);
    expect(folders).toEqual(
      expect.arrayContaining([
        'orders/checkout',
        'catalog/deals',
        'engagement/favorites',
        'merchant/merchant-dashboard',
        'platform/system',
      ]),
    );
    for (const folder of NOT_YET) expect(folders).toContain(folder);
    for (const file of Object.keys(REAL_TIME_ALLOWED)) expect(existsSync(join(SRC, file)), file).toBe(true);
    const { shape, time } = guardedFiles(SRC, ALSO_GUARDED, NOT_YET);
    expect(shape.map((f) => relative(SRC, f))).toEqual(
      expect.arrayContaining([
        'modules/orders/checkout/checkout.service.ts',
        'modules/money/merchant-money/merchant-payouts.service.ts',
        ...ALSO_GUARDED,
      ]),
    );
    expect(time.map((f) => relative(SRC, f))).toEqual(
      expect.arrayContaining([
        'modules/engagement/favorites/favorites.routes.ts',
        'modules/accounts/account/account.routes.ts',
        'modules/platform/system/system.routes.ts',
      ]),
    );
  });

  it('every service takes deps or tx first and reads the time only from the clock', () => {
    const { shape } = guardedFiles(SRC, ALSO_GUARDED, NOT_YET);
    expect(shape.flatMap((f) => breaches(f, read(f)))).toEqual([]);
    // It parses every service file: seconds on a busy 2-core machine, more than the unit default.
  }, 60_000);

  it('routes and the modules’ other files read the time only from the clock', () => {
    const { time } = guardedFiles(SRC, ALSO_GUARDED, NOT_YET);
    const found = time.flatMap((f) => breaches(f, read(f), { timeOnly: true }));
    expect(found.filter((b) => !(fileOf(b) in REAL_TIME_ALLOWED))).toEqual([]);
    for (const [file, { reads }] of Object.entries(REAL_TIME_ALLOWED))
      expect(
        found.filter((b) => fileOf(b) === file),
        file,
      ).toHaveLength(reads);
  });

  it('guards a new module folder without being told, and one without a service file', () => {
    const root = mkdtempSync(join(tmpdir(), 'service-shape-'));
    try {
      mkdirSync(join(root, 'modules/area/new-thing'), { recursive: true });
      mkdirSync(join(root, 'modules/area/no-service'), { recursive: true });
      writeFileSync(join(root, 'modules/area/new-thing/new-thing.service.ts'), 'export async function listThings(db: Db) { return db; }\n');
      writeFileSync(join(root, 'modules/area/new-thing/new-thing.test.ts'), 'const at = new Date();\n');
      writeFileSync(
        join(root, 'modules/area/no-service/no-service.routes.ts'),
        'export async function routes(app: App) { return new Date(); }\n',
      );
      const { shape, time } = guardedFiles(root);
      expect(shape.map((f) => relative(root, f))).toEqual(['modules/area/new-thing/new-thing.service.ts']);
      expect(time.map((f) => relative(root, f))).toEqual(['modules/area/no-service/no-service.routes.ts']);
      expect([
        ...shape.flatMap((f) => breaches(f, read(f), { root })),
        ...time.flatMap((f) => breaches(f, read(f), { root, timeOnly: true })),
      ]).toEqual([
        'modules/area/new-thing/new-thing.service.ts:1 listThings: first parameter is Db, not deps (Deps, Pick<Deps, ...>) or tx (Tx)',
        'modules/area/no-service/no-service.routes.ts:1 reads the real time (new Date()): use deps.clock.now() or a now parameter',
      ]);
      expect(guardedFiles(root, [], ['area/new-thing']).shape).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('the check itself finds each kind of breach', () => {
    const source = `
      import type { Deps } from '../src/lib/deps';
      import type { Db, Tx } from '../src/db/client';
      export interface AuthDeps extends Pick<Deps, 'db' | 'clock'> { limits: unknown }
      export async function good(deps: Pick<Deps, 'db' | 'clock'>, id: string) { return deps.clock.now().getTime() + id.length; }
      export async function named(deps: AuthDeps) { return deps.clock.now(); }
      export async function picked(deps: Pick<AuthDeps, 'db'>) { return deps.db; }
      export async function goodTx(tx: Tx, now: Date) { return [tx, now]; }
      export function pure(now: Date) { return now.getTime(); }
      export const notice = (reason: string) => 'Rejected: ' + reason;
      export async function takesDb(db: Db, id: string) { return [db, id]; }
      export async function takesMailer(mailer: { send(): void }, to: string) { return [mailer, to]; }
      export const arrowNoDeps = async (id: string) => id;
      export function promised(id: string): Promise<string> { return Promise.resolve(id); }
      export async function defaulted(deps: Deps, now = new Date()) { return [deps, now]; }
      export function optionalNow(tx: Tx, now?: Date): Promise<unknown> { return Promise.resolve([tx, now]); }
      export function readsClockItself() { return Date.now(); }
      export async function stamps(tx: Tx) { return { updatedAt: new Date() }; }
      const later = () => new Date(Date.now() + 1);
    `;
    const found = breaches(join(SRC, 'sample.service.ts'), source).map((b) => b.replace(/^[^ ]+ /, ''));
    const time = [
      'parameter now defaults to the real time (new Date())',
      'parameter now is optional: the caller passes deps.clock.now()',
      'reads the real time (Date.now()): use deps.clock.now() or a now parameter',
      'reads the real time (new Date()): use deps.clock.now() or a now parameter',
      'reads the real time (Date.now()): use deps.clock.now() or a now parameter',
    ];
    expect(found).toEqual([
      'takesDb: first parameter is Db, not deps (Deps, Pick<Deps, ...>) or tx (Tx)',
      'takesMailer: first parameter is { send(): void }, not deps (Deps, Pick<Deps, ...>) or tx (Tx)',
      'arrowNoDeps: first parameter is string, not deps (Deps, Pick<Deps, ...>) or tx (Tx)',
      'promised: first parameter is string, not deps (Deps, Pick<Deps, ...>) or tx (Tx)',
      ...time,
    ]);
    // A route file is held to the time rules only.
    expect(breaches(join(SRC, 'sample.routes.ts'), source, { timeOnly: true }).map((b) => b.replace(/^[^ ]+ /, ''))).toEqual(time);
  });
});
