import { describe, expect, it } from 'vitest';
import {
  PROMO_CODE_FORM_MESSAGES as M,
  promoCodeEntrySchema,
  promoCodeFormSchema,
  toCreatePromoCode,
  type PromoCodeForm,
} from './promo-codes';

const filled: PromoCodeForm = {
  code: 'spring-10',
  kind: 'fixed',
  percentOff: '',
  amountOff: '10.00',
  minSubtotal: '25',
  startsAt: '2026-12-01',
  endsAt: '2026-12-31',
  maxUses: '100',
  perCustomerLimit: '2',
  categoryId: '',
  firstOrderOnly: true,
  dealIds: [],
};
const fieldErrors = (v: PromoCodeForm) => {
  const r = promoCodeFormSchema.safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('the create-a-code form (issue 29): the API’s rules, each message on the field typed', () => {
  it('turns what was typed into the API’s body: cents, whole numbers, the days in the browser’s zone', () => {
    expect(fieldErrors(filled)).toEqual({});
    expect(toCreatePromoCode(filled)).toMatchObject({
      code: 'spring-10',
      kind: 'fixed',
      percentOff: null,
      amountOffCents: 1000,
      minSubtotalCents: 2500,
      startsAt: new Date(2026, 11, 1).toISOString(),
      endsAt: new Date(2026, 11, 31, 23, 59, 59).toISOString(),
      maxUses: 100,
      perCustomerLimit: 2,
      categoryId: null,
      firstOrderOnly: true,
    });
  });
  it('puts each refusal on its own field, with the API’s message', () => {
    expect(fieldErrors({ ...filled, endsAt: '' })).toEqual({ endsAt: M.endRequired });
    expect(fieldErrors({ ...filled, code: 'a b' })).toEqual({ code: M.codeFormat });
    expect(fieldErrors({ ...filled, amountOff: '' })).toEqual({ amountOff: M.amountRequired });
    expect(fieldErrors({ ...filled, kind: 'percent', percentOff: '120' })).toEqual({ percentOff: M.percentRange });
    expect(fieldErrors({ ...filled, minSubtotal: 'lots' })).toEqual({ minSubtotal: M.minSubtotal });
    expect(fieldErrors({ ...filled, endsAt: '2026-11-30' })).toEqual({ endsAt: M.endAfterStart });
    expect(fieldErrors({ ...filled, perCustomerLimit: '0' })).toEqual({ perCustomerLimit: M.perCustomer });
  });
  it('the cart’s field asks for a code when it is blank', () => {
    expect(promoCodeEntrySchema.safeParse({ code: '   ' }).error?.issues[0]?.message).toBe(M.enterCode);
    expect(promoCodeEntrySchema.parse({ code: ' welcome10 ' })).toEqual({ code: 'welcome10' });
  });
});
