import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';

/*
 * One form style (issue 12 item 6, STYLE.md "One rule, one place"): every <form> of the web app is
 * a react-hook-form `useForm` validated by `zodResolver` with the schema from packages/shared that
 * the server checks the same request with, so a rule is never written again in a component.
 */

const SRC = path.dirname(new URL(import.meta.url).pathname);

/**
 * Files with a <form> that may keep another style, each with its reason. Keep it short: an entry
 * must still contain a <form> (a stale entry fails below).
 */
const ALLOWED: Record<string, string> = {};

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

  it('every file with a <form> uses useForm with zodResolver (or is allow-listed with its reason)', () => {
    const offenders = withForm.filter((file) => {
      if (file in ALLOWED) return false;
      const text = fs.readFileSync(path.join(SRC, file), 'utf8');
      return !/\buseForm\s*[<(]/.test(text) || !/\bzodResolver\s*\(/.test(text);
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
