import { and, asc, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import {
  SANDBOX_DECLINE_CARD,
  SANDBOX_MESSAGES,
  SANDBOX_TEST_CARD,
  addMonth,
  isCardExpired,
  parseExpiry,
  type SandboxSession,
} from '@localperks/shared';
import type { Db } from '../../../db/client';
import type { Deps } from '../../../lib/deps';
import { sandboxPaymentMethods, sandboxRefunds, sandboxSessions, sandboxSubscriptions } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { randomToken } from '../../../lib/crypto';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload, type SandboxEvent } from '../../../payments/sandbox';

/** Declined or refused attempts after which the page stops taking cards (like a real provider would). */
const MAX_FAILED_ATTEMPTS = 10;

type Row = typeof sandboxSessions.$inferSelect;

/** What posting signed events to our own webhook route takes. */
export type WebhookDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'sandboxSecret' | 'loopback'>;

async function sessionRow(db: Db, id: string): Promise<Row> {
  const [row] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'This payment page does not exist.');
  return row;
}

/** The cards the session's customer saved, newest first, expired ones left out (as a provider's page does). */
async function savedCardsOf(db: Db, customerId: string | null, now: Date) {
  if (!customerId) return [];
  const cards = await db
    .select({
      id: sandboxPaymentMethods.id,
      brand: sandboxPaymentMethods.brand,
      last4: sandboxPaymentMethods.last4,
      expMonth: sandboxPaymentMethods.expMonth,
      expYear: sandboxPaymentMethods.expYear,
    })
    .from(sandboxPaymentMethods)
    .where(eq(sandboxPaymentMethods.customerId, customerId))
    .orderBy(desc(sandboxPaymentMethods.createdAt))
    .limit(10);
  return cards.filter((c) => !isCardExpired(c, now));
}

export async function getSandboxSession(deps: Pick<Deps, 'db' | 'clock'>, id: string): Promise<SandboxSession> {
  const row = await sessionRow(deps.db, id);
  const now = deps.clock.now();
  const status = row.status === 'open' && row.expiresAt <= now ? 'expired' : row.status;
  return {
    // The customer's saved cards, offered while the page can still be paid (docs/decisions/0041).
    savedCards: status === 'open' ? await savedCardsOf(deps.db, row.customerId, now) : [],
    id: row.id,
    status,
    customerEmail: row.customerEmail,
    lines: row.lines,
    subtotalCents: row.subtotalCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    cancelUrl: row.cancelUrl,
    expiresAt: row.expiresAt.toISOString(),
    mode: row.mode,
    purpose: row.purpose,
  };
}

const brandOf = (digits: string) =>
  digits.startsWith('4') ? 'visa' : /^5[1-5]/.test(digits) ? 'mastercard' : digits.startsWith('3') ? 'amex' : 'card';

/**
 * Charges a sandbox session: 4242… pays, 4000…0002 is declined, other numbers are refused. A
 * paid session is confirmed to us by a signed webhook, exactly as a real provider would.
 */
