import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The type-aware rules run in oxlint (.oxlintrc.json), not in ESLint (docs/decisions/0036-type-aware-lint-in-oxlint.md).
 * This runs the project's own oxlint settings (its rules with their options, unused-directive reporting) on a
 * file that breaks each rule once, on lines marked `expect:`, and wants exactly those findings: a rule left
 * out of the config, an option that stops a rule from firing, or oxlint not running the type-aware rules at
 * all (no tsgolint) fails here. The file's own folder is ignored by the project's lint run, and the
 * override that lets tests use `any` is left out so the no-unsafe-* rules apply to it.
 */
const root = path.join(import.meta.dirname, '..');
const oxlint = path.join(root, 'node_modules', '.bin', 'oxlint');
const fixture = path.join('test', 'lint-fixtures', 'type-aware.ts');

interface Finding {
  code: string;
  message: string;
  labels: { span: { line: number } }[];
}

function runOxlint(args: string[]): { diagnostics: Finding[] } {
  try {
    return JSON.parse(execFileSync(oxlint, args, { cwd: root, encoding: 'utf8' })) as { diagnostics: Finding[] };
  } catch (error) {
    // oxlint exits 1 when it finds something: the report is still on stdout.
    const stdout = (error as { stdout?: string }).stdout;
    if (!stdout) throw error;
    return JSON.parse(stdout) as { diagnostics: Finding[] };
  }
}

describe('type-aware lint (oxlint with tsgolint)', () => {
  // Two oxlint runs, one of them building a TypeScript program, while the other suites run beside it.
  it('reports every type-aware rule of the project, and an unused disable directive', { timeout: 30_000 }, () => {
    const config = JSON.parse(execFileSync(oxlint, ['--print-config'], { cwd: root, encoding: 'utf8' })) as Record<string, unknown>;
    expect(config.options).toMatchObject({ typeAware: true, reportUnusedDisableDirectives: 'deny' });
    delete config.ignorePatterns;
    delete config.overrides;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-oxlint-'));
    const configFile = path.join(dir, 'oxlintrc.json');
    fs.writeFileSync(configFile, JSON.stringify(config));
    try {
      const { diagnostics } = runOxlint(['-c', configFile, '-f', 'json', fixture]);
      // A directive that disables nothing is reported on the directive's own line.
      const found = diagnostics
        .map((d) => {
          const what = /unused|disable directive/i.test(d.message) ? 'unused directive' : (/\(([^)]+)\)$/.exec(d.code)?.[1] ?? d.code);
          return `${d.labels[0]!.span.line} ${what}`;
        })
        .sort((a, b) => a.localeCompare(b));

      const lines = fs.readFileSync(path.join(root, fixture), 'utf8').split('\n');
      const expected = lines
        .flatMap((line, i) => {
          const marked = /expect: (.+)$/.exec(line)?.[1];
          if (!marked) return [];
          return marked === 'unused directive' ? [`${i + 1} unused directive`] : marked.split(' ').map((rule) => `${i + 1} ${rule}`);
        })
        .sort((a, b) => a.localeCompare(b));

      expect(found).toEqual(expected);
      expect(expected.filter((e) => e.endsWith(' unused directive'))).toHaveLength(1);
      // Every rule of the project's config is broken once in the fixture: a new rule needs a line there.
      const rules = Object.keys(config.rules as object).map((r) => r.replace(/^typescript\//, ''));
      const broken = expected.filter((e) => !e.endsWith(' unused directive')).flatMap((e) => e.split(' ').slice(1));
      expect(new Set(broken)).toEqual(new Set(rules));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
