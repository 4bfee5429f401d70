import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';

/*
 * One form style (issue 12 item 6, docs/style.md "One rule, one place"): every <form> of the web app is
 * a react-hook-form `useForm` whose resolver checks the schema from packages/shared that the server
 * checks the same request with (`zodResolver(schema)`; a form whose fields are shaped differently
 * from the request maps them in its own resolver, as the business page card does), so a rule is
 * never written again in a component.
 */

const SRC = path.dirname(new URL(import.meta.url).pathname);

/**
 * Files with a <form> that may keep another style, each with its reason. Keep it short: an entry
 * must still contain a <form> (a stale entry fails below).
 */
const ALLOWED: Record<string, string> = {
  // The search boxes (the header's, and SearchForm on /deals, /businesses and the admin's merchants): one optional text, no message to show (blank lists everything; the
  // length is capped by maxLength={SEARCH_MAX_LENGTH}, the server's limit). Their pages are public
  // and first-load JavaScript is budgeted (docs/product/design.md: 150 kB for / and /deals, about 144 kB now):
  // react-hook-form, its zod resolver and zod's core would add about 39 kB gzipped to every page
  // (the header) and to /deals and /businesses.
  'features/catalog/deals/components/search-combobox.tsx':
    'public header search (the suggestions combobox) on every page: react-hook-form + zod (~39 kB gz) would break the first-load budget',
  'features/catalog/deals/components/near-controls.tsx':
    'the ZIP code box on /deals (first-load budget page): one field checked by the shared ZIP_PATTERN and message the server uses; react-hook-form + zod would add ~39 kB gz',
  'components/ui/data-table.tsx':
    "the console tables' search box: one optional text written to the address (blank lists everything), no message to show, as search-form.tsx",
  'app/layout/console-search.tsx':
    "the console's record search in the top bar: one text sent as the search's query (debounced), no message to show, as data-table.tsx",
  'components/ui/search-form.tsx':
    'the /deals and /businesses search box (first-load budget pages; also the admin merchants search): react-hook-form + zod would add ~39 kB gz for one optional text',
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const withForm = sourceFiles(SRC)
  .filter((file) => /<form[\s>]/.test(fs.readFileSync(file, 'utf8')))
  .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
  .sort();

describe('forms use one style', () => {
  it('finds the forms it guards', () => {
    expect(withForm.length).toBeGreaterThan(20);
  });

  it('every file with a <form> uses useForm with a resolver (or is allow-listed with its reason)', () => {
    const offenders = withForm.filter((file) => {
      if (file in ALLOWED) return false;
      const text = fs.readFileSync(path.join(SRC, file), 'utf8');
      return !/\buseForm\s*[<(]/.test(text) || !/\bresolver\s*:/.test(text);
    });
    expect(offenders, 'convert these forms to react-hook-form + zodResolver with the shared schema').toEqual([]);
  });

  it('the allow-list names only files that still have a <form>, each with a reason', () => {
    for (const [file, reason] of Object.entries(ALLOWED)) {
      expect(withForm, `${file} is allow-listed but has no <form> any more`).toContain(file);
      expect(reason.trim().length, `${file} needs a reason`).toBeGreaterThan(10);
    }
  });
});