export async function paySandboxSession(
  deps: WebhookDeps,
  id: string,
  card: { cardNumber: string; expiry: string; cvc: string; name: string },
): Promise<{ url: string }> {
  const now = deps.clock.now();
  const row = await sessionRow(deps.db, id);
  if (row.status === 'paid') return { url: row.successUrl };
  if (row.status !== 'open' || row.expiresAt <= now) throw new AppError('CONFLICT', SANDBOX_MESSAGES.sessionClosed);
  if (row.failedAttempts >= MAX_FAILED_ATTEMPTS)
    throw new AppError('RATE_LIMITED', 'Too many failed attempts on this payment page. Go back to the cart and start again.');

  const expiry = parseExpiry(card.expiry, now);
  const refuse = async (code: 'VALIDATION' | 'PAYMENT_DECLINED', message: string, field: string) => {
    await deps.db
      .update(sandboxSessions)
      .set({ failedAttempts: sql`${sandboxSessions.failedAttempts} + 1` })
      .where(eq(sandboxSessions.id, id));
    return new AppError(code, message, { [field]: message });
  };
  if (expiry.isPast) throw await refuse('VALIDATION', SANDBOX_MESSAGES.expiryPast, 'expiry');
  if (card.cardNumber === SANDBOX_DECLINE_CARD) throw await refuse('PAYMENT_DECLINED', SANDBOX_MESSAGES.declined, 'cardNumber');
  if (card.cardNumber !== SANDBOX_TEST_CARD) throw await refuse('VALIDATION', SANDBOX_MESSAGES.cardNumberUnsupported, 'cardNumber');

  const summary = { brand: brandOf(card.cardNumber), last4: card.cardNumber.slice(-4), expMonth: expiry.month, expYear: expiry.year };
  // "Save this card": the provider keeps it under the customer (its id goes with the payment); a card
  // it already keeps for them is the same saved card, not a second one.
  if (!row.saveCard || !row.customerId) return chargeSession(deps, row, { ...summary, paymentMethodId: null }, null);
  const [known] = await deps.db
    .select({ id: sandboxPaymentMethods.id })
    .from(sandboxPaymentMethods)
    .where(
      and(
        eq(sandboxPaymentMethods.customerId, row.customerId),
        eq(sandboxPaymentMethods.brand, summary.brand),
        eq(sandboxPaymentMethods.last4, summary.last4),
        eq(sandboxPaymentMethods.expMonth, summary.expMonth),
        eq(sandboxPaymentMethods.expYear, summary.expYear),
      ),
    );
  const saved = known ? null : { id: `pm_sandbox_${randomToken(20)}`, customerId: row.customerId, ...summary };
  return chargeSession(deps, row, { ...summary, paymentMethodId: known?.id ?? saved!.id }, saved);
}

/**
 * Pays an open session with one of its customer's saved cards (the card page's "Pay with Visa •••• 4242"):
 * the card must be this session's customer's, and not expired.
 */
export async function paySandboxSessionWithSavedCard(deps: WebhookDeps, id: string, paymentMethodId: string): Promise<{ url: string }> {
  const now = deps.clock.now();
  const row = await sessionRow(deps.db, id);
  if (row.status === 'paid') return { url: row.successUrl };
  if (row.status !== 'open' || row.expiresAt <= now) throw new AppError('CONFLICT', SANDBOX_MESSAGES.sessionClosed);
  const [card] = row.customerId
    ? await deps.db
        .select()
        .from(sandboxPaymentMethods)
        .where(and(eq(sandboxPaymentMethods.id, paymentMethodId), eq(sandboxPaymentMethods.customerId, row.customerId)))
    : [];
  if (!card) throw new AppError('NOT_FOUND', 'This saved card is not available. Pay with a card instead.');
  if (isCardExpired(card, now))
    throw new AppError('VALIDATION', SANDBOX_MESSAGES.expiryPast, { paymentMethodId: SANDBOX_MESSAGES.expiryPast });
  const { brand, last4, expMonth, expYear } = card;
  return chargeSession(deps, row, { brand, last4, expMonth, expYear, paymentMethodId: card.id }, null);
}

/**
 * Marks an open session paid with a card (a conditional update: one charge however often Pay is
 * pressed), keeps a card to save in the same transaction, then confirms the payment to us by the
 * signed webhook, exactly as a real provider would.
 */
async function chargeSession(
  deps: WebhookDeps,
  row: Row,
  cardSummary: NonNullable<Row['card']>,
  saved: typeof sandboxPaymentMethods.$inferInsert | null,
): Promise<{ url: string }> {
  const { id } = row;
  const now = deps.clock.now();
  const paid = await deps.db.transaction(async (tx) => {
    const subscriptionId = row.mode === 'subscription' ? `sub_sandbox_${randomToken(20)}` : null;
    const [updated] = await tx
      .update(sandboxSessions)
      .set({ status: 'paid', paidAt: now, card: cardSummary, subscriptionId })
      .where(and(eq(sandboxSessions.id, id), eq(sandboxSessions.status, 'open'), gt(sandboxSessions.expiresAt, now)))
      .returning();
    if (updated && saved) await tx.insert(sandboxPaymentMethods).values(saved);
    // A subscription checkout starts a monthly subscription, renewed by the job until canceled.
    if (updated && subscriptionId) {
      await tx.insert(sandboxSubscriptions).values({
        id: subscriptionId,
        sessionId: id,
        customerEmail: row.customerEmail,
        amountCents: row.totalCents,
        currentPeriodEnd: addMonth(new Date(Math.floor(now.getTime() / 1000) * 1000)),
      });
    }
    return updated;
  });
  // Lost a race with another click on Pay: that one charged; this one must not charge again.
  if (!paid) return { url: (await sessionRow(deps.db, id)).successUrl };
  await deliverCompletedWebhook(deps, paid);
  return { url: paid.successUrl };
}

