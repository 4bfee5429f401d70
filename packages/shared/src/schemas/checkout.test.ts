import { describe, expect, it } from 'vitest';
import {
  checkoutFormSchema,
  createCheckoutSchema,
  daysLeft,
  luhnValid,
  normalizeRedemptionCode,
  parseExpiry,
  redeemRequestSchema,
  sandboxPaySchema,
} from './checkout';
import { REDEEM_MESSAGES } from '../messages';

const billing = { cardName: 'Pat', address: '1 Main St', city: 'Chicago', state: 'il', zipCode: '60601' };
const messagesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('checkout form', () => {
  it('uses the spec’s messages: name, then every address detail', () => {
    const r = checkoutFormSchema.safeParse({ cardName: ' ', address: '', city: '', state: '', zipCode: '' });
    expect(messagesOf(r)).toEqual({
      cardName: 'Please fill in your name.',
      address: 'Please fill in all address details.',
      city: 'Please fill in all address details.',
      state: 'Please fill in all address details.',
      zipCode: 'Please fill in all address details.',
    });
  });
  it('accepts a US address (state upper-cased, ZIP or ZIP+4), notes optional', () => {
    expect(checkoutFormSchema.parse(billing)).toEqual({ ...billing, state: 'IL', notes: '' });
    expect(checkoutFormSchema.parse({ ...billing, zipCode: '60601-1234' }).zipCode).toBe('60601-1234');
    expect(messagesOf(checkoutFormSchema.safeParse({ ...billing, zipCode: '6060' })).zipCode).toBe('Enter a 5-digit ZIP code (or ZIP+4).');
    expect(messagesOf(checkoutFormSchema.safeParse({ ...billing, state: 'XX' })).state).toBe('Choose a US state.');
  });
  it('drops anything but deal ids and quantities from cart lines', () => {
    const parsed = createCheckoutSchema.parse({
      items: [{ dealId: '00000000-0000-4000-8000-000000000000', quantity: 2, dealPrice: 1, deal: { dealPrice: 1 } }],
      billing,
    });
    expect(parsed.items).toEqual([{ dealId: '00000000-0000-4000-8000-000000000000', quantity: 2 }]);
    expect(parsed.saveCard).toBe(false);
  });
});

describe('cards and codes', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
  it('reads MM/YY and knows when a card has expired (the month itself is still valid)', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(parseExpiry('11/26', now)).toEqual({ month: 11, year: 2026, isPast: false });
    expect(parseExpiry('10/26', now).isPast).toBe(true);
    expect(parseExpiry('01/27', now).isPast).toBe(false);
  });
  it('normalises card input before checking it', () => {
    expect(sandboxPaySchema.parse({ cardNumber: '4242 4242-4242 4242', expiry: '12/30', cvc: '123', name: 'A' }).cardNumber).toBe(
      '4242424242424242',
    );
  });
  it('counts days left as the ceiling of the day difference', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(daysLeft('2026-11-23T12:00:00Z', now)).toBe(1);
    expect(daysLeft('2026-11-23T12:00:01Z', now)).toBe(2);
    expect(daysLeft('2026-11-22T12:00:01Z', now)).toBe(1);
    expect(daysLeft('2026-11-22T11:00:00Z', now)).toBe(0);
  });
  it('normalises a typed redemption code', () => {
    expect(normalizeRedemptionCode(' abcd efgh-jkmn ')).toBe('ABCD-EFGH-JKMN');
    expect(normalizeRedemptionCode('abc')).toBe('ABC');
    expect(normalizeRedemptionCode('oIL0-abcd-efgh')).toBe('0110-ABCD-EFGH');
  });
  it('asks for a redemption code when the typed one has nothing but spaces and dashes (the redeem form and the API)', () => {
    expect(redeemRequestSchema.parse({ code: ' abcd efgh-jkmn ' })).toEqual({ code: 'ABCD-EFGH-JKMN' });
    for (const code of ['', '   ', '- -', '----']) {
      const result = redeemRequestSchema.safeParse({ code });
      expect(result.success, code).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['code', REDEEM_MESSAGES.codeRequired]]);
    }
  });
});
