import { entityKind, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { sqlRows } from '../../../lib/sql-rows';
import { deals } from '../../../db/schema';
import { EXTRA_VOCABULARY, synonymsOf } from './synonyms';

/*
 * A search as the database runs it (docs/decisions/0050-search.md): the words of the text, each with
 * what it may also be: its spelling corrections when the catalogue does not know the word (trigram
 * similarity against the vocabulary of titles and business names, `search_words`), and its synonyms.
 * The result is full-text queries over the weighted `search_vector` (title A, business name B,
 * category C, description D), answered by its GIN index.
 */

const MAX_WORDS = 8;
/** Corrections kept per unknown word, best first (pg_trgm's `%`: similarity 0.3 or more). */
const MAX_CORRECTIONS = 2;

interface Alternative {
  word: string;
  prefix: boolean;
}

export interface PreparedSearch {
  text: string;
  words: string[];
  /** Each word with its corrections (when unknown): what the search means, exactly. */
  exact: Alternative[][];
  /** `exact` plus synonyms; the same groups when no word has one. */
  expanded: Alternative[][];
  hasSynonyms: boolean;
  /** The text with each unknown word replaced by its best correction, when any was corrected ("did you mean"). */
  corrected: string | null;
  /** The words (3 letters or more, not a number) that the catalogue's vocabulary does not hold. */
  unknown: string[];
}

/** pg_trgm's default threshold of `%`: a correction is at least this similar. */
const TRIGRAM_THRESHOLD = 0.3;

/** The trigrams of one [a-z0-9] word as pg_trgm makes them: padded with two blanks before and one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
}

/** pg_trgm's similarity() of two single words: shared trigrams over all distinct trigrams. */
export function trigramSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** Lower-case letters and digits, accents dropped: the words a search is made of. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/** The words of `words` that the catalogue's vocabulary (`search_words`) holds: one primary-key lookup. */
async function knownWords(db: Tx, words: string[]): Promise<Set<string>> {
  if (!words.length) return new Set();
  const rows = await sqlRows<{ word: string }>(db, sql`select word from search_words where word = any(${`{${words.join(',')}}`}::text[])`);
  return new Set(rows.map((r) => r.word));
}

/** Nearest words read per step: enough for the few corrections wanted, more only when similarities tie. */
const NEAREST_STEP = 8;

/**
 * PGlite (the demo's and the journeys' database, small catalogues): its KNN walk of the trigram index hung
 * (0.5: a lateral join of it, and the per-word query too, under the API tests), so there the similar words
 * are read through `%` or a scan and ordered here. Decided here only.
 */
const isPglite = (db: Tx) =>
  ['PgliteDatabase', 'PgliteTransaction'].includes((db.constructor as { [entityKind]?: string })[entityKind] ?? '');

/**
 * The `count` vocabulary words most similar to `input` (pg_trgm similarity, best first, then in word order)
 * whose similarity is at least `min` (`strict`: above it). On PostgreSQL a KNN walk of the GiST trigram
 * index (`order by word <-> input limit n`), one query per word: it reads a few words, not every similar one
 * ("bench" is similar to 5,000 business-name words at 1M deals); when the farthest word read is kept and
 * ties the last one kept (or fewer than `count` are kept), words beyond it may count too, and the walk is
 * read again, further.
 */
export async function nearestWords(
  db: Tx,
  input: string,
  count: number,
  { min, strict = false }: { min: number; strict?: boolean },
): Promise<{ word: string; sim: number }[]> {
  const accept = (sim: number) => (strict ? sim > min : sim >= min);
  const best = (rows: { word: string; sim: number }[]) =>
    rows
      .map((r) => ({ word: r.word, sim: Number(r.sim) }))
      .filter((r) => accept(r.sim))
      .sort((a, b) => b.sim - a.sim || a.word.localeCompare(b.word));
  if (isPglite(db)) {
    const rows = await sqlRows<{ word: string; sim: number }>(
      db,
      sql`select word, similarity(word, ${input})::float8 as sim from search_words
          where ${min >= TRIGRAM_THRESHOLD ? sql`word % ${input}` : sql`similarity(word, ${input}) > ${min - 1e-6}`}`,
    );
    return best(rows).slice(0, count);
  }
  for (let limit = NEAREST_STEP; ; limit *= NEAREST_STEP) {
    const rows = await sqlRows<{ word: string; sim: number; dist: number }>(
      db,
      sql`select word, similarity(word, ${input})::float8 as sim, (word <-> ${input})::float8 as dist
          from search_words order by word <-> ${input} limit ${limit}`,
    );
    const kept = best(rows);
    const farthest = rows.at(-1);
    const edge = kept[count - 1] && rows.find((r) => r.word === kept[count - 1]!.word)!;
    const cut = rows.length === limit && accept(Number(farthest!.sim)) && (!edge || Number(farthest!.dist) <= Number(edge.dist));
    if (!cut) return kept.slice(0, count);
  }
}

/**
 * Reads which words the catalogue knows (one lookup) and, for each word it does not, its nearest known
 * words (`nearestWords`); the few extra words of the search are compared here.
 * `prefixLast`: the last word is still being typed (suggestions): it also matches as a prefix.
 */
export async function prepareSearch(db: Tx, text: string, { prefixLast = false } = {}): Promise<PreparedSearch> {
  const words = searchWords(text);
  const checkable = [...new Set(words.filter((w) => w.length >= 3 && !/^\d+$/.test(w)))];
  const known = await knownWords(db, checkable);
  const found: { input: string; word: string; sim: number }[] = [];
  for (const input of checkable) {
    // The word itself is among its own matches (similarity 1): a known word is not corrected.
    if (known.has(input) || EXTRA_VOCABULARY.includes(input)) {
      found.push({ input, word: input, sim: 1 });
      continue;
    }
    for (const n of await nearestWords(db, input, MAX_CORRECTIONS, { min: TRIGRAM_THRESHOLD })) found.push({ input, ...n });
    // The few extra words are compared here, by pg_trgm's own measure: a second set-returning join of
    // constant arrays in the same query broke PGlite 0.5's answer and every query after it.
    for (const word of EXTRA_VOCABULARY) {
      const sim = trigramSimilarity(word, input);
      if (sim >= TRIGRAM_THRESHOLD) found.push({ input, word, sim });
    }
  }
  const exact: Alternative[][] = [];
  const expanded: Alternative[][] = [];
  let corrected = false;
  const correctedWords: string[] = [];
  words.forEach((w, i) => {
    const prefix = prefixLast && i === words.length - 1 && w.length >= 2;
    const candidates = found.filter((f) => f.input === w);
    const isKnown = candidates.some((c) => c.word === w);
    candidates.sort((a, b) => b.sim - a.sim || a.word.localeCompare(b.word));
    const corrections = isKnown ? [] : [...new Set(candidates.map((c) => c.word))].slice(0, MAX_CORRECTIONS);
    if (corrections.length) corrected = true;
    correctedWords.push(corrections[0] ?? w);
    const group = [{ word: w, prefix }, ...corrections.map((c) => ({ word: c, prefix: false }))];
    exact.push(group);
    const synonyms = [...new Set([w, ...corrections].flatMap(synonymsOf))].filter((s) => !group.some((g) => g.word === s));
    expanded.push([...group, ...synonyms.map((s) => ({ word: s, prefix: false }))]);
  });
  return {
    text,
    words,
    exact,
    expanded,
    hasSynonyms: expanded.some((g, i) => g.length !== exact[i]!.length),
    corrected: corrected ? correctedWords.join(' ') : null,
    unknown: checkable.filter((w) => !known.has(w)),
  };
}

/**
 * The `to_tsquery` text of word groups: every group must match (AND), any word of a group will do
 * (OR). `weights` (e.g. "AB") keeps a match to those parts of the document. Only [a-z0-9] words reach
 * it, so nothing in it is syntax the customer typed.
 */
export function tsQueryText(groups: Alternative[][], weights = ''): string {
  return groups
    .map((g) => `(${g.map((a) => `${a.word}${a.prefix || weights ? ':' : ''}${a.prefix ? '*' : ''}${weights}`).join(' | ')})`)
    .join(' & ');
}

/** The deal's search document matches the query text (an index lookup in deals_search_vector_idx). */
export const matchesQuery = (text: string): SQL => sql`${deals.searchVector} @@ to_tsquery('english', ${text})`;