/**
 * Posts the signed `checkout.session.completed` event to our webhook endpoint, through the same
 * route a real provider calls. Undelivered events are retried by the scheduled job.
 */
export async function deliverCompletedWebhook(deps: WebhookDeps, session: Row): Promise<boolean> {
  let periodEnd: number | null = null;
  if (session.subscriptionId) {
    const [sub] = await deps.db
      .select({ end: sandboxSubscriptions.currentPeriodEnd })
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, session.subscriptionId));
    periodEnd = sub ? Math.floor(sub.end.getTime() / 1000) : null;
  }
  const object =
    session.purpose === 'merchant_charge'
      ? {
          id: session.id,
          payment_status: 'paid' as const,
          metadata: { chargeId: session.orderId },
          mode: session.mode,
          subscription: session.subscriptionId,
          current_period_end: periodEnd,
        }
      : { id: session.id, payment_status: 'paid' as const, metadata: { orderId: session.orderId } };
  const event: SandboxEvent = {
    id: `evt_${session.id}_completed`,
    type: 'checkout.session.completed',
    created: Math.floor((session.paidAt ?? deps.clock.now()).getTime() / 1000),
    data: { object },
  };
  if (await postSandboxEvent(deps, event)) {
    await deps.db.update(sandboxSessions).set({ webhookDeliveredAt: deps.clock.now() }).where(eq(sandboxSessions.id, session.id));
    return true;
  }
  return false;
}

/** Signs and posts one event to our webhook endpoint, through the route a real provider calls. */
export async function postSandboxEvent(deps: WebhookDeps, event: SandboxEvent): Promise<boolean> {
  const payload = JSON.stringify(event);
  try {
    const res = await deps.loopback({
      method: 'POST',
      url: '/api/webhooks/sandbox',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(deps.sandboxSecret, payload) },
      payload,
    });
    if (res.statusCode >= 300) {
      deps.log.error({ status: res.statusCode, body: res.body.slice(0, 300), eventId: event.id }, 'sandbox webhook refused');
      return false;
    }
    return true;
  } catch (err) {
    deps.log.error({ err, eventId: event.id }, 'sandbox webhook delivery failed');
    return false;
  }
}

/**
 * The sandbox's own billing cycle (the job runs it every minute): an active subscription whose
 * period has ended is renewed for a month (signed `invoice.paid`), or ended when it was set to
 * cancel at period end (signed `customer.subscription.deleted`). The period moves by a conditional
 * update, so two runs never renew twice; the event waits in `pending_event` until accepted.
 */
export async function runSandboxSubscriptions(deps: WebhookDeps): Promise<{ renewed: string[]; ended: string[] }> {
  const now = deps.clock.now();
  const renewed: string[] = [];
  const ended: string[] = [];
  const due = await deps.db
    .select()
    .from(sandboxSubscriptions)
    .where(
      and(
        eq(sandboxSubscriptions.status, 'active'),
        lt(sandboxSubscriptions.currentPeriodEnd, now),
        isNull(sandboxSubscriptions.pendingEvent),
      ),
    )
    .orderBy(asc(sandboxSubscriptions.currentPeriodEnd))
    .limit(50);
  for (const sub of due) {
    const [session] = await deps.db
      .select({ chargeId: sandboxSessions.orderId })
      .from(sandboxSessions)
      .where(eq(sandboxSessions.id, sub.sessionId));
    const created = Math.floor(now.getTime() / 1000);
    const same = and(
      eq(sandboxSubscriptions.id, sub.id),
      eq(sandboxSubscriptions.status, 'active'),
      eq(sandboxSubscriptions.currentPeriodEnd, sub.currentPeriodEnd),
    );
    if (sub.cancelAtPeriodEnd) {
      const event: SandboxEvent = {
        id: `evt_${sub.id}_deleted`,
        type: 'customer.subscription.deleted',
        created,
        data: { object: { id: sub.id } },
      };
      const [done] = await deps.db
        .update(sandboxSubscriptions)
        .set({ status: 'canceled', pendingEvent: event })
        .where(same)
        .returning({ id: sandboxSubscriptions.id });
      if (done) ended.push(sub.id);
    } else {
      const end = addMonth(sub.currentPeriodEnd);
      const periodEnd = Math.floor(end.getTime() / 1000);
      const event: SandboxEvent = {
        id: `evt_${sub.id}_${periodEnd}`,
        type: 'invoice.paid',
        created,
        data: { object: { subscription: sub.id, period_end: periodEnd, metadata: { chargeId: session?.chargeId } } },
      };
      const [done] = await deps.db
        .update(sandboxSubscriptions)
        .set({ currentPeriodEnd: end, pendingEvent: event })
        .where(same)
        .returning({ id: sandboxSubscriptions.id });
      if (done) renewed.push(sub.id);
    }
  }
  await deliverSubscriptionEvents(deps);
  return { renewed, ended };
}

