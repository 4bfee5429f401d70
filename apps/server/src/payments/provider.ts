import type { IncomingHttpHeaders } from 'node:http';

/** A signed webhook older than this is refused (a replay): Stripe's own default tolerance. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/**
 * A signed webhook may be dated at most this far ahead of our clock (clocks on NTP differ by far
 * less); a later one was not just sent, and would stay valid past the tolerance (docs/decisions/0040-safe-at-scale.md).
 */
export const WEBHOOK_FUTURE_SKEW_SECONDS = 30;

/** Whether a webhook signature's `t=` (Unix seconds) is dated too far ahead of `nowMs`. */
export function isSignedInTheFuture(signedAt: number, nowMs = Date.now()): boolean {
  return signedAt > Math.floor(nowMs / 1000) + WEBHOOK_FUTURE_SKEW_SECONDS;
}

/** One line of a hosted checkout page, money in integer cents. */
export interface CheckoutLine {
  name: string;
  unitAmountCents: number;
  quantity: number;
}

export interface CreateCheckoutInput {
  /** Our order id; comes back in the webhook event. */
  orderId: string;
  customerEmail: string;
  lines: CheckoutLine[];
  /** Shown as its own line ("Tax (8%)"); the provider charges lines + tax. */
  taxCents: number;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /**
   * The customer's record at the provider (`createCustomer`), when they have one: the page then offers
   * the cards saved under it. Null for a customer who never saved a card.
   */
  customerId: string | null;
  /** "Save this card": the card that pays is kept under `customerId` for the next checkout. */
  saveCard: boolean;
}

/**
 * A hosted card page for something a merchant pays the platform: a one-off payment (PerkBoost) or
 * a monthly subscription (the messaging plan). `chargeId` (merchant_charges.id) comes back in events.
 */
export interface CreateMerchantCheckoutInput {
  chargeId: string;
  customerEmail: string;
  mode: 'payment' | 'subscription';
  /** The one line shown on the page, e.g. "Advertise + Messaging plan (monthly)". */
  name: string;
  /** For a subscription: the amount charged each month. */
  amountCents: number;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

/** Money given back on a paid checkout session (part of it or all of it). */
export interface RefundInput {
  /** The paid checkout session (orders.provider_session_id). */
  sessionId: string;
  amountCents: number;
  /**
   * The same key always means the same refund: a retry (ours, the SDK's, a redelivered webhook's)
   * gets the first refund back instead of a second one.
   */
  idempotencyKey: string;
  /** Kept with the refund at the provider, e.g. the order and deal it is for. */
  metadata: Record<string, string>;
}

export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The provider's id of the card (`pm_…`) when it was saved, so it can be offered again and removed. */
  paymentMethodId?: string | null;
}

/** One refund of a charge, as a `charge.refunded` event names it. */
export interface ProviderRefund {
  id: string;
  /** Only `succeeded` refunds are settled. */
  status: string;
  amountCents: number;
  /** What we sent with the refund (RefundInput.metadata): `orderRefundId` names our order_refunds row. */
  metadata: Record<string, string>;
}

/**
 * A verified provider event, reduced to what fulfilment needs. `checkout.paid` is sent only for a
 * session whose payment is complete; everything we do not act on is `ignored`.
 */
export interface ProviderEvent {
  id: string;
  type:
    | 'checkout.paid'
    | 'checkout.expired'
    | 'subscription.renewed'
    | 'subscription.ended'
    | 'dispute.created'
    | 'dispute.closed'
    | 'charge.refunded'
    | 'ignored';
  /** The provider's checkout session id (orders.provider_session_id). */
  sessionId: string | null;
  /** Our order id from the session's metadata. */
  orderId: string | null;
  /** A merchant charge's id from the session's metadata (merchant checkouts only). */
  chargeId?: string | null;
  /** The provider's subscription: started by a paid subscription checkout, renewed or ended later. */
  subscriptionId?: string | null;
  /** For a paid subscription checkout or a renewal: the end of the period now paid for. */
  periodEnd?: Date | null;
  /** For `charge.refunded`: the charge's refunds (all of them; settled ones are recognised and skipped). */
  refunds?: ProviderRefund[];
  /** For `dispute.*`: the chargeback; `sessionId` is then the disputed payment's checkout session. */
  dispute?: ProviderDispute | null;
}

/** A chargeback against a payment, as the provider reports it when it opens and when it closes. */
export interface ProviderDispute {
  /** The provider's dispute id (Stripe `dp_…`). */
  id: string;
  amountCents: number;
  reason: string | null;
  /** `open` until closed; `lost` when the bank sided with the customer, `won` for every other ending. */
  status: 'open' | 'won' | 'lost';
  /** Our purchase when the event names one voucher (the sandbox can); else the whole payment is disputed. */
  purchaseId: string | null;
}

/** Stripe's dispute statuses (also the sandbox's): only `lost` loses the money; a closed dispute otherwise counts as won. */
export function disputeOutcome(type: 'dispute.created' | 'dispute.closed', status: string): ProviderDispute['status'] {
  if (type === 'dispute.created') return status === 'lost' ? 'lost' : status === 'won' ? 'won' : 'open';
  return status === 'lost' ? 'lost' : 'won';
}

/**
 * A card payment provider with a hosted card page (docs/product/design.md §5). Implementations: the built-in
 * sandbox (default) and Stripe (when its keys are configured).
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCheckout(input: CreateCheckoutInput): Promise<{ sessionId: string; url: string }>;
  createMerchantCheckout(input: CreateMerchantCheckoutInput): Promise<{ sessionId: string; url: string }>;
  /**
   * Closes an open hosted page so it can no longer be paid. True when the session is closed unpaid
   * (now or before); false when it was already paid, so the caller must not offer another.
   */
  expireCheckout(sessionId: string): Promise<boolean>;
  /** Refunds part or all of a paid session's payment to the card; returns the provider's refund id. */
  refund(input: RefundInput): Promise<{ refundId: string }>;
  /** Sets (or clears) cancellation of a subscription at the end of its paid period. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Checks the signature over the raw body; throws `AppError('INVALID_SIGNATURE', …)` when it does not match. */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<ProviderEvent>;
  /** The card that paid a session (last four digits and expiry only), when the provider can tell. */
  cardForSession(sessionId: string): Promise<CardSummary | null>;
  /** A customer record at the provider for one of our users (one per user: a retry gets the same one back). */
  createCustomer(input: { userId: string; email: string }): Promise<string>;
  /** Forgets a saved card at the provider, so no checkout offers it again; one already gone is fine. */
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
}
