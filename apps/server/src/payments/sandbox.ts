import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { centsSum } from '../db/cents';
import {
  sandboxAccountLinks,
  sandboxConnectedAccounts,
  sandboxPaymentMethods,
  sandboxRefunds,
  sandboxSessions,
  sandboxSubscriptions,
  sandboxTransfers,
} from '../db/schema';
import { AppError } from '../lib/errors';
import { randomToken, safeEqual } from '../lib/crypto';
import {
  accountStatusOf,
  disputeOutcome,
  isSignedInTheFuture,
  WEBHOOK_TOLERANCE_SECONDS,
  type PaymentProvider,
  type ProviderAccount,
  type ProviderEvent,
} from './provider';
import { paths, type PayoutAccountStatus } from '@localperks/shared';

export const SANDBOX_SIGNATURE_HEADER = 'lp-sandbox-signature';

const text = z.string().min(1).max(255);
/** Unix seconds up to 9999-12-31: a later one is no date a database can store. */
const unixSeconds = z.number().int().min(0).max(253_402_300_799);
const ourId = z.uuid();

/**
 * What a signed sandbox event must look like: the signature proves who sent it, this proves it can
 * be acted on; anything else is a 400, never a 500.
 */
const sandboxEventSchema = z.discriminatedUnion('type', [
  z.object({
    id: text,
    type: z.enum(['checkout.session.completed', 'checkout.session.expired']),
    data: z.object({
      object: z.object({
        id: text,
        payment_status: z.enum(['paid', 'unpaid']),
        metadata: z.object({ orderId: ourId.optional(), chargeId: ourId.optional() }).nullish(),
        mode: z.enum(['payment', 'subscription']).optional(),
        subscription: text.nullish(),
        current_period_end: unixSeconds.nullish(),
      }),
    }),
  }),
  z.object({
    id: text,
    type: z.literal('invoice.paid'),
    data: z.object({
      object: z.object({ subscription: text, period_end: unixSeconds, metadata: z.object({ chargeId: ourId.optional() }).nullish() }),
    }),
  }),
  z.object({ id: text, type: z.literal('customer.subscription.deleted'), data: z.object({ object: z.object({ id: text }) }) }),
  z.object({
    id: text,
    type: z.enum(['charge.dispute.created', 'charge.dispute.closed']),
    data: z.object({
      object: z.object({
        id: text,
        charge: text,
        amount: z.number().int().min(0).max(100_000_000),
        status: text,
        reason: text.nullish(),
        metadata: z.object({ purchaseId: ourId.optional() }).nullish(),
      }),
    }),
  }),
  z.object({
    id: text,
    type: z.literal('account.updated'),
    created: unixSeconds,
    data: z.object({
      object: z.object({
        id: text,
        details_submitted: z.boolean(),
        payouts_enabled: z.boolean(),
        capabilities: z.object({ transfers: z.enum(['active', 'inactive', 'pending']) }),
        requirements: z.object({
          currently_due: z.array(text).max(50),
          past_due: z.array(text).max(50),
          disabled_reason: text.nullish(),
        }),
        metadata: z.object({ merchantId: ourId }),
      }),
    }),
  }),
  z.object({
    id: text,
    type: z.literal('transfer.reversed'),
    created: unixSeconds,
    data: z.object({
      object: z.object({
        id: text,
        amount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
        amount_reversed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
        metadata: z.object({ payoutId: ourId.optional() }).nullish(),
      }),
    }),
  }),
  z.object({
    id: text,
    type: z.literal('charge.refunded'),
    data: z.object({
      object: z.object({
        id: text,
        refunds: z.object({
          data: z
            .array(
              z.object({
                id: text,
                status: text,
                amount: z.number().int().min(0),
                metadata: z.record(z.string().max(255), z.string().max(255)).nullish(),
              }),
            )
            .max(100),
        }),
      }),
    }),
  }),
]);

/** A sandbox connected account as Stripe's `account` object reads (what `account.updated` carries). */
export interface SandboxAccountObject {
  id: string;
  details_submitted: boolean;
  payouts_enabled: boolean;
  capabilities: { transfers: 'active' | 'inactive' | 'pending' };
  requirements: { currently_due: string[]; past_due: string[]; disabled_reason: string | null };
  metadata: { merchantId: string };
}