/** Posts the subscription events not accepted yet; each is cleared once our endpoint took it. */
export async function deliverSubscriptionEvents(deps: WebhookDeps): Promise<number> {
  const pending = await deps.db.select().from(sandboxSubscriptions).where(isNotNull(sandboxSubscriptions.pendingEvent)).limit(50);
  let delivered = 0;
  for (const sub of pending) {
    const event = sub.pendingEvent as unknown as SandboxEvent;
    if (await postSandboxEvent(deps, event)) {
      await deps.db
        .update(sandboxSubscriptions)
        .set({ pendingEvent: null })
        .where(and(eq(sandboxSubscriptions.id, sub.id), sql`${sandboxSubscriptions.pendingEvent}->>'id' = ${event.id}`));
      delivered++;
    }
  }
  return delivered;
}

/** Retries paid sessions whose webhook was not accepted yet (the job runs this every minute). */
export async function redeliverSandboxWebhooks(deps: WebhookDeps): Promise<number> {
  const now = deps.clock.now();
  const pending = await deps.db
    .select()
    .from(sandboxSessions)
    .where(
      and(
        eq(sandboxSessions.status, 'paid'),
        isNull(sandboxSessions.webhookDeliveredAt),
        lt(sandboxSessions.paidAt, new Date(now.getTime() - 30_000)),
      ),
    )
    .orderBy(asc(sandboxSessions.paidAt))
    .limit(50);
  let delivered = 0;
  for (const s of pending) if (await deliverCompletedWebhook(deps, s)) delivered++;
  return delivered;
}

/**
 * The sandbox's signed `charge.refunded` events (shaped like Stripe's, the charge with all its
 * refunds listed), one per refund not yet accepted by our endpoint. Sent right after a refund and
 * retried by the job; our side settles each refund once however often it hears of it.
 */
export async function deliverSandboxRefundEvents(deps: WebhookDeps): Promise<number> {
  const pending = await deps.db
    .select()
    .from(sandboxRefunds)
    .where(isNull(sandboxRefunds.webhookDeliveredAt))
    .orderBy(asc(sandboxRefunds.createdAt))
    .limit(50);
  let delivered = 0;
  for (const refund of pending) {
    const all = await deps.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.sessionId, refund.sessionId))
      .orderBy(asc(sandboxRefunds.createdAt));
    const event: SandboxEvent = {
      id: `evt_${refund.id}_refunded`,
      type: 'charge.refunded',
      created: Math.floor(refund.createdAt.getTime() / 1000),
      data: {
        object: {
          id: `ch_${refund.sessionId}`,
          payment_intent: `pi_${refund.sessionId}`,
          amount_refunded: all.reduce((sum, r) => sum + r.amountCents, 0),
          refunds: { data: all.map((r) => ({ id: r.id, status: 'succeeded' as const, amount: r.amountCents, metadata: r.metadata })) },
        },
      },
    };
    if (await postSandboxEvent(deps, event)) {
      await deps.db
        .update(sandboxRefunds)
        .set({ webhookDeliveredAt: deps.clock.now() })
        .where(and(eq(sandboxRefunds.id, refund.id), isNull(sandboxRefunds.webhookDeliveredAt)));
      delivered++;
    }
  }
  return delivered;
}
