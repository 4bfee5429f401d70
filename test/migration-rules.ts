/**
 * The rolling-deploy rule for migrations (docs/decisions/0044-rolling-migrations.md): while instances of the
 * new release (N) migrate and start, instances of the previous one (N-1) keep serving on the migrated
 * schema. So a migration may only expand the schema; removing or renaming what N-1 reads, or adding a column
 * N-1's inserts cannot fill, is a *contract* step, shipped a release after the code stopped using it.
 *
 * `breakingChanges` finds those statements in a migration's SQL; `checkMigration` rejects each one unless it
 * is marked `-- contract: <why N-1 no longer uses it>` on the line before, and a marked one unless the schema
 * before this migration (the previous migration's drizzle snapshot, which is what the code of that release
 * declared) no longer has the table or column.
 */

export type BreakingKind = 'drop table' | 'drop column' | 'rename table' | 'rename column' | 'add required column';

export interface BreakingChange {
  kind: BreakingKind;
  table: string;
  column?: string;
  /** The statement as written, for the message. */
  statement: string;
  /** The `-- contract:` reason on the line before it, if any. */
  contract?: string;
}

/** The tables and columns a drizzle snapshot declares: `public.merchants` → its column names. */
export interface SnapshotShape {
  tables: Record<string, { name: string; columns: Record<string, unknown> }>;
}

const IDENT = String.raw`(?:"((?:[^"]|"")+)"|([a-zA-Z_][\w$]*))`;
const QUALIFIED = String.raw`(?:${IDENT}\.)?${IDENT}`;
const name = (quoted?: string, bare?: string) => (quoted !== undefined ? quoted.replace(/""/g, '"') : bare!.toLowerCase());

const PATTERNS: { kind: BreakingKind; re: RegExp; column?: boolean }[] = [
  { kind: 'drop table', re: new RegExp(String.raw`^drop\s+table\s+(?:if\s+exists\s+)?${QUALIFIED}`, 'i') },
  {
    kind: 'drop column',
    re: new RegExp(
      String.raw`^alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?${QUALIFIED}\s+drop\s+(?:column\s+)?(?!constraint\b)(?:if\s+exists\s+)?${IDENT}`,
      'i',
    ),
    column: true,
  },
  {
    kind: 'rename column',
    re: new RegExp(String.raw`^alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?${QUALIFIED}\s+rename\s+(?:column\s+)?${IDENT}\s+to\s`, 'i'),
    column: true,
  },
  { kind: 'rename table', re: new RegExp(String.raw`^alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?${QUALIFIED}\s+rename\s+to\s`, 'i') },
  {
    kind: 'add required column',
    re: new RegExp(
      String.raw`^alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?${QUALIFIED}\s+add\s+(?:column\s+)?(?!(?:constraint|primary|unique|foreign|check|exclude)\b)(?:if\s+not\s+exists\s+)?${IDENT}\s`,
      'i',
    ),
    column: true,
  },
];

/** The statements of a migration, each with the comment lines just before it. */
function statements(sqlText: string): { text: string; comments: string[] }[] {
  const out: { text: string; comments: string[] }[] = [];
  let comments: string[] = [];
  let current = '';
  for (const raw of sqlText.split('\n')) {
    const line = raw.replace(/-->\s*statement-breakpoint/g, '').trim();
    if (!current && line.startsWith('--')) {
      comments.push(line.replace(/^--\s?/, ''));
      continue;
    }
    const code = line.replace(/--.*$/, '').trim();
    if (!code) continue;
    current = current ? `${current} ${code}` : code;
    // Statements end with `;` (function bodies in $$ … $$ are not DDL this rule looks at).
    if (/;\s*$/.test(code) && (current.match(/\$\$/g)?.length ?? 0) % 2 === 0) {
      out.push({ text: current, comments });
      current = '';
      comments = [];
    }
  }
  if (current) out.push({ text: current, comments });
  return out;
}

export function breakingChanges(sqlText: string): BreakingChange[] {
  const found: BreakingChange[] = [];
  for (const { text, comments } of statements(sqlText)) {
    const contract = comments
      .map((c) => /^contract:\s*(.+)$/i.exec(c)?.[1])
      .filter(Boolean)
      .at(-1);
    for (const p of PATTERNS) {
      const m = p.re.exec(text);
      if (!m) continue;
      // Groups: schema (quoted, bare), table (quoted, bare), column (quoted, bare).
      const table = name(m[3], m[4]);
      const column = p.column ? name(m[5], m[6]) : undefined;
      // A new column is only a problem for the previous release's inserts when it must be given and has no default.
      if (p.kind === 'add required column' && !(/\bnot\s+null\b/i.test(text) && !/\bdefault\b/i.test(text) && !/\bgenerated\b/i.test(text)))
        continue;
      found.push({ kind: p.kind, table, ...(column ? { column } : {}), statement: text, ...(contract ? { contract } : {}) });
      break;
    }
  }
  return found;
}

/** Whether a snapshot declares the table (`public.<table>`), or the column of it. */
function declares(snapshot: SnapshotShape, table: string, column?: string): boolean {
  const t = snapshot.tables[table.includes('.') ? table : `public.${table}`];
  if (!t) return false;
  return column === undefined || column in t.columns;
}

/**
 * Problems with one migration, as sentences (empty when it keeps N-1 working). `previous` is the snapshot of
 * the migration before it (the schema the previous release's code declares).
 */
export function checkMigration(tag: string, sqlText: string, previous: SnapshotShape | null): string[] {
  const problems: string[] = [];
  for (const change of breakingChanges(sqlText)) {
    const what = change.column ? `${change.table}.${change.column}` : change.table;
    if (change.kind === 'add required column') {
      if (!change.contract)
        problems.push(
          `${tag}: adds ${what} as NOT NULL without a default, so the previous release's inserts fail during a rolling deploy. ` +
            'Add it nullable (or with a default), backfill, and set NOT NULL in a later release, or mark the statement `-- contract: <why>`.',
        );
      continue;
    }
    if (!change.contract) {
      problems.push(
        `${tag}: ${change.kind} ${what} breaks the previous release, which still reads it during a rolling deploy. ` +
          'Split it: expand (add the new), migrate (backfill, write both, read the new), then contract in a later release with the statement marked `-- contract: <why the previous release no longer uses it>` (docs/decisions/0044-rolling-migrations.md).',
      );
    } else if (previous && declares(previous, change.table, change.column)) {
      problems.push(
        `${tag}: ${change.kind} ${what} is marked as a contract step, but the schema before this migration still declares it, so the previous release reads it. ` +
          'Ship the release that stops using it (its schema without it) first; contract in the release after.',
      );
    }
  }
  return problems;
}
