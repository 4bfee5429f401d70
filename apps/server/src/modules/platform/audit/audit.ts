import type { AuditAction } from '@localperks/shared';
import type { Db } from '../../../db/client';
import { adminAuditLog } from '../../../db/schema';

/**
 * The actions the audit trail records (issue 6: Settings; docs/decisions/0062-roles-and-staff.md): the list and its
 * labels are packages/shared's AUDIT_ACTION_LABELS, which the trail's search and the Settings tab read too.
 */
export type { AuditAction };

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
