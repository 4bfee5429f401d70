import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { AREAS, SERVER_ABOVE_AREAS, SERVER_AREAS_DIR, SERVER_BELOW_AREAS, WEB_AREAS_DIR } from '../areas.config.mjs';

/**
 * The code map holds (docs/decisions/0038-business-areas.md): the server's modules and the web's features
 * are grouped into the business areas of areas.config.mjs; code outside an area imports only its
 * index.ts; one area imports another only along a recorded arrow; the server's code below the areas
 * imports none, and the areas import none of the code that composes them; and no files import each
 * other in a loop. ESLint's import-x/no-restricted-paths checks the same boundaries file by file while
 * editing (eslint.config.js); this test reads the whole import graph afresh on each run, with the
 * TypeScript compiler's own scanner, so a new file or folder is held to it the day it is added.
 */

const ROOT = join(import.meta.dirname, '..');
const SOURCE_ROOTS = ['apps/server/src', 'apps/server/test', 'apps/server/bench', 'apps/web/src'];
const EXTENSIONS = ['.ts', '.tsx', '.mts'];

export interface ImportEdge {
  from: string;
  to: string;
}

const isTest = (f: string) => /\.test\.tsx?$/.test(f) || f.startsWith('apps/server/test/');
const under = (f: string, place: string) => f === place || f.startsWith(`${place}/`);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'migrations' ? [] : sourceFiles(path);
    return EXTENSIONS.some((x) => e.name.endsWith(x)) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string, known: Set<string>): string | null {
  const base = normalize(join(dirname(from), specifier)).replaceAll('\\', '/');
  const candidates = [base, ...EXTENSIONS.map((x) => base + x), ...EXTENSIONS.map((x) => `${base}/index${x}`)];
  if (base.endsWith('.js')) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((c) => known.has(c)) ?? null;
}

/** Every relative import (static, `export … from`, `import()`, type-only too) between this repository's source files. */
function importGraph(): { files: string[]; edges: ImportEdge[] } {
  const files = SOURCE_ROOTS.flatMap(sourceFiles);
  const known = new Set(files);
  const edges: ImportEdge[] = [];
  for (const from of files) {
    const info = ts.preProcessFile(readFileSync(join(ROOT, from), 'utf8'), true, true);
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = resolveImport(from, fileName, known);
      if (to) edges.push({ from, to });
    }
  }
  return { files, edges };
}

interface Side {
  name: 'server' | 'web';
  dir: string;
}
const SIDES: Side[] = [
  { name: 'server', dir: SERVER_AREAS_DIR },
  { name: 'web', dir: WEB_AREAS_DIR },
];

/** The area a file belongs to, on either side, or null. */
function areaOf(file: string): { side: Side; area: string } | null {
  for (const side of SIDES) if (file.startsWith(`${side.dir}/`)) return { side, area: file.slice(side.dir.length + 1).split('/')[0]! };
  return null;
}

const faceOf = (side: Side, area: string) => `${side.dir}/${area}/index.ts`;

/**
 * Imports that reach into another area's files instead of its index.ts. On the web, the code that composes
 * the features into pages (app/, the entry points) imports feature files: lazy routes split the bundle on them.
 */
export function deepImports(edges: ImportEdge[]): string[] {
  return edges
    .filter(({ from, to }) => {
      const target = areaOf(to);
      if (!target || to === faceOf(target.side, target.area)) return false;
      const source = areaOf(from);
      if (source && source.side === target.side && source.area === target.area) return false;
      if (!source && target.side.name === 'web') return false;
      return true;
    })
    .map(({ from, to }) => `${from} -> ${to}`);
}

/** Imports from one area to another that no recorded arrow allows. */
export function arrowsAgainstTheMap(edges: ImportEdge[], areas: Readonly<Record<string, readonly string[]>> = AREAS): string[] {
  return edges
    .flatMap(({ from, to }) => {
      const source = areaOf(from);
      const target = areaOf(to);
      if (!source || !target || source.area === target.area) return [];
      return (areas[source.area] ?? []).includes(target.area) ? [] : [`${source.area} -> ${target.area} (${from} -> ${to})`];
    })
    .sort();
}

/** Server code below the areas that imports one, and area code (tests aside) that imports what composes the areas. */
export function layerBreaches(edges: ImportEdge[]): string[] {
  const below = (f: string) => SERVER_BELOW_AREAS.some((p) => under(f, p));
  const composing = (f: string) => SERVER_ABOVE_AREAS.filter((p) => p.startsWith('apps/server/src/')).some((p) => under(f, p));
  return edges
    .filter(
      ({ from, to }) => (below(from) && under(to, SERVER_AREAS_DIR)) || (under(from, SERVER_AREAS_DIR) && !isTest(from) && composing(to)),
    )
    .map(({ from, to }) => `${from} -> ${to}`);
}

