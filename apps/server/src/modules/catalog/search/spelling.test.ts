import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDatabase } from '../../../../test/build';
import type { Database } from '../../../db/client';
import { nearestWords, trigramSimilarity } from './search-query';

// The spelling lookup reads a few nearest words by a KNN walk of the trigram index; these words tie.
let database: Database;
const tied = Array.from({ length: 10 }, (_, i) => `zqxab${i}`);

beforeAll(async () => {
  database = await freshDatabase();
  const words = [...tied, ...Array.from({ length: 10 }, (_, i) => `zqxab${i + 10}`), 'zqxzzzzz'];
  await database.db.execute(sql`insert into search_words (word) select unnest(${`{${words.join(',')}}`}::text[])`);
});
afterAll(() => database.close());

describe('nearestWords', () => {
  it('keeps the most similar words, ties in word order, even when more tie than one walk reads', async () => {
    // Ten words share the best similarity to "zqxab", more than the eight the first walk reads.
    expect(new Set(tied.map((w) => trigramSimilarity(w, 'zqxab'))).size).toBe(1);
    const two = await nearestWords(database.db, 'zqxab', 2, { min: 0.3 });
    expect(two.map((n) => n.word)).toEqual(['zqxab0', 'zqxab1']);
    expect(two[0]!.sim).toBeCloseTo(trigramSimilarity('zqxab0', 'zqxab'), 6);
    const twelve = await nearestWords(database.db, 'zqxab', 12, { min: 0.3 });
    expect(twelve.map((n) => n.word)).toEqual([...tied, 'zqxab10', 'zqxab11']);
  });

  it('keeps only the words whose similarity passes, and none when none does', async () => {
    expect(await nearestWords(database.db, 'zqxzzzzy', 2, { min: 0.5, strict: true })).toEqual([
      { word: 'zqxzzzzz', sim: expect.closeTo(trigramSimilarity('zqxzzzzz', 'zqxzzzzy'), 6) as number },
    ]);
    expect(await nearestWords(database.db, 'mmmmmmm', 2, { min: 0.3 })).toEqual([]);
  });
});
