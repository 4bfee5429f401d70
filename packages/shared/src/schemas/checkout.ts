import { z } from 'zod';
import { MAX_CART_LINE_QUANTITY, MAX_CHECKOUT_LINES, REDEMPTION_CODE_MAX_LENGTH, US_STATES } from '../constants';
import { DAY_MS } from '../domain/time';
import { CHECKOUT_MESSAGES as M, REDEEM_MESSAGES, SANDBOX_MESSAGES } from '../messages';
import { normalizePromoCode } from '../domain/promo';
import { GIFT_MESSAGES as G, GIFT_MESSAGE_MAX, GIFT_NAME_MAX } from '../domain/gifts';

/** A cart line marked "This is a gift" (docs/decisions/0066-gifts.md); the delivery day is checked against the clock by the server. */
export const giftInputSchema = z.object({
  recipientName: z.string({ error: G.recipientNameRequired }).trim().min(1, G.recipientNameRequired).max(GIFT_NAME_MAX, G.recipientNameMax),
  recipientEmail: z.string({ error: G.recipientEmailInvalid }).trim().toLowerCase().pipe(z.email(G.recipientEmailInvalid).max(254)),
  message: z.string().trim().max(GIFT_MESSAGE_MAX, G.messageMax).optional().default(''),
  /** `YYYY-MM-DD` in the buyer's time zone: today, or up to 60 days ahead. */
  deliverOn: z.string({ error: G.deliverOnInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, G.deliverOnInvalid),
  /** The buyer's IANA time zone (the browser's), which "today" and the delivery day are read in. */
  timeZone: z.string().max(60).optional(),
});
export type GiftInput = z.input<typeof giftInputSchema>;

// A blank field gets only the spec's message, not the format messages of the checks after it.
const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, `At most ${max} characters.`);

/** The checkout form of docs/product/customer-spec.md §3 and §5 (billing details; card details are entered on the provider's page). */
export const checkoutFormSchema = z.object({
  cardName: required(M.nameRequired, 100),
  address: required(M.addressRequired, 200),
  city: required(M.addressRequired, 100),
  state: required(M.addressRequired, 2)
    .toUpperCase()
    .refine((s) => (US_STATES as readonly string[]).includes(s), M.stateInvalid),
  zipCode: required(M.addressRequired, 10).regex(/^\d{5}(-\d{4})?$/, M.zipInvalid),
  notes: z.string().trim().max(500, 'At most 500 characters.').optional().default(''),
});
export type CheckoutForm = z.input<typeof checkoutFormSchema>;

/**
 * What the browser sends to start a checkout: deal ids and quantities only. Prices, titles and
 * totals come from the database; any other field sent is dropped.
 */
const cartItemsSchema = z
  .array(
    z.object({
      dealId: z.uuid('Unknown deal.'),
      /** The option bought (docs/decisions/0047); omitted: the deal's first option (a one-option deal). */
      optionId: z.uuid('Unknown option.').optional(),
      quantity: z.number().int(M.quantityMin).min(1, M.quantityMin).max(MAX_CART_LINE_QUANTITY, M.quantityMax),
      /** "This is a gift": the line's vouchers go to the recipient (docs/decisions/0066-gifts.md). */
      gift: giftInputSchema.optional(),
    }),
  )
  .min(1, M.cartEmpty)
  .max(MAX_CHECKOUT_LINES, M.tooManyLines);

/** A promo code as typed: blank means none. */
const promoCodeInput = z
  .string()
  .max(40)
  .transform((s) => normalizePromoCode(s) || null)
  .nullable()
  .optional()
  .transform((v) => v ?? null);

export const createCheckoutSchema = z.object({
  items: cartItemsSchema,
  billing: checkoutFormSchema,
  /** Keep the card's last four digits and expiry (nothing more) for the Payment Methods tab. */
  saveCard: z.boolean().optional().default(false),
  /** A promo code (docs/decisions/0048): the server prices it again; a code that no longer applies refuses the checkout. */
  promoCode: promoCodeInput,
});

/** The cart's totals with a promo code, priced by the server (POST /api/cart/quote). */
export const cartQuoteRequestSchema = z.object({
  items: cartItemsSchema,
  promoCode: promoCodeInput,
});
export type CartQuoteRequest = z.input<typeof cartQuoteRequestSchema>;
export type CreateCheckout = z.input<typeof createCheckoutSchema>;

export const PURCHASE_TABS = ['active', 'redeemed', 'all'] as const;
export type PurchaseTab = (typeof PURCHASE_TABS)[number];

export const purchasesQuerySchema = z.object({
  status: z.enum(PURCHASE_TABS).default('all'),
  cursor: z.string().max(200).optional(),
});

/**
 * A redemption code as typed or scanned: spaces, dashes and case do not matter, so one made only
 * of them (`- -`) is as missing as a blank one.
 */
export const redemptionCodeSchema = z
  .string({ error: REDEEM_MESSAGES.codeRequired })
  .trim()
  .max(REDEMPTION_CODE_MAX_LENGTH)
  .transform((s) => normalizeRedemptionCode(s))
  .pipe(z.string().min(1, REDEEM_MESSAGES.codeRequired));

export const redeemRequestSchema = z.object({ code: redemptionCodeSchema });

/** `abcd efgh-jkmn` → `ABCD-EFGH-JKMN`; codes are 12 characters of Crockford base32. */
export function normalizeRedemptionCode(input: string): string {
  // Crockford base32 reads I and L as 1 and O as 0, so a misread character still matches.
  const raw = input
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  return raw.length === 12 ? `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}` : raw;
}

/** The sandbox provider's hosted card page (docs/product/design.md §5: a real flow, with test cards). */
export const sandboxPaySchema = z.object({
  cardNumber: z
    .string({ error: SANDBOX_MESSAGES.cardNumberInvalid })
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d{12,19}$/, SANDBOX_MESSAGES.cardNumberInvalid)
        .refine(luhnValid, SANDBOX_MESSAGES.cardNumberInvalid),
    ),
  expiry: z
    .string({ error: SANDBOX_MESSAGES.expiryInvalid })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, SANDBOX_MESSAGES.expiryInvalid),
  cvc: z
    .string({ error: SANDBOX_MESSAGES.cvcInvalid })
    .trim()
    .regex(/^\d{3,4}$/, SANDBOX_MESSAGES.cvcInvalid),
  name: z.string({ error: SANDBOX_MESSAGES.nameRequired }).trim().min(1, SANDBOX_MESSAGES.nameRequired).max(100),
});
export type SandboxPay = z.input<typeof sandboxPaySchema>;

/** Paying the sandbox's card page with one of the customer's saved cards. */
export const sandboxPaySavedSchema = z.object({
  paymentMethodId: z.string().regex(/^pm_sandbox_[A-Za-z0-9_-]{10,64}$/, 'Choose one of your saved cards.'),
});
export type SandboxPaySaved = z.input<typeof sandboxPaySavedSchema>;

/** Luhn checksum of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** `MM/YY` → month and four-digit year; expired when the month is over. */
export function parseExpiry(expiry: string, now = new Date()): { month: number; year: number; isPast: boolean } {
  const [mm, yy] = expiry.split('/').map((p) => Number(p.trim()));
  const month = mm ?? 0;
  const year = 2000 + (yy ?? 0);
  const isPast = year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
  return { month, year, isPast };
}

/** Whole days left until expiry, rounded up (docs/product/customer-spec.md §4); 0 or less once expired. */
export function daysLeft(expirationDate: string | Date, now = new Date()): number {
  return Math.ceil((new Date(expirationDate).getTime() - now.getTime()) / DAY_MS) || 0;
}
