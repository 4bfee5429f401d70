import { z } from 'zod';
import { CATEGORIES } from '../constants';
import { DAY_MS } from '../domain/time';
import { normalizePromoCode } from '../domain/promo';
import { cents, count, isoDate } from './responses/common';
import { dollarsToCents, endOfLocalDay, startOfLocalDay } from './merchant-deals';

/** Promo codes (docs/decisions/0048-promo-codes-on-the-ledger.md): creating one, listing them, a cart's quote. */

export const PROMO_CODE_FORM_MESSAGES = {
  codeFormat: 'Use 3 to 30 letters, digits, dashes or underscores.',
  percentRange: 'Enter a percentage from 1 to 100.',
  amountRequired: 'Enter an amount off of at least $0.01.',
  endAfterStart: 'The end must be after the start.',
  endTooFar: 'A promo code can run for at most 2 years.',
  maxUses: 'Enter a whole number of uses from 1 to 1,000,000.',
  perCustomer: 'Enter a whole number of uses per customer from 1 to 100.',
  categoryInvalid: 'Choose a category.',
  duplicate: 'This code is already taken. Choose another.',
  dealsNotYours: 'Choose deals of your own business.',
  endRequired: 'Choose the last day of the code.',
  minSubtotal: 'Enter a minimum subtotal in dollars, or leave it empty.',
  enterCode: 'Enter a promo code.',
} as const;
const M = PROMO_CODE_FORM_MESSAGES;

const categoryIds = CATEGORIES.map((c) => c.id) as number[];

/** A new code (admin: platform-funded; merchant: for their own deals). */
export const createPromoCodeSchema = z
  .object({
    code: z
      .string({ error: M.codeFormat })
      .transform(normalizePromoCode)
      .pipe(z.string().regex(/^[A-Z0-9_-]{3,30}$/, M.codeFormat)),
    kind: z.enum(['percent', 'fixed']),
    percentOff: z.number().int(M.percentRange).min(1, M.percentRange).max(100, M.percentRange).nullable().default(null),
    amountOffCents: z.number().int(M.amountRequired).min(1, M.amountRequired).max(1_000_000).nullable().default(null),
    minSubtotalCents: z.number().int().min(0).max(10_000_000).default(0),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    maxUses: z.number().int(M.maxUses).min(1, M.maxUses).max(1_000_000, M.maxUses).nullable().default(null),
    perCustomerLimit: z.number().int(M.perCustomer).min(1, M.perCustomer).max(100, M.perCustomer).default(1),
    dealIds: z.array(z.uuid()).max(50).default([]),
    categoryId: z
      .number()
      .int()
      .refine((n) => categoryIds.includes(n), M.categoryInvalid)
      .nullable()
      .default(null),
    firstOrderOnly: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && v.percentOff === null) ctx.addIssue({ code: 'custom', path: ['percentOff'], message: M.percentRange });
    if (v.kind === 'fixed' && v.amountOffCents === null)
      ctx.addIssue({ code: 'custom', path: ['amountOffCents'], message: M.amountRequired });
    const start = new Date(v.startsAt).getTime();
    const end = new Date(v.endsAt).getTime();
    if (end <= start) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: M.endAfterStart });
    else if (end - start > 2 * 366 * DAY_MS) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: M.endTooFar });
  })
  .transform((v) => ({
    ...v,
    percentOff: v.kind === 'percent' ? v.percentOff : null,
    amountOffCents: v.kind === 'fixed' ? v.amountOffCents : null,
  }));
export type CreatePromoCode = z.input<typeof createPromoCodeSchema>;

/** A date input's value (`YYYY-MM-DD`) for today in the browser's time zone. */
const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const wholeOrNull = (text: string) => (text.trim() ? Number(text.trim()) : null);

/**
 * The create-a-code form as typed (amounts in dollars, days as dates in the browser's zone, blanks for
 * "none"). `toCreatePromoCode` turns it into the API's body, and the form is checked by the API's own
 * rules (`createPromoCodeSchema`), each message put on the field that was typed.
 */