/** Files that import each other in a loop (strongly connected components of more than one file, or a file importing itself). */
export function importCycles(edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  // Tarjan's algorithm, iteratively: the graph is deep enough to matter for recursion.
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1]!;
      const outs = next.get(top.node) ?? [];
      if (top.i < outs.length) {
        const w = outs[top.i++]!;
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, i: 0 });
        } else if (onStack.has(w)) low.set(top.node, Math.min(low.get(top.node)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== top.node);
        if (component.length > 1 || outs.includes(top.node)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}

/** Areas in an order where each comes after every area it may import; throws on a loop of arrows or an unknown name. */
function layerOrder(areas: Readonly<Record<string, readonly string[]>>): string[] {
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (area: string, path: string[]) => {
    if (!(area in areas)) throw new Error(`unknown area ${area} (from ${path.join(' -> ')})`);
    if (state.get(area) === 'done') return;
    if (state.get(area) === 'visiting') throw new Error(`the arrows loop: ${[...path, area].join(' -> ')}`);
    state.set(area, 'visiting');
    for (const lower of areas[area]!) visit(lower, [...path, area]);
    state.set(area, 'done');
    order.push(area);
  };
  for (const area of Object.keys(areas)) visit(area, []);
  return order;
}

const { files, edges } = importGraph();
const sourceEdges = edges.filter((e) => !isTest(e.from));

describe('the code map (docs/decisions/0038-business-areas.md)', () => {
  it('records the areas as layers: every arrow points to a known area and no arrows loop', () => {
    expect(layerOrder(AREAS)).toHaveLength(Object.keys(AREAS).length);
    expect(() => layerOrder({ money: ['orders'], orders: ['money'] })).toThrow('the arrows loop: money -> orders -> money');
  });

  it('groups the server modules and the web features into exactly those areas, by folder', () => {
    for (const side of SIDES) {
      const folders = readdirSync(join(ROOT, side.dir)).filter((e) => statSync(join(ROOT, side.dir, e)).isDirectory());
      expect(folders.sort(), side.name).toEqual(Object.keys(AREAS).sort());
      // Nothing sits loose beside the areas but their faces.
      const loose = readdirSync(join(ROOT, side.dir)).filter((e) => !statSync(join(ROOT, side.dir, e)).isDirectory());
      expect(loose, side.name).toEqual([]);
    }
    // Every server area has its public face.
    for (const area of Object.keys(AREAS)) expect(files, area).toContain(faceOf(SIDES[0]!, area));
  });

  it('places every server source file in an area, below the areas or above them', () => {
    const placed = (f: string) =>
      under(f, SERVER_AREAS_DIR) || [...SERVER_BELOW_AREAS, ...SERVER_ABOVE_AREAS].some((p) => under(f, p)) || isTest(f);
    expect(files.filter((f) => f.startsWith('apps/server/') && !placed(f))).toEqual([]);
  });

  it('reaches into no other area’s files: code outside an area imports only its index.ts (tests too)', () => {
    expect(edges.length).toBeGreaterThan(1000);
    expect(deepImports(edges)).toEqual([]);
  });

  it('imports from one area to another only along a recorded arrow', () => {
    expect(arrowsAgainstTheMap(edges)).toEqual([]);
  });

  it('keeps the server’s layers: db, lib, mail, payments, plugins import no area; no area imports app.ts, jobs/index.ts, ssr/, demo/ or cli/', () => {
    expect(layerBreaches(edges)).toEqual([]);
  });

  it('has no import cycle, of files or of areas (tests aside)', () => {
    expect(importCycles(sourceEdges)).toEqual([]);
  });

  it('finds each kind of breach when one is there', () => {
    const merchantFile = `${SERVER_AREAS_DIR}/merchant/boosts/boosts.service.ts`;
    const moneyFile = `${SERVER_AREAS_DIR}/money/billing/billing.service.ts`;
    const merchantFace = `${SERVER_AREAS_DIR}/merchant/index.ts`;
    const moneyFace = `${SERVER_AREAS_DIR}/money/index.ts`;
    // Into a file instead of the face; and a test inside the area may still use its own files.
    expect(deepImports([{ from: merchantFile, to: moneyFile }])).toEqual([`${merchantFile} -> ${moneyFile}`]);
    expect(
      deepImports([
        { from: merchantFile, to: moneyFace },
        { from: 'apps/server/src/modules/money/x.test.ts', to: moneyFile },
      ]),
    ).toEqual([]);
    expect(deepImports([{ from: 'apps/server/src/jobs/index.ts', to: moneyFile }])).toHaveLength(1);
    expect(deepImports([{ from: `${WEB_AREAS_DIR}/orders/checkout/api.ts`, to: `${WEB_AREAS_DIR}/catalog/deals/api.ts` }])).toHaveLength(1);
    // Against the arrows: money below merchant may not import it, even through its face.
    expect(arrowsAgainstTheMap([{ from: moneyFile, to: merchantFace }])).toEqual([`money -> merchant (${moneyFile} -> ${merchantFace})`]);
    expect(arrowsAgainstTheMap([{ from: merchantFile, to: moneyFace }])).toEqual([]);
    // Layers, and loops of files.
    expect(layerBreaches([{ from: 'apps/server/src/lib/deps.ts', to: moneyFace }])).toHaveLength(1);
    expect(layerBreaches([{ from: moneyFile, to: 'apps/server/src/jobs/index.ts' }])).toHaveLength(1);
    expect(
      importCycles([
        { from: 'a.ts', to: 'b.ts' },
        { from: 'b.ts', to: 'c.ts' },
        { from: 'c.ts', to: 'a.ts' },
        { from: 'c.ts', to: 'd.ts' },
      ]),
    ).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
