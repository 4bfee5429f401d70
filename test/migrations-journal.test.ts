import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The drizzle migrator applies a journal entry only when its `when` is later than the newest
 * migration the database has applied (`max(created_at)`), and /api/ready counts pending ones the
 * same way. Two branches that generate migrations in parallel can leave an entry with an earlier
 * `when` than the one before it: a database already past that one would then skip it for good.
 * drizzle-kit also diffs each snapshot against its `prevId`, so the snapshots must form one chain.
 */
const folder = path.join(import.meta.dirname, '..', 'apps', 'server', 'src', 'db', 'migrations');
const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe('migration journal', () => {
  it('lists every migration once, in idx order, each later than the one before', () => {
    const { entries } = journal;
    expect(entries.map((e) => e.idx)).toEqual(entries.map((_, i) => i));
    expect(new Set(entries.map((e) => e.tag)).size).toBe(entries.length);
    const outOfOrder = entries.filter((e, i) => i > 0 && e.when <= entries[i - 1]!.when).map((e) => e.tag);
    expect(outOfOrder, 'migrations whose `when` is not after the previous one').toEqual([]);
    for (const e of entries) expect(fs.existsSync(path.join(folder, `${e.tag}.sql`)), `${e.tag}.sql`).toBe(true);
  });

  it('has one snapshot per migration, each naming the previous one as its parent', () => {
    const snapshots = journal.entries.map((e) => {
      const file = path.join(folder, 'meta', `${e.tag.slice(0, 4)}_snapshot.json`);
      return { tag: e.tag, ...(JSON.parse(fs.readFileSync(file, 'utf8')) as { id: string; prevId: string }) };
    });
    const broken = snapshots.filter((s, i) => i > 0 && s.prevId !== snapshots[i - 1]!.id).map((s) => s.tag);
    expect(broken, 'snapshots whose prevId is not the previous snapshot').toEqual([]);
  });
});