/** What a sandbox account in each state asks for: what Stripe's hosted onboarding collects. */
const ONBOARDING_FIELDS = ['business_profile.url', 'external_account', 'individual.verification.document', 'tos_acceptance.date'];

/** The sandbox account's state as Stripe would show it (read back by accountStatusOf, the same as Stripe's). */
export function sandboxAccountObject(row: {
  id: string;
  merchantId: string;
  status: PayoutAccountStatus;
  requirements: string[];
}): SandboxAccountObject {
  const metadata = { merchantId: row.merchantId };
  switch (row.status) {
    case 'active':
      return {
        id: row.id,
        details_submitted: true,
        payouts_enabled: true,
        capabilities: { transfers: 'active' },
        requirements: { currently_due: [], past_due: [], disabled_reason: null },
        metadata,
      };
    case 'pending':
      return {
        id: row.id,
        details_submitted: true,
        payouts_enabled: false,
        capabilities: { transfers: 'pending' },
        requirements: { currently_due: [], past_due: [], disabled_reason: 'requirements.pending_verification' },
        metadata,
      };
    case 'restricted':
      return {
        id: row.id,
        details_submitted: true,
        payouts_enabled: false,
        capabilities: { transfers: 'inactive' },
        requirements: { currently_due: row.requirements, past_due: row.requirements, disabled_reason: 'requirements.past_due' },
        metadata,
      };
    default:
      return {
        id: row.id,
        details_submitted: false,
        payouts_enabled: false,
        capabilities: { transfers: 'inactive' },
        requirements: { currently_due: ONBOARDING_FIELDS, past_due: [], disabled_reason: 'requirements.past_due' },
        metadata,
      };
  }
}

/** How long a sandbox account link can be used (Stripe's expire within minutes; a tester may take longer). */
const ACCOUNT_LINK_TTL_MS = 30 * 60_000;

/** The event body the sandbox sends, shaped like Stripe's so the two read alike. */
export type SandboxEvent =
  | { id: string; type: 'account.updated'; created: number; data: { object: SandboxAccountObject } }
  | {
      id: string;
      type: 'transfer.reversed';
      created: number;
      data: { object: { id: string; amount: number; amount_reversed: number; metadata: { payoutId?: string } } };
    }
  | {
      id: string;
      type: 'checkout.session.completed' | 'checkout.session.expired';
      created: number;
      data: {
        object: {
          id: string;
          payment_status: 'paid' | 'unpaid';
          /** `orderId` for a customer order; `chargeId` for a merchant charge. */
          metadata: { orderId?: string; chargeId?: string };
          mode?: 'payment' | 'subscription';
          subscription?: string | null;
          /** Unix seconds: the end of the first paid period of a subscription. */
          current_period_end?: number | null;
        };
      };
    }
  | {
      id: string;
      type: 'invoice.paid';
      created: number;
      data: { object: { subscription: string; period_end: number; metadata: { chargeId?: string } } };
    }
  | { id: string; type: 'customer.subscription.deleted'; created: number; data: { object: { id: string } } }
  | {
      id: string;
      type: 'charge.dispute.created' | 'charge.dispute.closed';
      created: number;
      data: {
        object: {
          /** The dispute's id (`dp_sandbox_…`). */
          id: string;
          /** The disputed payment: the sandbox's charge is its checkout session. */
          charge: string;
          amount: number;
          /** Stripe's statuses: needs_response, under_review, won, lost, … */
          status: string;
          reason?: string | null;
          /** The sandbox can name the one voucher disputed. */
          metadata?: { purchaseId?: string };
        };
      };
    }
  | {
      id: string;
      type: 'charge.refunded';
      created: number;
      /** Shaped like Stripe's charge with its refunds listed. */
      data: {
        object: {
          id: string;
          payment_intent: string;
          amount_refunded: number;
          refunds: { data: { id: string; status: 'succeeded'; amount: number; metadata: Record<string, string> }[] };
        };
      };
    };

