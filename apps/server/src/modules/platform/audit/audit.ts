import type { Db } from '../../../db/client';
import { adminAuditLog } from '../../../db/schema';

/** The admin actions the audit trail records (issue 6: Settings). */
export type AuditAction =
  | 'merchant.approved'
  | 'merchant.rejected'
  | 'merchant.reset_to_review'
  | 'payout.marked_paid'
  // Transfers (docs/decisions/0056-payout-accounts-and-transfers.md): a failed one retried, a payout held and released.
  | 'payout.transfer_retried'
  | 'payout.held'
  | 'payout.released'
  | 'ticket.status_changed'
  | 'deal.deactivated'
  | 'deal.appeal_reinstated'
  | 'deal.appeal_upheld'
  | 'admin.created'
  // Refund decisions (docs/decisions/0019-refund-flow.md); a merchant's own answer is recorded with the merchant as actor.
  | 'refund.merchant_accepted'
  | 'refund.merchant_answered'
  | 'refund.refunded'
  | 'refund.declined'
  | 'refund.direct';

type Executor = Pick<Db, 'insert'>;

/**
 * Writes one audit entry. Call it with the transaction of the change it records, so that an entry
 * exists exactly when the change does.
 */
export async function recordAudit(
  tx: Executor,
  entry: { adminId: string; action: AuditAction; entityType: string; entityId?: string | null; details?: Record<string, unknown> },
) {
  await tx.insert(adminAuditLog).values({
    adminId: entry.adminId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    details: entry.details ?? {},
  });
}
