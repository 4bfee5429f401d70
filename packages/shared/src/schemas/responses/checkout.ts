import { purchaseGiftSchema } from '../gifts';
import { z } from 'zod';
import { PURCHASE_TABS } from '../checkout';
import { cents, count, isoDate } from './common';
import { customerRefundRequestSchema } from '../refunds';

export const checkoutStartedSchema = z.object({
  orderId: z.string(),
  /** The provider's hosted card page; the browser goes there. */
  url: z.string(),
});
export type CheckoutStarted = z.infer<typeof checkoutStartedSchema>;

/** A cart priced by the server: what the cart page shows under "Apply a promo code". */
export const cartQuoteSchema = z.object({
  lines: z.array(
    z.object({
      dealId: z.string(),
      optionId: z.string(),
      title: z.string(),
      optionTitle: z.string(),
      unitPriceCents: cents(),
      quantity: count(),
      discountCents: cents(),
    }),
  ),
  subtotalCents: cents(),
  discountCents: cents(),
  /** 8 % of the discounted subtotal. */
  taxCents: cents(),
  totalCents: cents(),
  promo: z
    .object({
      code: z.string(),
      /** "20% off", "$10.00 off". */
      label: z.string(),
      fundedBy: z.enum(['platform', 'merchant']),
    })
    .nullable(),
});
export type CartQuote = z.infer<typeof cartQuoteSchema>;

/** Where an order stands: the purchases page polls it after the provider's page. */
export const orderStateSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'paid', 'canceled', 'expired']),
  totalCents: cents(),
  purchaseCount: count(),
});
export type OrderState = z.infer<typeof orderStateSchema>;

/** A payment page to send the browser to. */
export const paymentPageSchema = z.object({ url: z.string() });
export type PaymentPage = z.infer<typeof paymentPageSchema>;

export const webhookReceivedSchema = z.object({ received: z.literal(true), fulfilled: z.boolean() });
export type WebhookReceived = z.infer<typeof webhookReceivedSchema>;

/** A purchase as My Purchases and the account page show it (money in cents, dates ISO). */
export const purchaseSchema = z.object({
  id: z.string(),
  dealId: z.string(),
  dealTitle: z.string(),
  dealImageUrl: z.string().nullable(),
  merchantName: z.string(),
  city: z.string(),
  state: z.string(),
  /** The option bought; empty for a one-option deal. */
  optionTitle: z.string(),
  priceCents: cents(),
  /** What the customer paid for it (its price less its share of a promo code's discount), before tax. */
  paidCents: cents(),
  purchaseDate: isoDate(),
  /** "Valid until": the promotional value ends then; the paid value does not (`paidValueOnly`). */
  expirationDate: isoDate(),
  /** Past "valid until", unredeemed and not refunded: still redeemable for `paidCents`. */
  paidValueOnly: z.boolean(),
  redeemed: z.boolean(),
  redemptionDate: isoDate().nullable(),
  /** Null once the voucher is refunded: a dead voucher shows no code. */
  redemptionCode: z.string().nullable(),
  /** Same-origin address of the QR image (SVG); the QR encodes the merchant redeem link. Null once refunded. */
  qrCodeUrl: z.string().nullable(),
  /** The link the QR encodes (the merchant's redeem screen with this code). Null once refunded. */
  redeemUrl: z.string().nullable(),
  refunded: z.boolean(),
  refundedAt: isoDate().nullable(),
  /** What a refund gives back: the voucher's price plus its share of the order's tax. */
  refundCents: cents(),
  /** Unredeemed, unexpired, not refunded, and no request open or decided (decisions are final). */
  canRequestRefund: z.boolean(),
  /** The newest refund request of this voucher, if any. */
  refundRequest: customerRefundRequestSchema.nullable(),
  /** Redeemed, not refunded, within 90 days of the redemption and not reviewed yet (docs/decisions/0064-verified-reviews.md). */
  canReview: z.boolean(),
  /** The customer has reviewed it. */
  reviewed: z.boolean(),
  /** Unused and its "valid until" is within a day: My Purchases shows a banner (docs/decisions/0065-notifications.md). */
  expiresWithinADay: z.boolean(),
  /** Bought as a gift (docs/decisions/0066-gifts.md); the code and QR are the holder's only (null for the buyer). */
  gift: purchaseGiftSchema.nullable(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/** A line of one of the customer's orders that was refunded instead of sold (its deal was withdrawn). */
export const purchaseRefundSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  dealId: z.string(),
  dealTitle: z.string(),
  quantity: count(),
  /** Unit price x quantity plus the line's share of the order's tax. */
  amountCents: cents(),
  /** `deal_withdrawn`; `sold_out`: paid after its reservation expired and the stock went to others. */
  reason: z.enum(['deal_withdrawn', 'sold_out']),
  /** `pending` until the payment provider has accepted the refund. */
  status: z.enum(['pending', 'refunded']),
  createdAt: isoDate(),
  refundedAt: isoDate().nullable(),
});
export type PurchaseRefund = z.infer<typeof purchaseRefundSchema>;

export const purchasesPageSchema = z.object({
  purchases: z.array(purchaseSchema),
  /** Refunded lines of the customer's orders, newest first (on the first page only; empty on later pages). */
  refunds: z.array(purchaseRefundSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  counts: z.object({ active: count(), redeemed: count(), all: count() } satisfies Record<(typeof PURCHASE_TABS)[number], unknown>),
});
export type PurchasesPage = z.infer<typeof purchasesPageSchema>;

/** What the merchant's redeem screen shows about a code before and after redeeming it. */
export const redemptionLookupSchema = z.object({
  purchaseId: z.string(),
  redemptionCode: z.string(),
  dealTitle: z.string(),
  optionTitle: z.string(),
  customerName: z.string(),
  priceCents: cents(),
  /** What the customer paid: a voucher past "valid until" is redeemed for this amount. */
  paidCents: cents(),
  purchaseDate: isoDate(),
  expirationDate: isoDate(),
  /** `expired`: past "valid until", still redeemable for the amount paid. */
  status: z.enum(['redeemable', 'redeemed', 'expired', 'refunded']),
  redemptionDate: isoDate().nullable(),
});
export type RedemptionLookup = z.infer<typeof redemptionLookupSchema>;

/** A saved card: last four digits and expiry only. */
export const paymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  createdAt: isoDate(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodsResponseSchema = z.object({ paymentMethods: z.array(paymentMethodSchema) });
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponseSchema>;

export const removedSchema = z.object({ removed: z.literal(true) });
export type Removed = z.infer<typeof removedSchema>;

/** The sandbox provider's hosted card page (docs/product/design.md §5: a real flow, with test cards). */
export const sandboxSessionSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'paid', 'canceled', 'expired']),
  customerEmail: z.string(),
  lines: z.array(z.object({ name: z.string(), quantity: count(), unitAmountCents: cents() })),
  subtotalCents: cents(),
  taxCents: cents(),
  totalCents: cents(),
  cancelUrl: z.string(),
  expiresAt: isoDate(),
  /** `subscription`: the total is charged every month until canceled (a merchant's messaging plan). */
  mode: z.enum(['payment', 'subscription']),
  /** A customer order, or something a merchant pays LocalPerks (subscription, PerkBoost). */
  purpose: z.enum(['order', 'merchant_charge']),
  /** The customer's saved cards, offered to pay with (brand, last four digits and expiry only); empty once the page is closed. */
  savedCards: z.array(
    z.object({ id: z.string(), brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() }),
  ),
});
export type SandboxSession = z.infer<typeof sandboxSessionSchema>;