const promoCodeFormFields = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  percentOff: z.string(),
  amountOff: z.string(),
  minSubtotal: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  maxUses: z.string(),
  perCustomerLimit: z.string(),
  categoryId: z.string(),
  firstOrderOnly: z.boolean(),
  dealIds: z.array(z.string()),
});
export type PromoCodeForm = z.infer<typeof promoCodeFormFields>;

export function toCreatePromoCode(v: PromoCodeForm): CreatePromoCode {
  return {
    code: v.code.trim(),
    kind: v.kind,
    percentOff: v.kind === 'percent' ? wholeOrNull(v.percentOff) : null,
    amountOffCents: v.kind === 'fixed' ? dollarsToCents(v.amountOff.trim()) : null,
    minSubtotalCents: v.minSubtotal.trim() ? (dollarsToCents(v.minSubtotal.trim()) ?? -1) : 0,
    startsAt: startOfLocalDay(v.startsAt || localToday()).toISOString(),
    endsAt: v.endsAt ? endOfLocalDay(v.endsAt).toISOString() : '',
    maxUses: wholeOrNull(v.maxUses),
    perCustomerLimit: wholeOrNull(v.perCustomerLimit) ?? 1,
    dealIds: v.dealIds,
    categoryId: wholeOrNull(v.categoryId),
    firstOrderOnly: v.firstOrderOnly,
  };
}

/** The form's field for each of the API's (where they differ): the rules' and the server's messages land there. */
export const PROMO_FORM_FIELD_FOR: Record<string, keyof PromoCodeForm> = { amountOffCents: 'amountOff', minSubtotalCents: 'minSubtotal' };

export const promoCodeFormSchema = promoCodeFormFields.superRefine((v, ctx) => {
  if (!v.endsAt) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: M.endRequired });
    return;
  }
  const checked = createPromoCodeSchema.safeParse(toCreatePromoCode(v));
  if (checked.success) return;
  for (const issue of checked.error.issues) {
    const key = String(issue.path[0] ?? 'code');
    const field = PROMO_FORM_FIELD_FOR[key] ?? key;
    const message = field === 'minSubtotal' ? M.minSubtotal : issue.message;
    ctx.addIssue({ code: 'custom', path: [field], message });
  }
});

/** The cart's "Apply a promo code" field: the code as typed; the server says whether it applies. */
export const promoCodeEntrySchema = z.object({
  code: z.string().trim().min(1, M.enterCode).max(30, M.codeFormat),
});

export const promoCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** Who pays for the discount: the platform (an admin's code) or the merchant (their own). */
  fundedBy: z.enum(['platform', 'merchant']),
  merchantName: z.string().nullable(),
  kind: z.enum(['percent', 'fixed']),
  percentOff: z.number().int().nullable(),
  amountOffCents: cents().nullable(),
  minSubtotalCents: cents(),
  startsAt: isoDate(),
  endsAt: isoDate(),
  maxUses: count().nullable(),
  perCustomerLimit: count(),
  /** Orders holding it (open checkouts) or paid with it. */
  usedCount: count(),
  dealIds: z.array(z.string()),
  categoryId: z.number().int().nullable(),
  firstOrderOnly: z.boolean(),
  active: z.boolean(),
  /** `active`, `scheduled` (starts later), `ended`, `used_up` or `deactivated`, by the server's clock. */
  state: z.enum(['active', 'scheduled', 'ended', 'used_up', 'deactivated']),
  createdAt: isoDate(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;

export const promoCodesPageSchema = z.object({ promoCodes: z.array(promoCodeSchema) });
export type PromoCodesPage = z.infer<typeof promoCodesPageSchema>;
export const promoCodeResultSchema = z.object({ promoCode: promoCodeSchema });
export type PromoCodeResult = z.infer<typeof promoCodeResultSchema>;
