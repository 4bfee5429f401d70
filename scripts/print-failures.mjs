/**
 * After a failed `npm run test:suites`: the failed tests of both runners once more, last in the output, each with the
 * first lines of its error. vitest and the journeys run side by side and print into one log, and the longer one's
 * output would otherwise push the other's failures out of a shortened log (CI shows its tail). Reads the runs' JSON
 * (vitest.config.ts, playwright.config.ts) and exits 1: it only runs when a suite failed.
 */
import fs from 'node:fs';

const read = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};
const firstLines = (text = '') =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, 4)
    .map((l) => `      ${l.trim().slice(0, 300)}`)
    .join('\n');

const failed = [];
const vitest = read('test-results/vitest.json');
if (!vitest) failed.push('vitest: no results (test-results/vitest.json): it did not finish, see its output above');
for (const file of vitest?.testResults ?? []) {
  const name = file.name.replace(`${process.cwd()}/`, '');
  const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
  for (const t of tests) failed.push(`vitest ${name} › ${t.fullName}\n${firstLines(t.failureMessages?.[0])}`);
  if (file.status === 'failed' && tests.length === 0) failed.push(`vitest ${name} (the file failed)\n${firstLines(file.message)}`);
}

const journeys = read('test-results/journeys.json');
if (!journeys) failed.push('journeys: no results (test-results/journeys.json): they did not finish, see their output above');
const walk = (suite, outer) => {
  const titles = suite.title && !suite.title.endsWith('.ts') ? [...outer, suite.title] : outer;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const bad = (test.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped');
      if (bad)
        failed.push(
          `journey ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')} (${bad.status})\n${firstLines(bad.error?.message)}`,
        );
    }
  }
  for (const child of suite.suites ?? []) walk(child, titles);
};
for (const suite of journeys?.suites ?? []) walk(suite, []);
for (const e of journeys?.errors ?? []) failed.push(`journeys: ${firstLines(e.message)}`);

console.log(`\n=== Failed (${failed.length}) ===\n${failed.join('\n') || 'none recorded: see the output above'}`);
process.exit(1);
