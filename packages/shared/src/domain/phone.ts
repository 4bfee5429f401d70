/**
 * Removes telephone numbers from free text (docs/product/merchant-admin-spec.md §5: descriptions must not contain
 * phone numbers; they are removed if included and a notice is shown). Recognises North American
 * numbers written with or without a +1 / 1 prefix, area code in brackets or not, and spaces, dots
 * or dashes between groups (e.g. `(312) 555-0123`, `312.555.0123`, `+1 312 555 0123`,
 * `3125550123`), and local seven-digit numbers written with a separator (`555-0123`). Prices,
 * years and other short numbers are left alone.
 */
const SEP = String.raw`[\s.\-]?`;
const NANP = new RegExp(String.raw`(?<![\w+$])(?:\+?1${SEP})?(?:\(\d{3}\)\s?|\d{3}${SEP})\d{3}${SEP}\d{4}(?![\w])`, 'g');
const LOCAL = /(?<![\w$.-])\d{3}[.-]\d{4}(?![\w.-]\d)/g;

export function stripPhoneNumbers(text: string): { text: string; removed: boolean } {
  let removed = false;
  const mark = () => {
    removed = true;
    return '';
  };
  const out = text.replace(NANP, mark).replace(LOCAL, mark);
  if (!removed) return { text, removed };
  const cleaned = out
    .split('\n')
    .map((line) =>
      line
        .replace(/[ \t]{2,}/g, ' ')
        .replace(/\s+([,.;:!?])/g, '$1')
        .replace(/\(\s*\)/g, '')
        .trimEnd(),
    )
    .join('\n')
    .trim();
  return { text: cleaned, removed };
}
