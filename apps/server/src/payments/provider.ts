import type { IncomingHttpHeaders } from 'node:http';
import type { PayoutAccountStatus } from '@localperks/shared';

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
    | 'account.updated'
    | 'transfer.reversed'
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
  /** For `account.updated`: a merchant's payout account as the provider now sees it. */
  account?: ProviderAccount | null;
  /** For `transfer.reversed`: the transfer and how much of it is reversed so far. */
  transfer?: ProviderTransferReversal | null;
  /** When the provider made the event (its `created`): orders events about the same account. */
  createdAt?: Date | null;
}

/**
 * A merchant's payout account at the provider (docs/decisions/0056-payout-accounts-and-transfers.md), reduced to
 * what the console shows and the transfer job needs.
 */
export interface ProviderAccount {
  /** `acct_…` (Stripe) or `acct_sandbox_…`. */
  id: string;
  status: PayoutAccountStatus;
  /** The provider's field names of what it asks for (currently due and past due). */
  requirements: string[];
  /** Our merchant, from the account's metadata (null when the account is not one of ours). */
  merchantId: string | null;
}

export interface ProviderTransferReversal {
  id: string;
  amountCents: number;
  /** All of it reversed so far (Stripe's `amount_reversed`). */
  reversedCents: number;
  /** Our payout, from the transfer's metadata. */
  payoutId: string | null;
}

/** Money sent from the platform's balance to a merchant's payout account. */
export interface TransferInput {
  accountId: string;
  amountCents: number;
  /** One key per payout row and attempt (`payout-<id>-<attempt>`): a retry of a lost answer never pays twice. */
  idempotencyKey: string;
  /** Our payout id: kept with the transfer (metadata, transfer group), it comes back in its events. */
  payoutId: string;
  description: string;
}

/**
 * The provider's answer to a transfer: made (its id), or refused with its reason (an account that cannot receive,
 * a platform balance too low): a refusal is final for that attempt. A call whose outcome is unknown (a timeout,
 * a 5xx) throws `AppError('UNAVAILABLE')` instead: it is sent again under the same key.
 */
export type TransferResult = { ok: true; transferId: string } | { ok: false; reason: string };

/**
 * Stripe's account, as its API and `account.updated` send it, into our four states: active once transfers can
 * be made and payouts are enabled; not started until the details were submitted; restricted when the provider
 * disabled the account or asks for something now (currently or past due); pending while it verifies what was sent.
 * The sandbox sends the same shape, so both read alike.
 */
export function accountStatusOf(a: {
  details_submitted?: boolean | null;
  payouts_enabled?: boolean | null;
  capabilities?: { transfers?: string | null } | null;
  requirements?: { currently_due?: string[] | null; past_due?: string[] | null; disabled_reason?: string | null } | null;
}): { status: PayoutAccountStatus; requirements: string[] } {
  const due = [...new Set([...(a.requirements?.past_due ?? []), ...(a.requirements?.currently_due ?? [])])];
  if (a.payouts_enabled && a.capabilities?.transfers === 'active') return { status: 'active', requirements: due };
  if (!a.details_submitted) return { status: 'not_started', requirements: due };
  const disabled = a.requirements?.disabled_reason ?? null;
  if (due.length || (disabled && !disabled.includes('pending_verification'))) return { status: 'restricted', requirements: due };
  return { status: 'pending', requirements: due };
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
  /**
   * A payout account for one of our merchants (Stripe: an Express connected account that can receive
   * transfers). One per merchant: a retry gets the same account back.
   */
  createPayoutAccount(input: { merchantId: string; email: string; businessName: string }): Promise<ProviderAccount>;
  /** The account as the provider sees it now (the merchant just came back from onboarding). */
  retrievePayoutAccount(accountId: string): Promise<ProviderAccount>;
  /** A single-use address of the provider's hosted onboarding for the account (Stripe: an Account Link). */
  createOnboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  /** A single-use address of the account's dashboard at the provider (Stripe: the Express dashboard). */
  createDashboardLink(input: { accountId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Sends money from the platform to a payout account (Stripe's Transfers API), exactly once per key. */
  createTransfer(input: TransferInput): Promise<TransferResult>;
}
