import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { breakingChanges, checkMigration, type SnapshotShape } from './migration-rules';

/*
 * Rolling deploys keep the previous release working on the new schema (docs/decisions/0044-rolling-migrations.md):
 * every committed migration is checked, and the rule itself is checked on small migrations written here.
 */
const folder = path.join(import.meta.dirname, '..', 'apps', 'server', 'src', 'db', 'migrations');
const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
const snapshotOf = (tag: string) =>
  JSON.parse(fs.readFileSync(path.join(folder, 'meta', `${tag.slice(0, 4)}_snapshot.json`), 'utf8')) as SnapshotShape;

/**
 * Migrations that shipped before the rule, each with why it was safe or what it cost then. Nothing is added
 * to this list: a new migration follows the rule.
 */
const BEFORE_THE_RULE: Record<string, string> = {
  // Deployed while every instance was replaced at once (no rolling deploy yet): merchants.has_messaging was
  // dropped in the release that stopped reading it. Under the rule it would have been a contract step one release later.
  '0011_derive_messaging_access': 'drop column merchants.has_messaging',
};

/** The schema a release declares, as the snapshot JSON has it. */
const shape = (tables: Record<string, string[]>): SnapshotShape => ({
  tables: Object.fromEntries(
    Object.entries(tables).map(([t, columns]) => [`public.${t}`, { name: t, columns: Object.fromEntries(columns.map((c) => [c, {}])) }]),
  ),
});

describe('migrations keep the previous release working', () => {
  it('every committed migration only expands the schema, or contracts what the release before it no longer declared', () => {
    const problems = journal.entries.flatMap((entry, i) => {
      if (BEFORE_THE_RULE[entry.tag]) return [];
      const previous = i > 0 ? snapshotOf(journal.entries[i - 1]!.tag) : null;
      return checkMigration(entry.tag, fs.readFileSync(path.join(folder, `${entry.tag}.sql`), 'utf8'), previous);
    });
    expect(problems).toEqual([]);
    // The exceptions are what they say they are.
    for (const [tag, what] of Object.entries(BEFORE_THE_RULE)) {
      const found = breakingChanges(fs.readFileSync(path.join(folder, `${tag}.sql`), 'utf8'));
      expect(found.map((c) => `${c.kind} ${c.table}.${c.column}`)).toEqual([what]);
    }
  });

  const before = shape({ merchants: ['id', 'business_name', 'legacy_flag'], deal_notes: ['id', 'note'] });
  const afterCodeStoppedReading = shape({ merchants: ['id', 'business_name'] });

  it.each([
    ['drop column', 'ALTER TABLE "merchants" DROP COLUMN "legacy_flag";--> statement-breakpoint'],
    ['drop column', 'alter table merchants drop legacy_flag;'],
    ['drop table', 'DROP TABLE "deal_notes" CASCADE;'],
    ['rename column', 'ALTER TABLE "merchants" RENAME COLUMN "business_name" TO "name";'],
    ['rename table', 'ALTER TABLE "public"."deal_notes" RENAME TO "notes";'],
    ['add required column', 'ALTER TABLE "merchants" ADD COLUMN "tier" text NOT NULL;'],
  ])('rejects an unmarked %s', (kind, statement) => {
    const [problem, ...rest] = checkMigration('0099_fixture', statement, before);
    expect(rest).toEqual([]);
    expect(problem).toContain(
      `0099_fixture: ${kind === 'add required column' ? 'adds merchants.tier as NOT NULL without a default' : kind}`,
    );
  });

  it('rejects a contract step whose table or column the previous release still declares, and accepts it a release later', () => {
    const drop =
      '-- contract: the release before this one reads merchants without legacy_flag\nALTER TABLE "merchants" DROP COLUMN "legacy_flag";';
    expect(checkMigration('0099_fixture', drop, before)).toEqual([
      expect.stringContaining('is marked as a contract step, but the schema before this migration still declares it'),
    ]);
    expect(checkMigration('0099_fixture', drop, afterCodeStoppedReading)).toEqual([]);
    const dropTable = '-- contract: deal notes were moved into deals.fine_print two releases ago\nDROP TABLE "deal_notes";';
    expect(checkMigration('0099_fixture', dropTable, afterCodeStoppedReading)).toEqual([]);
  });

  it('lets expanding statements through: new tables and nullable or defaulted columns, indexes, constraints', () => {
    const expand = [
      'CREATE TABLE "deal_notes_v2" ("id" uuid PRIMARY KEY, "note" text NOT NULL);',
      'ALTER TABLE "merchants" ADD COLUMN "tier" text;',
      `ALTER TABLE "merchants" ADD COLUMN "score" integer DEFAULT 0 NOT NULL;`,
      'ALTER TABLE "merchants" ADD CONSTRAINT "merchants_score" CHECK ("score" is not null);',
      'ALTER TABLE "merchants" DROP CONSTRAINT "merchants_old_check";',
      'DROP INDEX IF EXISTS "merchants_old_idx";',
      'CREATE INDEX "merchants_tier_idx" ON "merchants" ("tier");',
    ].join('--> statement-breakpoint\n');
    expect(checkMigration('0099_fixture', expand, before)).toEqual([]);
  });
});
