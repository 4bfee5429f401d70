import { TAX_LABEL } from '@localperks/shared';
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../lib/errors';
import {
  accountStatusOf,
  disputeOutcome,
  isSignedInTheFuture,
  WEBHOOK_TOLERANCE_SECONDS,
  type CardSummary,
  type CreateCheckoutInput,
  type CreateMerchantCheckoutInput,
  type PaymentProvider,
  type ProviderAccount,
  type ProviderEvent,
} from './provider';

/**
 * Stripe accepts `expires_at` 30 minutes to 24 hours after the session is created. The request
 * reaches Stripe a moment after we compute "now" (and clocks drift), so both ends keep a minute
 * of slack: 31 minutes and 23 h 59 min.
 */
const MIN_EXPIRY_SECONDS = 31 * 60;
const MAX_EXPIRY_SECONDS = 23 * 3600 + 59 * 60;
/** 9999-12-31: a later timestamp is no date a database can store. */
const MAX_UNIX_SECONDS = 253_402_300_799;

function clampExpiresAt(expiresAt: Date, now = Date.now()): number {
  const nowSeconds = Math.floor(now / 1000);
  const wanted = Math.floor(expiresAt.getTime() / 1000);
  return Math.min(Math.max(wanted, nowSeconds + MIN_EXPIRY_SECONDS), nowSeconds + MAX_EXPIRY_SECONDS);
}

/** `http://127.0.0.1:12345` → the SDK's separate host/port/protocol options (tests point it at a fake). */
function apiAddress(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function lineItems(input: CreateCheckoutInput): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const line = (name: string, unitAmountCents: number, quantity: number) => ({
    price_data: { currency: 'usd', unit_amount: unitAmountCents, product_data: { name } },
    quantity,
  });
  const items = input.lines.map((l) => line(l.name, l.unitAmountCents, l.quantity));
  // Stripe Tax is not used: our own tax is shown as its own line so the page total matches the order.
  if (input.taxCents > 0) items.push(line(TAX_LABEL, input.taxCents, 1));
  return items;
}

/**
 * The parts of an event we read, checked: a signed event is Stripe's, but its shape still decides
 * whether we can act on it, and a surprise must be a 400, never a 500 (Stripe retries either).
 */
