import { CATEGORIES } from '@localperks/shared';

/*
 * The search's synonyms, in this one place (docs/decisions/0050-search.md). A search word of a group
 * also finds the group's other words, ranked after the word itself; a category word suggests and
 * finds its category. Small on purpose: each entry is a promise about what customers mean.
 */

/** Words that mean the same to someone looking for a deal. */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['massage', 'spa'],
  ['gym', 'fitness', 'workout'],
  ['brunch', 'breakfast'],
  ['dinner', 'supper'],
  ['haircut', 'barber', 'salon'],
  ['manicure', 'nails', 'pedicure'],
  ['movie', 'cinema', 'film'],
  ['coffee', 'cafe', 'espresso'],
  ['hotel', 'stay', 'getaway'],
  ['bar', 'pub', 'tavern'],
];

/** Words that name a category without its name (the category names themselves match too). */
export const CATEGORY_WORDS: Readonly<Record<(typeof CATEGORIES)[number]['id'], readonly string[]>> = {
  1: ['restaurant', 'food', 'dinner', 'lunch', 'brunch', 'breakfast', 'pizza', 'sushi', 'tacos', 'eat'],
  2: ['shop', 'shopping', 'store', 'boutique', 'clothes'],
  3: ['fun', 'movie', 'concert', 'show', 'bowling', 'museum', 'tickets'],
  4: ['gym', 'yoga', 'pilates', 'workout', 'climbing', 'boxing'],
  5: ['spa', 'massage', 'facial', 'salon', 'nails', 'hair', 'barber'],
  6: ['hotel', 'tour', 'trip', 'cruise', 'kayak', 'getaway'],
  7: ['cleaning', 'repair', 'car', 'photography', 'lessons'],
  8: [],
};

/** The other words of `word`'s synonym group (none when it has none). */
export function synonymsOf(word: string): string[] {
  return SYNONYM_GROUPS.find((g) => g.includes(word))?.filter((w) => w !== word) ?? [];
}

/** Every word the search knows besides the catalogue's own: corrections are looked for among them too. */
export const EXTRA_VOCABULARY: readonly string[] = [
  ...new Set([...SYNONYM_GROUPS.flat(), ...Object.values(CATEGORY_WORDS).flat(), ...CATEGORIES.map((c) => c.name.toLowerCase())]),
];

/** Categories a query names: by the start of their name or one of their words. */
export function categoriesMatching(words: string[]): (typeof CATEGORIES)[number][] {
  const wanted = words.filter((w) => w.length >= 2);
  if (!wanted.length) return [];
  return CATEGORIES.filter((c) =>
    wanted.some(
      (w) => c.name.toLowerCase().startsWith(w) || CATEGORY_WORDS[c.id].some((cw) => cw === w || (w.length >= 3 && cw.startsWith(w))),
    ),
  );
}