export function signSandboxPayload(secret: string, payload: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

function verifySignature(secret: string, payload: string, header: string | undefined) {
  const bad = () => new AppError('INVALID_SIGNATURE', 'Invalid webhook signature');
  if (!header) throw bad();
  const parts = Object.fromEntries(header.split(',').map((kv) => kv.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) throw bad();
  // Older than the tolerance (a replay), or dated ahead of our clock beyond a small skew.
  if (Date.now() / 1000 - timestamp > WEBHOOK_TOLERANCE_SECONDS || isSignedInTheFuture(timestamp)) throw bad();
  const expected = signSandboxPayload(secret, payload, timestamp).split('v1=')[1]!;
  if (!safeEqual(expected, parts.v1)) throw bad();
}

/**
 * The built-in provider: its hosted card page is served by this server (/sandbox/checkout/:id)
 * and it confirms payments with signed webhooks to /api/webhooks/sandbox, like a real provider.
 */
export function createSandboxProvider(opts: {
  db: Db;
  appUrl: string;
  secret: string;
  announceRefunds?: () => Promise<unknown>;
}): PaymentProvider {
  return {
    name: 'sandbox',
    async createCheckout(input) {
      const id = `cs_sandbox_${randomToken(24)}`;
      const subtotalCents = input.lines.reduce((s, l) => s + l.unitAmountCents * l.quantity, 0);
      await opts.db.insert(sandboxSessions).values({
        id,
        orderId: input.orderId,
        customerEmail: input.customerEmail,
        lines: input.lines,
        subtotalCents,
        taxCents: input.taxCents,
        totalCents: subtotalCents + input.taxCents,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        expiresAt: input.expiresAt,
        customerId: input.customerId,
        saveCard: input.saveCard && input.customerId !== null,
      });
      return { sessionId: id, url: `${opts.appUrl}${paths.sandboxCheckout(id)}` };
    },
    async createMerchantCheckout(input) {
      const id = `cs_sandbox_${randomToken(24)}`;
      await opts.db.insert(sandboxSessions).values({
        id,
        orderId: input.chargeId,
        purpose: 'merchant_charge',
        mode: input.mode,
        customerEmail: input.customerEmail,
        lines: [{ name: input.name, unitAmountCents: input.amountCents, quantity: 1 }],
        subtotalCents: input.amountCents,
        taxCents: 0,
        totalCents: input.amountCents,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        expiresAt: input.expiresAt,
      });
      return { sessionId: id, url: `${opts.appUrl}${paths.sandboxCheckout(id)}` };
    },
    async expireCheckout(sessionId) {
      // The card page pays only an open session (a conditional update), so this cannot race a payment.
      await opts.db
        .update(sandboxSessions)
        .set({ status: 'expired' })
        .where(and(eq(sandboxSessions.id, sessionId), eq(sandboxSessions.status, 'open')));
      const [row] = await opts.db.select({ status: sandboxSessions.status }).from(sandboxSessions).where(eq(sandboxSessions.id, sessionId));
      return row?.status !== 'paid';
    },
    async refund(input) {
      const refund = await opts.db.transaction(async (tx) => {
        // The session row is locked: two refunds of one payment are checked one after the other.
        const [session] = await tx
          .select({ status: sandboxSessions.status, totalCents: sandboxSessions.totalCents })
          .from(sandboxSessions)
          .where(eq(sandboxSessions.id, input.sessionId))
          .for('update');
        if (!session) throw new AppError('NOT_FOUND', `No such sandbox session: ${input.sessionId}`);
        const [earlier] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, input.idempotencyKey));
        if (earlier) {
          // Like Stripe: a key names one request; reusing it with other parameters is an error.
          if (earlier.sessionId !== input.sessionId || earlier.amountCents !== input.amountCents)
            throw new AppError('CONFLICT', 'This idempotency key was used for another refund.');
          return { refundId: earlier.id };
        }
        if (session.status !== 'paid') throw new AppError('CONFLICT', 'Only a paid session can be refunded.');
        if (!Number.isInteger(input.amountCents) || input.amountCents <= 0)
          throw new AppError('VALIDATION', 'A refund must be a positive number of cents.');
        const [refunded] = await tx
          .select({ cents: centsSum(sql`sum(${sandboxRefunds.amountCents})`) })
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.sessionId, input.sessionId));
        if ((refunded?.cents ?? 0) + input.amountCents > session.totalCents)
          throw new AppError('CONFLICT', 'The refund is more than what is left of the payment.');
        const id = `re_sandbox_${randomToken(24)}`;
        await tx.insert(sandboxRefunds).values({
          id,
          sessionId: input.sessionId,
          amountCents: input.amountCents,
          idempotencyKey: input.idempotencyKey,
          metadata: input.metadata,
        });
        return { refundId: id };
      });
      // Like a real provider, the sandbox then announces the refund with its signed `charge.refunded` event.
      await opts.announceRefunds?.();
      return refund;
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await opts.db.update(sandboxSubscriptions).set({ cancelAtPeriodEnd: cancel }).where(eq(sandboxSubscriptions.id, subscriptionId));
    },
    async verifyWebhook(rawBody, headers): Promise<ProviderEvent> {
      const payload = rawBody.toString('utf8');
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      verifySignature(opts.secret, payload, Array.isArray(header) ? header[0] : header);
      let json: unknown;
      try {
        json = JSON.parse(payload);
      } catch {
        throw new AppError('BAD_REQUEST', 'The webhook body is not JSON.');
      }
      const parsed = sandboxEventSchema.safeParse(json);
      if (!parsed.success) throw new AppError('BAD_REQUEST', 'The webhook event is incomplete.');
      const event = parsed.data;
      if (event.type === 'account.updated') {
        const a = event.data.object;
        return {
          id: event.id,
          type: 'account.updated',
          sessionId: null,
          orderId: null,
          createdAt: new Date(event.created * 1000),
          account: { id: a.id, ...accountStatusOf(a), merchantId: a.metadata.merchantId },
        };
      }
      if (event.type === 'transfer.reversed') {
        const t = event.data.object;
        return {
          id: event.id,
          type: 'transfer.reversed',
          sessionId: null,
          orderId: null,
          createdAt: new Date(event.created * 1000),
          transfer: { id: t.id, amountCents: t.amount, reversedCents: t.amount_reversed, payoutId: t.metadata?.payoutId ?? null },
        };
      }
      if (event.type === 'invoice.paid') {
        const invoice = event.data.object;
        return {
          id: event.id,
          type: 'subscription.renewed',
          sessionId: null,
          orderId: null,
          chargeId: invoice.metadata?.chargeId ?? null,
          subscriptionId: invoice.subscription,
          periodEnd: new Date(invoice.period_end * 1000),
        };
      }
      if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed') {
        const dispute = event.data.object;
        const type = event.type === 'charge.dispute.created' ? 'dispute.created' : 'dispute.closed';
        return {
          id: event.id,
          type,
          sessionId: dispute.charge,
          orderId: null,
          dispute: {
            id: dispute.id,
            amountCents: dispute.amount,
            reason: dispute.reason ?? null,
            status: disputeOutcome(type, dispute.status),
            purchaseId: dispute.metadata?.purchaseId ?? null,
          },
        };
      }
      if (event.type === 'charge.refunded') {
        return {
          id: event.id,
          type: 'charge.refunded',
          sessionId: null,
          orderId: null,
          refunds: event.data.object.refunds.data.map((r) => ({
            id: r.id,
            status: r.status,
            amountCents: r.amount,
            metadata: r.metadata ?? {},
          })),
        };
      }
      if (event.type === 'customer.subscription.deleted') {
        return { id: event.id, type: 'subscription.ended', sessionId: null, orderId: null, subscriptionId: event.data.object.id };
      }
      // Only the checkout events are left (said again for the type checker, which does not narrow this union by elimination).
      if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.expired')
        throw new AppError('BAD_REQUEST', 'The webhook event is incomplete.');
      const session = event.data.object;
      const type =
        event.type === 'checkout.session.completed' && session.payment_status === 'paid'
          ? 'checkout.paid'
          : event.type === 'checkout.session.expired'
            ? 'checkout.expired'
            : 'ignored';
      const chargeId = session.metadata?.chargeId ?? null;
      if (!chargeId) return { id: event.id, type, sessionId: session.id, orderId: session.metadata?.orderId ?? null };
      return {
        id: event.id,
        type,
        sessionId: session.id,
        orderId: null,
        chargeId,
        ...(session.mode === 'subscription' && type === 'checkout.paid'
          ? {
              subscriptionId: session.subscription ?? null,
              periodEnd: session.current_period_end ? new Date(session.current_period_end * 1000) : null,
            }
          : {}),
      };
    },
    async cardForSession(sessionId) {
      const [row] = await opts.db.select({ card: sandboxSessions.card }).from(sandboxSessions).where(eq(sandboxSessions.id, sessionId));
      return row?.card ?? null;
    },
    async createCustomer() {
      // The sandbox's customers are only the key its saved cards are kept under (sandbox_payment_methods).
      return `cus_sandbox_${randomToken(20)}`;
    },
    async detachPaymentMethod(paymentMethodId) {
      await opts.db.delete(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, paymentMethodId));
    },
    async createPayoutAccount(input) {
      // One account per merchant, as Stripe's idempotency key makes it: asking again gets the same one.
      await opts.db
        .insert(sandboxConnectedAccounts)
        .values({
          id: `acct_sandbox_${randomToken(16)}`,
          merchantId: input.merchantId,
          email: input.email,
          businessName: input.businessName,
        })
        .onConflictDoNothing({ target: sandboxConnectedAccounts.merchantId });
      const [row] = await opts.db.select().from(sandboxConnectedAccounts).where(eq(sandboxConnectedAccounts.merchantId, input.merchantId));
      return toSandboxAccount(row!);
    },
    async retrievePayoutAccount(accountId) {
      const [row] = await opts.db.select().from(sandboxConnectedAccounts).where(eq(sandboxConnectedAccounts.id, accountId));
      if (!row) throw new AppError('NOT_FOUND', `No such sandbox account: ${accountId}`);
      return toSandboxAccount(row);
    },
    async createOnboardingLink(input) {
      return { url: await accountLink(opts, 'onboarding', input.accountId, input.returnUrl, input.refreshUrl) };
    },
    async createDashboardLink(input) {
      return { url: await accountLink(opts, 'dashboard', input.accountId, input.returnUrl, input.returnUrl) };
    },
    async createTransfer(input) {
      return opts.db.transaction(async (tx) => {
        // The account row is locked: a transfer and a change of the account's state are one after the other.
        const [account] = await tx
          .select({ status: sandboxConnectedAccounts.status })
          .from(sandboxConnectedAccounts)
          .where(eq(sandboxConnectedAccounts.id, input.accountId))
          .for('update');
        const [earlier] = await tx.select().from(sandboxTransfers).where(eq(sandboxTransfers.idempotencyKey, input.idempotencyKey));
        if (earlier) {
          // Like Stripe: a key names one request; reusing it with other parameters is an error, not a second transfer.
          if (earlier.accountId !== input.accountId || earlier.amountCents !== input.amountCents)
            throw new AppError('CONFLICT', 'This idempotency key was used for another transfer.');
          return { ok: true as const, transferId: earlier.id };
        }
        if (!account) return { ok: false as const, reason: `No such destination: '${input.accountId}'` };
        // Stripe's words when the destination cannot receive transfers.
        if (account.status !== 'active')
          return {
            ok: false as const,
            reason:
              'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          };
        if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
          return { ok: false as const, reason: 'A transfer must be a positive number of cents.' };
        const id = `tr_sandbox_${randomToken(20)}`;
        await tx.insert(sandboxTransfers).values({
          id,
          accountId: input.accountId,
          amountCents: input.amountCents,
          idempotencyKey: input.idempotencyKey,
          transferGroup: `payout-${input.payoutId}`,
          metadata: { payoutId: input.payoutId },
        });
        return { ok: true as const, transferId: id };
      });
    },
  };
}

const toSandboxAccount = (row: typeof sandboxConnectedAccounts.$inferSelect): ProviderAccount => ({
  id: row.id,
  ...accountStatusOf(sandboxAccountObject(row)),
  merchantId: row.merchantId,
});

/** A sandbox account link: the address of its hosted page, usable for ACCOUNT_LINK_TTL_MS. */
async function accountLink(
  opts: { db: Db; appUrl: string },
  kind: 'onboarding' | 'dashboard',
  accountId: string,
  returnUrl: string,
  refreshUrl: string,
): Promise<string> {
  const id = `acctlink_sandbox_${randomToken(24)}`;
  await opts.db
    .insert(sandboxAccountLinks)
    .values({ id, accountId, kind, returnUrl, refreshUrl, expiresAt: new Date(Date.now() + ACCOUNT_LINK_TTL_MS) });
  return `${opts.appUrl}${paths.sandboxConnect(id)}`;
}
