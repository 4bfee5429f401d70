import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import {
  DISPUTE_FEE_CENTS,
  LOST_DISPUTES_FLAG_COUNT,
  LOST_DISPUTES_FLAG_WINDOW_MS,
  REFUND_BLOCKING_DISPUTE_STATUSES,
  formatCents,
  type RefundBlockingDispute,
} from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { disputes, ledgerEntries, merchants, notifications, orders, purchases, users, webhookEvents } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import type { ProviderEvent } from '../../../payments/provider';
import { postLostDispute } from '../ledger/ledger.service';
import { voucherTitle } from '../voucher-title';

/**
 * Chargebacks (Merchant Refund Policy; docs/decisions/0018-one-ledger.md): the provider tells us
 * when a customer's bank opens a dispute against a payment and how it ends. Each is recorded
 * against the order's purchases and the admins are notified; a lost one deducts the vouchers'
 * money from their merchants' next payouts plus DISPUTE_FEE_CENTS.
 *
 * Exactly once, like checkout's handleProviderEvent: the event id is recorded under a primary key,
 * the dispute is unique per provider id, its status moves from open by a conditional update, and the
 * ledger entries have source keys; all in one transaction. Events may come in any order (closed first).
 */
export async function handleDisputeEvent(
  deps: Pick<Deps, 'db' | 'payments' | 'clock'>,
  event: ProviderEvent,
): Promise<{ handled: boolean; applied: boolean }> {
  if (event.type !== 'dispute.created' && event.type !== 'dispute.closed') return { handled: false, applied: false };
  const d = event.dispute;
  if (!d) throw new AppError('BAD_REQUEST', 'The webhook event is incomplete.');
  const now = deps.clock.now();
  const applied = await deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ provider: deps.payments.name, eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId });
    if (!fresh || !event.sessionId) return false;
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.provider, deps.payments.name), eq(orders.providerSessionId, event.sessionId)));
    // Not a customer's order (a merchant's own charge, or another account's payment): nothing of ours to deduct.
    if (!order) return false;
    // The order's vouchers are locked as a refund locks one (refunds.service lockPurchase): a refund
    // decided at the same moment either commits first or sees this dispute and is refused.
    const bought = await tx
      .select({ id: purchases.id, dealTitle: voucherTitle, merchantName: merchants.businessName })
      .from(purchases)
      .innerJoin(merchants, eq(merchants.id, purchases.merchantId))
      .where(eq(purchases.orderId, order.id))
      .orderBy(asc(purchases.id))
      .for('update', { of: purchases });
    if (d.purchaseId && !bought.some((p) => p.id === d.purchaseId))
      throw new AppError('BAD_REQUEST', 'The disputed purchase is not part of the disputed payment.');
    const covered = d.purchaseId ? bought.filter((p) => p.id === d.purchaseId) : bought;

    const [created] = await tx
      .insert(disputes)
      .values({
        provider: deps.payments.name,
        providerDisputeId: d.id,
        orderId: order.id,
        purchaseId: d.purchaseId,
        amountCents: d.amountCents,
        reason: d.reason,
        openedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    const [dispute] = created
      ? [created]
      : await tx
          .select()
          .from(disputes)
          .where(and(eq(disputes.provider, deps.payments.name), eq(disputes.providerDisputeId, d.id)));
    const what = `${formatCents(d.amountCents)} on ${describe(covered)}`;
    if (created) await notifyAdmins(tx, dispute!.id, 'Chargeback opened', `A customer’s bank opened a dispute of ${what}.`);
    if (d.status === 'open') return Boolean(created);

    const [closed] = await tx
      .update(disputes)
      .set({ status: d.status, closedAt: now, feeCents: d.status === 'lost' ? DISPUTE_FEE_CENTS : 0 })
      .where(and(eq(disputes.id, dispute!.id), eq(disputes.status, 'open')))
      .returning();
    if (!closed) return Boolean(created);
    if (closed.status === 'lost') {
      await postLostDispute(tx, { disputeId: closed.id, purchaseIds: covered.map((p) => p.id), at: now });
      await notifyAdmins(
        tx,
        closed.id,
        'Chargeback lost',
        `The dispute of ${what} was lost. The amount and the ${formatCents(DISPUTE_FEE_CENTS)} dispute fee are deducted from the merchant’s next payout.`,
      );
    } else {
      await notifyAdmins(tx, closed.id, 'Chargeback won', `The dispute of ${what} was closed in our favour.`);
    }
    return true;
  });
  return { handled: true, applied };
}

