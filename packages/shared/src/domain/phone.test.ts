import { describe, expect, it } from 'vitest';
import { stripPhoneNumbers } from './phone';

describe('stripPhoneNumbers', () => {
  it('removes numbers in the usual written forms and says so', () => {
    for (const n of [
      '(312) 555-0123',
      '312-555-0123',
      '312.555.0123',
      '312 555 0123',
      '3125550123',
      '+1 312 555 0123',
      '1-312-555-0123',
      '+13125550123',
      '555-0123',
    ]) {
      const r = stripPhoneNumbers(`Call us at ${n} today`);
      expect(r, n).toEqual({ text: 'Call us at today', removed: true });
    }
  });
  it('removes several numbers and tidies punctuation', () => {
    expect(stripPhoneNumbers('Book: 312-555-0123, or text (773) 555 0199.')).toEqual({ text: 'Book:, or text.', removed: true });
  });
  it('leaves text without phone numbers untouched', () => {
    const text = 'Two tacos for $15.00 — since 2025, open 9-5.  Serves 1,250 guests; order #12345.';
    expect(stripPhoneNumbers(text)).toEqual({ text, removed: false });
  });
  it('keeps line breaks of multi-line descriptions', () => {
    expect(stripPhoneNumbers('Fresh bread daily.\nCall 312-555-0123\nOpen late.')).toEqual({
      text: 'Fresh bread daily.\nCall\nOpen late.',
      removed: true,
    });
  });
  it('does not take long digit runs such as card or order numbers', () => {
    const text = 'Ref 424242424242 and 12345678901234';
    expect(stripPhoneNumbers(text)).toEqual({ text, removed: false });
  });
});
