import { describe, expect, it } from 'vitest';
import { customerMessageFormSchema, respondCustomerMessageSchema, sendCustomerMessageSchema } from './customer-messages';
import {
  MERCHANT_DEAL_MESSAGES as M,
  dollarsToCents,
  endOfLocalDay,
  merchantDealFormSchema,
  toMerchantDealInput,
  type MerchantDealForm,
} from './merchant-deals';

const messagesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const ymdIn = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const valid: MerchantDealForm = {
  title: 'Dinner for two',
  description: 'A seasonal dinner for two by the river.',
  highlights: ['Wine included', ''],
  finePrint: '',
  categoryId: '1',
  location: 'Chicago|IL',
  city: '',
  state: '',
  images: [],
  originalPrice: '$1,200.5',
  dealPrice: '79.99',
  expirationDate: ymdIn(30),
  isBoost: false,
  boostDays: '3',
  votesRequired: '50',
};

describe('merchant deal form', () => {
  it('reads dollars as integer cents and refuses anything else', () => {
    expect(dollarsToCents('49.99')).toBe(4999);
    expect(dollarsToCents('$1,200.5')).toBe(120_050);
    expect(dollarsToCents('7')).toBe(700);
    for (const bad of ['', 'abc', '1.999', '-3', '1e3']) expect(dollarsToCents(bad), bad).toBeNull();
    expect(Number.isNaN(endOfLocalDay('not a date').getTime())).toBe(true);
    expect(endOfLocalDay('2026-12-31').getHours()).toBe(23);
  });

  it('gives the API body: cents, city and state, blank highlights dropped, boost only when chosen', () => {
    const body = toMerchantDealInput(merchantDealFormSchema.parse(valid));
    expect(body).toMatchObject({
      originalPriceCents: 120_050,
      dealPriceCents: 7999,
      city: 'Chicago',
      state: 'IL',
      categoryId: 1,
      highlights: ['Wine included'],
      boost: null,
    });
    expect(toMerchantDealInput({ ...valid, isBoost: true }).boost).toEqual({ boostDays: 3, votesRequired: 50 });
  });

  it('has a message for every rule', () => {
    const blank = messagesOf(
      merchantDealFormSchema.safeParse({
        ...valid,
        title: '',
        description: 'short',
        categoryId: '',
        location: '',
        originalPrice: '',
        dealPrice: 'x',
        expirationDate: '',
      }),
    );
    expect(blank).toMatchObject({
      title: M.titleMin,
      description: M.descriptionMin,
      categoryId: M.categoryRequired,
      location: M.locationRequired,
      originalPrice: M.originalPriceRequired,
      dealPrice: M.priceInvalid,
      expirationDate: M.expirationRequired,
    });
    expect(messagesOf(merchantDealFormSchema.safeParse({ ...valid, dealPrice: '1200.50' })).dealPrice).toBe(M.dealBelowOriginal);
    expect(messagesOf(merchantDealFormSchema.safeParse({ ...valid, expirationDate: ymdIn(-1) })).expirationDate).toBe(M.expirationFuture);
    expect(messagesOf(merchantDealFormSchema.safeParse({ ...valid, location: 'Springfield|IL' })).location).toBe(M.locationRequired);
    expect(messagesOf(merchantDealFormSchema.safeParse({ ...valid, isBoost: true, boostDays: '2', votesRequired: '3' }))).toMatchObject({
      boostDays: M.boostDaysRequired,
      votesRequired: M.votesRequiredMin,
    });
    expect(
      messagesOf(merchantDealFormSchema.safeParse({ ...valid, isBoost: true, boostDays: '14', expirationDate: ymdIn(5) })).expirationDate,
    ).toBe(M.expirationAfterBoost);
  });
});

describe('customer messages', () => {
  it('trims and refuses blanks with the spec’s messages', () => {
    expect(messagesOf(respondCustomerMessageSchema.safeParse({ response: '   ' })).response).toBe('Please enter a response before sending');
    expect(messagesOf(customerMessageFormSchema.safeParse({ subject: '', message: ' ' }))).toEqual({
      subject: 'Please enter a subject',
      message: 'Please enter a message',
    });
    expect(sendCustomerMessageSchema.safeParse({ subject: 'a', message: 'b' }).success).toBe(false);
    expect(
      sendCustomerMessageSchema.parse({ subject: ' Hi ', message: ' There ', dealId: '00000000-0000-4000-8000-000000000000' }),
    ).toMatchObject({ subject: 'Hi', message: 'There' });
  });
});