const ref = z.union([z.string().min(1).max(255), z.object({ id: z.string().min(1).max(255) })]).nullish();
const metadata = z.record(z.string(), z.string()).nullish();
const eventShape = z.object({
  id: z.string().min(1).max(255),
  type: z.string().max(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
const sessionShape = z.object({
  id: z.string().min(1).max(255),
  payment_status: z.string().nullish(),
  mode: z.string().nullish(),
  metadata,
  client_reference_id: z.string().max(255).nullish(),
  subscription: ref,
});
const invoiceShape = z.object({
  parent: z.object({ subscription_details: z.object({ subscription: ref, metadata }).nullish() }).nullish(),
  /** Older API versions name the subscription here. */
  subscription: ref,
  lines: z
    .object({ data: z.array(z.object({ period: z.object({ end: z.number().int().min(0).max(MAX_UNIX_SECONDS) }).nullish() })) })
    .nullish(),
});
const subscriptionShape = z.object({ id: z.string().min(1).max(255) });
const disputeShape = z.object({
  id: z.string().min(1).max(255),
  amount: z.number().int().min(0).max(100_000_000),
  status: z.string().max(255),
  reason: z.string().max(255).nullish(),
  payment_intent: ref,
});
const DISPUTE_EVENTS = { 'charge.dispute.created': 'dispute.created', 'charge.dispute.closed': 'dispute.closed' } as const;
const refundShape = z.object({
  id: z.string().min(1).max(255),
  status: z.string().max(255).nullish(),
  amount: z.number().int().min(0),
  metadata,
});
/** A charge in `charge.refunded`: current API versions leave `refunds` out, older ones list them. */
const chargeShape = z.object({
  id: z.string().min(1).max(255),
  payment_intent: ref,
  refunds: z.object({ data: z.array(refundShape), has_more: z.boolean().nullish() }).nullish(),
});
type Session = z.infer<typeof sessionShape>;
/** A connected account in `account.updated` (and from the API): what its state is read from. */
const accountShape = z.object({
  id: z.string().min(1).max(255),
  details_submitted: z.boolean().nullish(),
  payouts_enabled: z.boolean().nullish(),
  capabilities: z.object({ transfers: z.string().max(64).nullish() }).nullish(),
  requirements: z
    .object({
      currently_due: z.array(z.string().max(255)).max(200).nullish(),
      past_due: z.array(z.string().max(255)).max(200).nullish(),
      disabled_reason: z.string().max(255).nullish(),
    })
    .nullish(),
  metadata,
});
/** A transfer in `transfer.reversed`: how much of it is reversed so far, and our payout from its metadata. */
const transferShape = z.object({
  id: z.string().min(1).max(255),
  amount: z.number().int().min(0),
  amount_reversed: z.number().int().min(0),
  metadata,
});

function toAccount(raw: unknown): ProviderAccount {
  const a = parse(accountShape, raw);
  return { id: a.id, ...accountStatusOf(a), merchantId: a.metadata?.merchantId ?? null };
}

/** Stripe answered and refused the request (bad parameters, an account that cannot receive, a balance too low): final for this attempt. */
const isRefusal = (err: unknown) =>
  err instanceof Stripe.errors.StripeInvalidRequestError ||
  err instanceof Stripe.errors.StripePermissionError ||
  err instanceof Stripe.errors.StripeCardError;

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('BAD_REQUEST', 'The webhook event is incomplete.');
  return result.data;
}

const CHECKOUT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

const idOf = (r: z.infer<typeof ref>): string | null => (r == null ? null : typeof r === 'string' ? r : r.id);

/** Subscription renewals and endings; null for every other event. */
function subscriptionEvent(event: z.infer<typeof eventShape>): ProviderEvent | null {
  if (event.type === 'invoice.paid') {
    const invoice = parse(invoiceShape, event.data.object);
    // The subscription an invoice bills: its parent in current API versions, `subscription` in older ones.
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
    if (!subscriptionId) return null;
    const ends = (invoice.lines?.data ?? []).map((l) => l.period?.end ?? 0).filter((n) => n > 0);
    const periodEnd = ends.length ? new Date(Math.max(...ends) * 1000) : null;
    const chargeId = invoice.parent?.subscription_details?.metadata?.chargeId ?? null;
    return { id: event.id, type: 'subscription.renewed', sessionId: null, orderId: null, chargeId, subscriptionId, periodEnd };
  }
  if (event.type === 'customer.subscription.deleted') {
    const subscription = parse(subscriptionShape, event.data.object);
    return { id: event.id, type: 'subscription.ended', sessionId: null, orderId: null, subscriptionId: subscription.id };
  }
  return null;
}

function eventType(type: string, session: Session | null): ProviderEvent['type'] {
  switch (type) {
    case 'checkout.session.completed':
      // `unpaid` means a delayed method (bank debit) is still pending; async_payment_succeeded follows.
      return session?.payment_status === 'paid' || session?.payment_status === 'no_payment_required' ? 'checkout.paid' : 'ignored';
    case 'checkout.session.async_payment_succeeded':
      return 'checkout.paid';
    case 'checkout.session.expired':
      return 'checkout.expired';
    default:
      return 'ignored';
  }
}

/** Stripe Checkout (hosted card page) behind our provider interface. */
export function createStripeProvider(opts: {
  secretKey: string;
  webhookSecret: string;
  /** The signing secret of the endpoint for events on connected accounts (Connect), when it is another one. */
  connectWebhookSecret?: string;
  apiUrl?: string;
  timeoutMs?: number;
}): PaymentProvider {
  // A buyer waits on the checkout call before the redirect: fail fast (STRIPE_TIMEOUT_MS, default 10 s) rather than
  // the SDK's 80 s default. The one retry re-sends the same idempotency key, so a call that timed out after Stripe
  // acted on it is answered with that first result instead of acting twice.
  const stripe = new Stripe(opts.secretKey, { maxNetworkRetries: 1, timeout: opts.timeoutMs ?? 10_000, ...apiAddress(opts.apiUrl) });

  return {
    name: 'stripe',

    async createCheckout(input) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            // A customer with saved cards: Checkout lists them (saved_payment_method_options below); else the e-mail prefills the page.
            ...(input.customerId
              ? {
                  customer: input.customerId,
                  // By default Checkout redisplays only cards saved with allow_redisplay 'always'; ours are saved by
                  // setup_future_usage (docs/decisions/0041), so every card the customer kept is offered.
                  saved_payment_method_options: { allow_redisplay_filters: ['always', 'limited', 'unspecified'] },
                }
              : { customer_email: input.customerEmail }),
            // "Save this card": the card that pays is attached to the customer for the next checkout.
            ...(input.saveCard ? { payment_intent_data: { setup_future_usage: 'on_session' } } : {}),
            client_reference_id: input.orderId,
            metadata: { orderId: input.orderId },
            line_items: lineItems(input),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            expires_at: clampExpiresAt(input.expiresAt),
          },
          // One order, one session: a retried request (ours or the SDK's) gets the first session back.
          { idempotencyKey: `checkout-${input.orderId}` },
        );
      } catch (err) {
        throw unavailable(err);
      }
      if (!session.url) throw unavailable(new Error(`Stripe returned checkout session ${session.id} without a url`));
      return { sessionId: session.id, url: session.url };
    },

    async createMerchantCheckout(input: CreateMerchantCheckoutInput) {
      const metadata = { chargeId: input.chargeId };
      const priceData = {
        currency: 'usd',
        unit_amount: input.amountCents,
        product_data: { name: input.name },
        ...(input.mode === 'subscription' ? { recurring: { interval: 'month' as const } } : {}),
      };
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: input.mode,
            customer_email: input.customerEmail,
            client_reference_id: input.chargeId,
            metadata,
            line_items: [{ price_data: priceData, quantity: 1 }],
            ...(input.mode === 'subscription' ? { subscription_data: { metadata } } : {}),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            expires_at: clampExpiresAt(input.expiresAt),
          },
          { idempotencyKey: `merchant-charge-${input.chargeId}` },
        );
      } catch (err) {
        throw unavailable(err);
      }
      if (!session.url) throw unavailable(new Error(`Stripe returned checkout session ${session.id} without a url`));
      return { sessionId: session.id, url: session.url };
    },

    async expireCheckout(sessionId) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === 'open') session = await stripe.checkout.sessions.expire(sessionId);
      } catch (err) {
        throw unavailable(err);
      }
      return session.status === 'expired';
    },
    async refund(input) {
      let refund: Stripe.Refund;
      try {
        const session = await stripe.checkout.sessions.retrieve(input.sessionId);
        const paymentIntent = idOf(session.payment_intent);
        if (!paymentIntent) throw new Error(`Stripe checkout session ${input.sessionId} has no payment intent to refund`);
        refund = await stripe.refunds.create(
          { payment_intent: paymentIntent, amount: input.amountCents, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (err) {
        throw unavailable(err);
      }
      return { refundId: refund.id };
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      try {
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
      } catch (err) {
        throw unavailable(err);
      }
    },

    async verifyWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        // Only a single string is a valid header; the SDK throws a plain Error on arrays.
        if (typeof signature !== 'string') throw new Error('missing stripe-signature header');
        // The platform's endpoint, or the Connect endpoint (events on merchants' payout accounts) with its own secret.
        const secrets = [opts.webhookSecret, ...(opts.connectWebhookSecret ? [opts.connectWebhookSecret] : [])];
        event = await firstVerified(secrets, (secret) =>
          stripe.webhooks.constructEventAsync(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS),
        );
        // The SDK refuses only old signatures; one dated ahead of our clock beyond a small skew is refused too.
        const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
        if (!Number.isSafeInteger(signedAt) || isSignedInTheFuture(signedAt)) throw new Error('webhook signed in the future');
      } catch {
        throw new AppError('INVALID_SIGNATURE', 'Invalid webhook signature');
      }
      const checked = parse(eventShape, event);
      const createdAt = new Date(event.created * 1000);
      if (checked.type === 'account.updated')
        return {
          id: checked.id,
          type: 'account.updated',
          sessionId: null,
          orderId: null,
          createdAt,
          account: toAccount(checked.data.object),
        };
      if (checked.type === 'transfer.reversed') {
        const transfer = parse(transferShape, checked.data.object);
        return {
          id: checked.id,
          type: 'transfer.reversed',
          sessionId: null,
          orderId: null,
          createdAt,
          transfer: {
            id: transfer.id,
            amountCents: transfer.amount,
            reversedCents: transfer.amount_reversed,
            payoutId: transfer.metadata?.payoutId ?? null,
          },
        };
      }
      if (checked.type in DISPUTE_EVENTS) {
        const type = DISPUTE_EVENTS[checked.type as keyof typeof DISPUTE_EVENTS];
        const dispute = parse(disputeShape, checked.data.object);
        // A dispute names the payment intent; our orders know their checkout session, which Stripe finds by it.
        const paymentIntent = idOf(dispute.payment_intent);
        let sessionId: string | null = null;
        if (paymentIntent) {
          try {
            const found = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
            sessionId = found.data[0]?.id ?? null;
          } catch (err) {
            throw unavailable(err);
          }
        }
        return {
          id: checked.id,
          type,
          sessionId,
          orderId: null,
          dispute: {
            id: dispute.id,
            amountCents: dispute.amount,
            reason: dispute.reason ?? null,
            status: disputeOutcome(type, dispute.status),
            purchaseId: null,
          },
        };
      }
      if (checked.type === 'charge.refunded') {
        const charge = parse(chargeShape, checked.data.object);
        let refunds = charge.refunds && !charge.refunds.has_more ? charge.refunds.data : null;
        if (!refunds) {
          try {
            const intent = idOf(charge.payment_intent);
            const list = await stripe.refunds.list(intent ? { payment_intent: intent, limit: 100 } : { charge: charge.id, limit: 100 });
            refunds = list.data.map((r) => parse(refundShape, r));
          } catch (err) {
            // A 5xx: Stripe delivers the event again later.
            throw unavailable(err);
          }
        }
        return {
          id: checked.id,
          type: 'charge.refunded',
          sessionId: null,
          orderId: null,
          refunds: refunds.map((r) => ({ id: r.id, status: r.status ?? 'pending', amountCents: r.amount, metadata: r.metadata ?? {} })),
        };
      }
      const subscription = subscriptionEvent(checked);
      if (subscription) return subscription;
      const session = CHECKOUT_EVENTS.has(checked.type) ? parse(sessionShape, checked.data.object) : null;
      const chargeId = session?.metadata?.chargeId ?? null;
      const type = eventType(checked.type, session);
      return {
        id: checked.id,
        type,
        sessionId: session?.id ?? null,
        orderId: session && !chargeId ? (session.metadata?.orderId ?? session.client_reference_id ?? null) : null,
        ...(chargeId ? { chargeId } : {}),
        ...(session?.mode === 'subscription' && type === 'checkout.paid'
          ? { subscriptionId: idOf(session.subscription), periodEnd: null }
          : {}),
      };
    },

    async cardForSession(sessionId): Promise<CardSummary | null> {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.payment_method'] });
        const intent = session.payment_intent;
        const method = intent && typeof intent === 'object' ? intent.payment_method : null;
        const card = method && typeof method === 'object' ? method.card : null;
        if (!card || !method || typeof method !== 'object') return null;
        return { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year, paymentMethodId: method.id };
      } catch {
        // The card is a nicety on the receipt; the caller shows the order without it.
        return null;
      }
    },

    async createCustomer(input) {
      try {
        // One customer per user: a retried request (ours or the SDK's) gets the first one back.
        const customer = await stripe.customers.create(
          { email: input.email, metadata: { userId: input.userId } },
          { idempotencyKey: `customer-${input.userId}` },
        );
        return customer.id;
      } catch (err) {
        throw unavailable(err);
      }
    },

    async detachPaymentMethod(paymentMethodId) {
      try {
        await stripe.paymentMethods.detach(paymentMethodId);
      } catch (err) {
        // Already detached or deleted at Stripe: nothing left to offer.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return;
        throw unavailable(err);
      }
    },

    async createPayoutAccount(input) {
      try {
        // An Express account that receives transfers; Stripe's hosted onboarding collects the rest (KYC, bank, tax form).
        const account = await stripe.accounts.create(
          {
            type: 'express',
            country: 'US',
            email: input.email,
            business_profile: { name: input.businessName },
            capabilities: { transfers: { requested: true } },
            metadata: { merchantId: input.merchantId },
          },
          // One account per merchant: a retried request (ours or the SDK's) gets the first one back.
          { idempotencyKey: `payout-account-${input.merchantId}` },
        );
        return toAccount(account);
      } catch (err) {
        throw unavailable(err);
      }
    },

    async retrievePayoutAccount(accountId) {
      try {
        return toAccount(await stripe.accounts.retrieve(accountId));
      } catch (err) {
        throw unavailable(err);
      }
    },

    async createOnboardingLink(input) {
      try {
        const link = await stripe.accountLinks.create({
          account: input.accountId,
          type: 'account_onboarding',
          refresh_url: input.refreshUrl,
          return_url: input.returnUrl,
          collection_options: { fields: 'currently_due' },
        });
        return { url: link.url };
      } catch (err) {
        throw unavailable(err);
      }
    },

    async createDashboardLink(input) {
      try {
        // The Express dashboard, signed in as the account (a login link is single use).
        return { url: (await stripe.accounts.createLoginLink(input.accountId)).url };
      } catch (err) {
        throw unavailable(err);
      }
    },

    async createTransfer(input) {
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            destination: input.accountId,
            description: input.description,
            transfer_group: `payout-${input.payoutId}`,
            metadata: { payoutId: input.payoutId },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { ok: true, transferId: transfer.id };
      } catch (err) {
        // Stripe answered no: this attempt is over. Anything else (a timeout, a 5xx) may have made the transfer: unknown.
        if (isRefusal(err)) return { ok: false, reason: (err as Error).message };
        throw unavailable(err);
      }
    },
  };
}

/** The event verified with the first secret that signed it; the first secret's error when none did. */
async function firstVerified<T>(secrets: string[], verify: (secret: string) => Promise<T>): Promise<T> {
  let first: unknown;
  for (const secret of secrets) {
    try {
      return await verify(secret);
    } catch (err) {
      first ??= err;
    }
  }
  throw first;
}

/** Keeps Stripe's error as the cause so the error log says what actually went wrong. */
function unavailable(cause: unknown): AppError {
  const err = new AppError('UNAVAILABLE', 'The payment provider is not reachable. Please try again.');
  err.cause = cause;
  return err;
}
