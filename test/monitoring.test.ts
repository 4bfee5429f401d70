import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Metrics } from '../apps/server/src/lib/metrics';
import type { MetricSources } from '../apps/server/src/lib/metrics';

/*
 * The dashboard (deploy/grafana/localperks.json) and the alert rules (deploy/prometheus/alerts.yml) read only
 * metrics the server exports, and the rules are valid and fire when they should: `promtool check rules` and
 * `promtool test rules` on deploy/prometheus/alerts.test.yml (promtool comes with Debian's `prometheus`
 * package, installed by .ci/run; docs/decisions/0046-outages.md).
 */
const deploy = path.join(import.meta.dirname, '..', 'deploy');
const rules = fs.readFileSync(path.join(deploy, 'prometheus', 'alerts.yml'), 'utf8');
const dashboard = JSON.parse(fs.readFileSync(path.join(deploy, 'grafana', 'localperks.json'), 'utf8')) as {
  templating: { list: { name: string; type: string }[] };
  panels: { type: string; title: string; datasource?: { uid: string }; targets?: { expr: string }[]; gridPos: Record<string, number> }[];
};

/** Every series name the server can expose (histograms with their _bucket, _count and _sum), without collecting. */
function exportedNames(): Set<string> {
  const unused = () => {
    throw new Error('not collected in this test');
  };
  const sources = {
    database: { poolStats: unused },
    eventStreams: {},
    deliversMail: true,
    clock: { now: () => new Date() },
  } as unknown as MetricSources;
  const names = new Set<string>();
  for (const m of new Metrics(sources).registry.getMetricsAsArray()) {
    const { name, type } = m as unknown as { name: string; type: string };
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) names.add(`${name}${suffix}`);
  }
  return names;
}
const named = (text: string) => [...new Set(text.match(/\blocalperks_[a-z0-9_]+/g) ?? [])];

describe('monitoring', () => {
  it('the alert rules are valid Prometheus rules and fire on the series they are for (promtool)', () => {
    const promtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' });
    expect(promtool.error, 'promtool not found: apt-get install prometheus (as .ci/run does)').toBeUndefined();
    const check = spawnSync('promtool', ['check', 'rules', 'alerts.yml'], { cwd: path.join(deploy, 'prometheus'), encoding: 'utf8' });
    expect(check.stdout + check.stderr).toContain('SUCCESS: 7 rules found');
    expect(check.status).toBe(0);
    const unit = spawnSync('promtool', ['test', 'rules', 'alerts.test.yml'], { cwd: path.join(deploy, 'prometheus'), encoding: 'utf8' });
    expect(unit.stdout + unit.stderr).toContain('SUCCESS');
    expect(unit.status, unit.stdout + unit.stderr).toBe(0);
    // One rule for each thing the issue names: 5xx rate, p99 latency, job failures, outbox age, pool saturation, ready=false.
    for (const alert of [
      'LocalPerksHigh5xxRate',
      'LocalPerksHighP99Latency',
      'LocalPerksJobFailing',
      'LocalPerksMailOutboxOld',
      'LocalPerksDbPoolSaturated',
      'LocalPerksNotReady',
    ])
      expect(rules).toContain(`alert: ${alert}`);
    // Two promtool runs (a Go program starting twice) took 6 s on the shared machine under load: more than the unit default.
  }, 30_000);

  it('the dashboard and the rules read only metrics the server exports', () => {
    const exported = exportedNames();
    const expressions = dashboard.panels.flatMap((p) => p.targets?.map((t) => t.expr) ?? []);
    const unknown = named([rules, ...expressions].join('\n')).filter((n) => !exported.has(n));
    expect(unknown).toEqual([]);
    // Every panel but the rows reads through the dashboard's data source variable, and has a place on the grid.
    for (const p of dashboard.panels.filter((q) => q.type !== 'row')) {
      expect(p.datasource?.uid, p.title).toBe('${datasource}');
      expect(p.targets?.length, p.title).toBeGreaterThan(0);
      expect(Object.keys(p.gridPos).sort(), p.title).toEqual(['h', 'w', 'x', 'y']);
    }
    expect(dashboard.templating.list.map((v) => v.name)).toEqual(['datasource', 'instance']);
    // What the issue asks the dashboard to show.
    const titles = dashboard.panels.map((p) => p.title.toLowerCase()).join('\n');
    for (const what of ['latency', 'errors', 'database pool', 'job runs', 'mail outbox', 'event streams', 'checkouts', 'refunds'])
      expect(titles).toContain(what);
  });
});
