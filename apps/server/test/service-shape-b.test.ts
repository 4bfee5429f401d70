import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Services have one shape (issue 12 item 9), second half: the support, admin, auth, business, merchant and
 * messaging modules and the mailer. Every exported service function that does work (returns a promise)
 * takes `deps: Deps`, a `Pick<Deps, ...>` or a named `...Deps` type first; one meant to run inside its
 * caller's transaction may take `tx: Tx` first instead, with a required `now`. No service reads the time
 * itself: no `new Date()` / `Date.now()` without an argument, no `now = new Date()` default and no optional
 * `now`: the caller passes `deps.clock.now()`, so tests fix or move the clock (test/clock.ts).
 *
 * The checks are those of test/service-shape.test.ts (the first half's list); this file holds its own list
 * so the two halves could be converted in parallel. GUARDED is relative to apps/server/src: a folder stands
 * for every `*.service.ts` in it; a file is checked whatever its name.
 */
const GUARDED = [
  'modules/support',
  'modules/admin-support',
  'modules/admin-settings',
  'modules/admin-merchants',
  'modules/auth',
  'modules/auth/tokens.ts',
  'modules/admin-auth',
  'modules/businesses',
  'modules/merchants',
  'modules/customer-messages',
  'modules/admin-notifications',
  'mail/mailer.ts',
];

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../src');

function filesOf(entry: string): string[] {
  const path = join(SRC, entry);
  if (!existsSync(path)) throw new Error(`service-shape: ${entry} does not exist under apps/server/src`);
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((f) => f.endsWith('.service.ts'))
    .map((f) => join(path, f));
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
 * message text) take what they compute from.
 */
function isService(fn: ts.SignatureDeclaration, sf: ts.SourceFile): boolean {
  const isAsync = (ts.getModifiers(fn as ts.FunctionDeclaration) ?? []).some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
  return isAsync || /^Promise\s*</.test(fn.type?.getText(sf) ?? '');
}

/** Every breach of the shape in one source file, one line each (`file:line what`). */
function breaches(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (n: ts.Node) => `${relative(SRC, file)}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;

  for (const fn of exportedFunctions(sf)) {
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

describe('service shape (support, admin, auth, businesses, merchants, messages, mail)', () => {
  it('every guarded service takes deps or tx first and reads the time only from the clock', () => {
    const files = [...new Set(GUARDED.flatMap(filesOf))];
    // Each listed module still has its service file(s): a rename cannot empty the list unnoticed.
    expect(files.length).toBeGreaterThanOrEqual(GUARDED.length);
    expect(files.flatMap((f) => breaches(f, readFileSync(f, 'utf8')))).toEqual([]);
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
      export const notice = (reason: string) => 'Rejected: ' + reason;
      export async function takesDb(db: Db, page: number) { return [db, page]; }
      export async function takesMailer(mailer: { send(): void }, to: string) { return [mailer, to]; }
      export const arrowNoDeps = async (id: string) => id;
      export function promised(id: string): Promise<string> { return Promise.resolve(id); }
      export async function defaulted(deps: Deps, now = new Date()) { return [deps, now]; }
      export function optionalNow(tx: Tx, now?: Date): Promise<unknown> { return Promise.resolve([tx, now]); }
      export async function stamps(tx: Tx) { return { updatedAt: new Date() }; }
      const expiry = (ttlMs: number) => new Date(Date.now() + ttlMs);
    `;
    const found = breaches(join(SRC, 'sample.service.ts'), source).map((b) => b.replace(/^[^ ]+ /, ''));
    expect(found).toEqual([
      'takesDb: first parameter is Db, not deps (Deps, Pick<Deps, ...>) or tx (Tx)',
      'takesMailer: first parameter is { send(): void }, not deps (Deps, Pick<Deps, ...>) or tx (Tx)',
      'arrowNoDeps: first parameter is string, not deps (Deps, Pick<Deps, ...>) or tx (Tx)',
      'promised: first parameter is string, not deps (Deps, Pick<Deps, ...>) or tx (Tx)',
      'parameter now defaults to the real time (new Date())',
      'parameter now is optional: the caller passes deps.clock.now()',
      'reads the real time (new Date()): use deps.clock.now() or a now parameter',
      'reads the real time (Date.now()): use deps.clock.now() or a now parameter',
    ]);
  });
});
