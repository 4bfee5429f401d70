/**
 * Removes telephone numbers from free text (docs/product/merchant-admin-spec.md §5: descriptions must not contain
 * phone numbers; they are removed if included and a notice is shown). Recognises North American
 * numbers written with or without a +1 / 1 prefix, area code in brackets or not, and spaces, dots
 * or dashes between groups (e.g. `(312) 555-0123`, `312.555.0123`, `+1 312 555 0123`,
 * `3125550123`), and local seven-digit numbers written with a separator (`555-0123`). Prices,
 * years and other short numbers are left alone.
 *
 * A number goes with the words that lead to it: a sentence that asks the reader to call, text or book
 * by phone ("Call us at (312) 555-0123 for catering.") is removed whole, since it means nothing
 * without its number; elsewhere only the number goes ("Our bakery (312-555-0123) opens at 7." keeps
 * "Our bakery opens at 7.").
 */
const SEP = String.raw`[\s.\-]?`;
const NANP = new RegExp(String.raw`(?<![\w+$])(?:\+?1${SEP})?(?:\(\d{3}\)\s?|\d{3}${SEP})\d{3}${SEP}\d{4}(?![\w])`, 'g');
const LOCAL = /(?<![\w$.-])\d{3}[.-]\d{4}(?![\w.-]\d)/g;
/** Words of a sentence that is about reaching the business by phone. */
const PHONE_PHRASE =
  /\b(?:call(?:s|ing)?|phone|tel|telephone|text(?:ing)?|sms|whats ?app|ring|dial|fax|mobile|cell|reach|contact|book(?:ing|ings)?|reservations?|reserve)\b/i;
/** A sentence ends at . ! or ? followed by a space (a number's own dots have none after them). */
const SENTENCE_END = /(?<=[.!?])\s+/;

const hasNumber = (s: string) => {
  NANP.lastIndex = 0;
  LOCAL.lastIndex = 0;
  return NANP.test(s) || LOCAL.test(s);
};

/** The sentence without its numbers, tidied: no double spaces, no space before punctuation, no empty brackets. */
function withoutNumbers(sentence: string): string {
  return sentence
    .replace(NANP, '')
    .replace(LOCAL, '')
    .replace(/\(\s*\)/g, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .trim();
}

export function stripPhoneNumbers(text: string): { text: string; removed: boolean } {
  if (!hasNumber(text)) return { text, removed: false };
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    if (!hasNumber(line)) {
      lines.push(line.trimEnd());
      continue;
    }
    const kept = line
      .trim()
      .split(SENTENCE_END)
      .flatMap((sentence) => {
        if (!hasNumber(sentence)) return [sentence];
        if (PHONE_PHRASE.test(sentence)) return [];
        const rest = withoutNumbers(sentence);
        // Only punctuation left: nothing to keep.
        return /[\p{L}\p{N}]/u.test(rest) ? [rest] : [];
      })
      .join(' ');
    // A line that held only the number (and its phrase) goes with it.
    if (kept) lines.push(kept);
  }
  return { text: lines.join('\n').trim(), removed: true };
}
