import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Services have one shape (docs/decisions/0026-one-service-shape.md): every exported service function
 * that does work (returns a promise) takes `deps: Deps`, a `Pick<Deps, ...>` or a named `...Deps` type
 * first; one meant to run inside its caller's transaction may take `tx: Tx` first instead. No service
 * reads the time itself: no `new Date()` / `Date.now()` without an argument, no `now = new Date()`
 * default and no optional `now`: the caller passes `deps.clock.now()`, so tests fix or move the clock.
 *
 * GUARDED lists what is held to it, relative to apps/server/src: a folder stands for every `*.service.ts`
 * in it; a file is checked whatever its name. Add a module here once it is converted.
 */
const GUARDED = [
  // Converted by issue 12 item 9.
  'modules/deals',
  'modules/merchant-deals',
  'modules/merchant-deals/merchant-deals.boost.ts',
  'modules/purchases',
  'lib/rate-limit.ts',
  // Converted before.
  'modules/refunds',
  'modules/boosts',
  'modules/perkboost',
  // Not yet: checkout (orderStatus takes db: Db), merchant-dashboard (subscriptionStatus, merchantThread...),
  // and the modules being converted in parallel. disputes, ledger, payouts and sandbox pass already.
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
 * formatting) take what they compute from. Read from the syntax alone, so the check takes milliseconds:
 * a function that returns a promise without being `async` declares its `Promise<...>` return type.
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

describe('service shape', () => {
  it('every guarded service takes deps or tx first and reads the time only from the clock', () => {
    const files = [...new Set(GUARDED.flatMap(filesOf))];
    expect(files.length).toBeGreaterThanOrEqual(GUARDED.length);
    expect(files.flatMap((f) => breaches(f, readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('the check itself finds each kind of breach', () => {
    const source = `
      import type { Deps } from '../src/lib/deps';
      import type { Db, Tx } from '../src/db/client';
      export async function good(deps: Pick<Deps, 'db' | 'clock'>, id: string) { return deps.clock.now().getTime() + id.length; }
      export async function goodTx(tx: Tx, now: Date) { return [tx, now]; }
      export function pure(now: Date) { return now.getTime(); }
      export async function takesDb(db: Db, id: string) { return [db, id]; }
      export const arrowNoDeps = async (id: string) => id;
      export function promised(id: string): Promise<string> { return Promise.resolve(id); }
      export async function defaulted(deps: Deps, now = new Date()) { return [deps, now]; }
      export function optionalNow(tx: Tx, now?: Date): Promise<unknown> { return Promise.resolve([tx, now]); }
      export function readsClockItself() { return Date.now(); }
      const later = () => new Date(Date.now() + 1);
    `;
    const found = breaches(join(SRC, 'sample.service.ts'), source).map((b) => b.replace(/^[^ ]+ /, ''));
    expect(found).toEqual([
      'takesDb: first parameter is Db, not deps (Deps, Pick<Deps, ...>) or tx (Tx)',
      'arrowNoDeps: first parameter is string, not deps (Deps, Pick<Deps, ...>) or tx (Tx)',
      'promised: first parameter is string, not deps (Deps, Pick<Deps, ...>) or tx (Tx)',
      'parameter now defaults to the real time (new Date())',
      'parameter now is optional: the caller passes deps.clock.now()',
      'reads the real time (Date.now()): use deps.clock.now() or a now parameter',
      'reads the real time (Date.now()): use deps.clock.now() or a now parameter',
    ]);
  });
});