/**
 * The chargeback that stops refunds of an order's vouchers (docs/decisions/0040-safe-at-scale.md):
 * 'lost' when the bank already gave the payment back, else 'open' while the bank decides, else null.
 * A dispute is against the whole payment (the provider's charge), so it holds every voucher of the order.
 */
export const refundBlockingDisputeOf = (orderId: SQL | typeof purchases.orderId) =>
  sql<RefundBlockingDispute | null>`(select d.status from ${disputes} d where d.order_id = ${orderId}
    and d.status in (${sql.join(
      REFUND_BLOCKING_DISPUTE_STATUSES.map((st) => sql`${st}`),
      sql`, `,
    )}) order by d.status = 'lost' desc limit 1)`;

export async function refundBlockingDispute(tx: Tx, orderId: string): Promise<RefundBlockingDispute | null> {
  const rows = await tx
    .select({ status: disputes.status })
    .from(disputes)
    .where(and(eq(disputes.orderId, orderId), inArray(disputes.status, [...REFUND_BLOCKING_DISPUTE_STATUSES])));
  return rows.some((r) => r.status === 'lost') ? 'lost' : rows.length ? 'open' : null;
}

function describe(covered: { dealTitle: string; merchantName: string }[]): string {
  if (!covered.length) return 'a payment with no vouchers';
  const first = covered[0]!;
  const more = covered.length > 1 ? ` and ${covered.length - 1} more voucher${covered.length > 2 ? 's' : ''}` : '';
  return `“${first.dealTitle}” (${first.merchantName})${more}`;
}

async function notifyAdmins(tx: Tx, disputeId: string, title: string, message: string) {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  if (!admins.length) return;
  await tx
    .insert(notifications)
    .values(admins.map((a) => ({ userId: a.id, type: 'dispute', title, message, entityType: 'dispute', entityId: disputeId })));
}

/**
 * Merchants with LOST_DISPUTES_FLAG_COUNT or more disputes lost within the window before `now`
 * (a dispute counts for every merchant whose voucher it deducted), most first: the admin Overview
 * flags them for review (Merchant Refund Policy: repeated chargebacks may suspend the account).
 */
export async function merchantsFlaggedForDisputes(db: Tx, now: Date) {
  const since = new Date(now.getTime() - LOST_DISPUTES_FLAG_WINDOW_MS);
  const lost = sql<number>`count(distinct ${disputes.id})::int`;
  return db
    .select({ merchantId: merchants.id, businessName: merchants.businessName, lostDisputes: lost })
    .from(disputes)
    .innerJoin(ledgerEntries, eq(ledgerEntries.disputeId, disputes.id))
    .innerJoin(merchants, eq(merchants.id, ledgerEntries.merchantId))
    .where(
      and(
        eq(disputes.status, 'lost'),
        gt(disputes.closedAt, since),
        sql`${disputes.closedAt} <= ${now.toISOString()}::timestamptz`,
        inArray(ledgerEntries.kind, ['deduction', 'dispute_fee']),
      ),
    )
    .groupBy(merchants.id, merchants.businessName)
    .having(sql`count(distinct ${disputes.id}) >= ${LOST_DISPUTES_FLAG_COUNT}`)
    .orderBy(desc(lost), asc(merchants.businessName));
}
