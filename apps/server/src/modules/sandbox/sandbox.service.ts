import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { SANDBOX_DECLINE_CARD, SANDBOX_MESSAGES, SANDBOX_TEST_CARD, parseExpiry, type SandboxSession } from '@localperks/shared';
import type { Db } from '../../db/client';
import { sandboxSessions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload, type SandboxEvent } from '../../payments/sandbox';

/** Declined or refused attempts after which the page stops taking cards (like a real provider would). */
const MAX_FAILED_ATTEMPTS = 10;

type Row = typeof sandboxSessions.$inferSelect;

async function sessionRow(db: Db, id: string): Promise<Row> {
  const [row] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'This payment page does not exist.');
  return row;
}

export async function getSandboxSession(db: Db, id: string, now = new Date()): Promise<SandboxSession> {
  const row = await sessionRow(db, id);
  const status = row.status === 'open' && row.expiresAt <= now ? 'expired' : row.status;
  return {
    id: row.id,
    status,
    customerEmail: row.customerEmail,
    lines: row.lines,
    subtotalCents: row.subtotalCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    cancelUrl: row.cancelUrl,
    expiresAt: row.expiresAt.toISOString(),
  };
}

const brandOf = (digits: string) => (digits.startsWith('4') ? 'visa' : /^5[1-5]/.test(digits) ? 'mastercard' : digits.startsWith('3') ? 'amex' : 'card');

/**
 * Charges a sandbox session: 4242… pays, 4000…0002 is declined, other numbers are refused. A
 * paid session is confirmed to us by a signed webhook, exactly as a real provider would.
 */
export async function paySandboxSession(
  app: FastifyInstance,
  id: string,
  card: { cardNumber: string; expiry: string; cvc: string; name: string },
  now = new Date(),
): Promise<{ url: string }> {
  const row = await sessionRow(app.db, id);
  if (row.status === 'paid') return { url: row.successUrl };
  if (row.status !== 'open' || row.expiresAt <= now) throw new AppError('CONFLICT', SANDBOX_MESSAGES.sessionClosed);
  if (row.failedAttempts >= MAX_FAILED_ATTEMPTS) throw new AppError('RATE_LIMITED', 'Too many failed attempts on this payment page. Go back to the cart and start again.');

  const expiry = parseExpiry(card.expiry, now);
  const refuse = async (code: 'VALIDATION' | 'PAYMENT_DECLINED', message: string, field: string) => {
    await app.db.update(sandboxSessions).set({ failedAttempts: sql`${sandboxSessions.failedAttempts} + 1` }).where(eq(sandboxSessions.id, id));
    return new AppError(code, message, { [field]: message });
  };
  if (expiry.isPast) throw await refuse('VALIDATION', SANDBOX_MESSAGES.expiryPast, 'expiry');
  if (card.cardNumber === SANDBOX_DECLINE_CARD) throw await refuse('PAYMENT_DECLINED', SANDBOX_MESSAGES.declined, 'cardNumber');
  if (card.cardNumber !== SANDBOX_TEST_CARD) throw await refuse('VALIDATION', SANDBOX_MESSAGES.cardNumberUnsupported, 'cardNumber');

  const [paid] = await app.db
    .update(sandboxSessions)
    .set({ status: 'paid', paidAt: now, card: { brand: brandOf(card.cardNumber), last4: card.cardNumber.slice(-4), expMonth: expiry.month, expYear: expiry.year } })
    .where(and(eq(sandboxSessions.id, id), eq(sandboxSessions.status, 'open'), gt(sandboxSessions.expiresAt, now)))
    .returning();
  // Lost a race with another click on Pay: that one charged; this one must not charge again.
  if (!paid) return { url: (await sessionRow(app.db, id)).successUrl };
  await deliverCompletedWebhook(app, paid);
  return { url: paid.successUrl };
}

/**
 * Posts the signed `checkout.session.completed` event to our webhook endpoint, through the same
 * route a real provider calls. Undelivered events are retried by the scheduled job.
 */
export async function deliverCompletedWebhook(app: FastifyInstance, session: Row): Promise<boolean> {
  const event: SandboxEvent = {
    id: `evt_${session.id}_completed`,
    type: 'checkout.session.completed',
    created: Math.floor((session.paidAt ?? new Date()).getTime() / 1000),
    data: { object: { id: session.id, payment_status: 'paid', metadata: { orderId: session.orderId } } },
  };
  const payload = JSON.stringify(event);
  try {
    const res = await app.inject({
      method: 'POST',
      url: '/api/webhooks/sandbox',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(app.sandboxSecret, payload) },
      payload,
    });
    if (res.statusCode >= 300) {
      app.log.error({ status: res.statusCode, body: res.body.slice(0, 300), sessionId: session.id }, 'sandbox webhook refused');
      return false;
    }
    await app.db.update(sandboxSessions).set({ webhookDeliveredAt: new Date() }).where(eq(sandboxSessions.id, session.id));
    return true;
  } catch (err) {
    app.log.error({ err, sessionId: session.id }, 'sandbox webhook delivery failed');
    return false;
  }
}

/** Retries paid sessions whose webhook was not accepted yet (the job runs this every minute). */
export async function redeliverSandboxWebhooks(app: FastifyInstance, now = new Date()): Promise<number> {
  const pending = await app.db
    .select()
    .from(sandboxSessions)
    .where(and(eq(sandboxSessions.status, 'paid'), isNull(sandboxSessions.webhookDeliveredAt), lt(sandboxSessions.paidAt, new Date(now.getTime() - 30_000))))
    .orderBy(asc(sandboxSessions.paidAt))
    .limit(50);
  let delivered = 0;
  for (const s of pending) if (await deliverCompletedWebhook(app, s)) delivered++;
  return delivered;
}
