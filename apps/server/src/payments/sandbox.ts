import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sandboxSessions } from '../db/schema';
import { AppError } from '../lib/errors';
import { randomToken, safeEqual } from '../lib/crypto';
import type { PaymentProvider, ProviderEvent } from './provider';

export const SANDBOX_SIGNATURE_HEADER = 'lp-sandbox-signature';
/** Signed events older than this are refused (replays), as Stripe does with its default tolerance. */
const TOLERANCE_SECONDS = 300;

/** The event body the sandbox sends, shaped like Stripe's so the two read alike. */
export interface SandboxEvent {
  id: string;
  type: 'checkout.session.completed' | 'checkout.session.expired';
  created: number;
  data: { object: { id: string; payment_status: 'paid' | 'unpaid'; metadata: { orderId: string } } };
}

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
  if (Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS) throw bad();
  const expected = signSandboxPayload(secret, payload, timestamp).split('v1=')[1]!;
  if (!safeEqual(expected, parts.v1)) throw bad();
}

/**
 * The built-in provider: its hosted card page is served by this server (/sandbox/checkout/:id)
 * and it confirms payments with signed webhooks to /api/webhooks/sandbox, like a real provider.
 */
export function createSandboxProvider(opts: { db: Db; appUrl: string; secret: string }): PaymentProvider {
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
      });
      return { sessionId: id, url: `${opts.appUrl}/sandbox/checkout/${id}` };
    },
    async verifyWebhook(rawBody, headers): Promise<ProviderEvent> {
      const payload = rawBody.toString('utf8');
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      verifySignature(opts.secret, payload, Array.isArray(header) ? header[0] : header);
      let event: SandboxEvent;
      try {
        event = JSON.parse(payload) as SandboxEvent;
      } catch {
        throw new AppError('BAD_REQUEST', 'The webhook body is not JSON.');
      }
      const session = event.data?.object;
      if (!event.id || !session?.id) throw new AppError('BAD_REQUEST', 'The webhook event is incomplete.');
      const type =
        event.type === 'checkout.session.completed' && session.payment_status === 'paid'
          ? 'checkout.paid'
          : event.type === 'checkout.session.expired'
            ? 'checkout.expired'
            : 'ignored';
      return { id: event.id, type, sessionId: session.id, orderId: session.metadata?.orderId ?? null };
    },
    async cardForSession(sessionId) {
      const [row] = await opts.db.select({ card: sandboxSessions.card }).from(sandboxSessions).where(eq(sandboxSessions.id, sessionId));
      return row?.card ?? null;
    },
  };
}
