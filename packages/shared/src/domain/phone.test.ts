import { describe, expect, it } from 'vitest';
import { stripPhoneNumbers } from './phone';

describe('stripPhoneNumbers', () => {
  it('removes numbers in the usual written forms with the sentence that asks to call them, and says so', () => {
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
      const r = stripPhoneNumbers(`Fresh pasta daily. Call us at ${n} today. Open late.`);
      expect(r, n).toEqual({ text: 'Fresh pasta daily. Open late.', removed: true });
    }
  });
  it('never leaves a phrase without its number ("Call us at for catering.")', () => {
    expect(stripPhoneNumbers('Party trays for 20. Call us at (312) 555-0123 for catering.')).toEqual({
      text: 'Party trays for 20.',
      removed: true,
    });
    expect(stripPhoneNumbers('Book by phone: 312-555-0123, or text (773) 555 0199. Walk-ins welcome!')).toEqual({
      text: 'Walk-ins welcome!',
      removed: true,
    });
    expect(stripPhoneNumbers('Questions? Text us on 773.555.0199')).toEqual({ text: 'Questions?', removed: true });
  });
  it('elsewhere removes only the number and tidies what is left', () => {
    expect(stripPhoneNumbers('Our bakery (312-555-0123) opens at 7. Fresh bread daily.')).toEqual({
      text: 'Our bakery opens at 7. Fresh bread daily.',
      removed: true,
    });
    expect(stripPhoneNumbers('Hotline 312-555-0123, open 24/7.')).toEqual({ text: 'Hotline, open 24/7.', removed: true });
  });
  it('leaves text without phone numbers untouched', () => {
    const text = 'Two tacos for $15.00 — since 2025, open 9-5.  Serves 1,250 guests; order #12345.';
    expect(stripPhoneNumbers(text)).toEqual({ text, removed: false });
  });
  it('keeps line breaks of multi-line descriptions, dropping a line that held only the number', () => {
    expect(stripPhoneNumbers('Fresh bread daily.\nCall 312-555-0123\nOpen late.')).toEqual({
      text: 'Fresh bread daily.\nOpen late.',
      removed: true,
    });
    expect(stripPhoneNumbers('Menu:\n\nPizza. Call 312-555-0123 to order.\nPasta.')).toEqual({
      text: 'Menu:\n\nPizza.\nPasta.',
      removed: true,
    });
  });
  it('does not take long digit runs such as card or order numbers', () => {
    const text = 'Ref 424242424242 and 12345678901234';
    expect(stripPhoneNumbers(text)).toEqual({ text, removed: false });
  });
});
