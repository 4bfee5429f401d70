import { z } from 'zod';
import { ADMIN_ROLES } from '../constants';

/** Settings: an owner changes another admin's role (docs/decisions/0062-roles-and-staff.md). */
export const updateAdminRoleSchema = z.object({ role: z.enum(ADMIN_ROLES, { error: 'Choose owner, support or finance.' }) });
export type UpdateAdminRole = z.infer<typeof updateAdminRoleSchema>;

/**
 * What the audit trail records (the actions of admins, and of merchants where they decide something). Labels are
 * what the Settings tab shows; the search filters by these names.
 */
export const AUDIT_ACTION_LABELS = {
  'merchant.approved': 'Merchant approved',
  'merchant.rejected': 'Merchant rejected',
  'merchant.reset_to_review': 'Merchant reset to review',
  'merchant.suspended': 'Merchant suspended',
  'merchant.reinstated': 'Merchant reinstated',
  'customer.banned': 'Customer banned',
  'customer.unbanned': 'Customer ban lifted',
  'payout.marked_paid': 'Payout marked paid',
  'payout.transfer_retried': 'Payout transfer retried',
  'payout.held': 'Payout held',
  'payout.released': 'Payout released',
  'ticket.status_changed': 'Ticket status changed',
  'ticket.assigned': 'Ticket assigned',
  'ticket.note_added': 'Ticket note added',
  'deal.deactivated': 'Deal deactivated',
  'deal.appeal_reinstated': 'Deal appeal: reinstated',
  'deal.appeal_upheld': 'Deal appeal: upheld',
  'admin.created': 'Admin created',
  'admin.role_changed': 'Admin role changed',
  'admin.deactivated': 'Admin deactivated',
  'admin.reactivated': 'Admin reactivated',
  'staff.invited': 'Staff invited',
  'staff.joined': 'Staff joined',
  'staff.removed': 'Staff removed',
  'refund.merchant_accepted': 'Refund accepted by merchant',
  'refund.merchant_answered': 'Refund answered by merchant',
  'refund.refunded': 'Refund granted',
  'refund.declined': 'Refund declined',
  'refund.direct': 'Direct refund',
  // An account deleted for a verified request (docs/decisions/0054-privacy-rights.md).
  'account.deleted': 'Account deleted',
  // Review moderation (docs/decisions/0064-verified-reviews.md).
  'review.hidden': 'Review hidden',
  'review.restored': 'Review restored',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];

/**
 * What an audit entry's action was done to, its first word (`admin.created` → admin): the audit trail table's filter.
 * `admin` is the Settings section's own changes (admins created, their roles, deactivated and reactivated).
 */
export const AUDIT_AREA_LABELS = {
  admin: 'Admins (Settings)',
  merchant: 'Businesses',
  customer: 'Customers',
  staff: 'Staff',
  deal: 'Deals',
  payout: 'Payouts',
  refund: 'Refunds',
  ticket: 'Tickets',
  review: 'Reviews',
  account: 'Accounts',
} as const satisfies Record<string, string>;
export type AuditArea = keyof typeof AUDIT_AREA_LABELS;
export const AUDIT_AREAS = Object.keys(AUDIT_AREA_LABELS) as [AuditArea, ...AuditArea[]];

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-29.')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Use a date like 2026-11-29.');
const blankIsNone = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * The audit trail's search (docs/decisions/0062-roles-and-staff.md): who did it (a name or e-mail, in part), what it
 * was done to (the record's id, or a word of what was recorded about it: a business, an e-mail, a subject), the
 * action, and a date range (UTC days, both ends included). Blank fields are no filter.
 */
export const auditQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    actor: z.preprocess(blankIsNone, z.string().trim().max(200).optional()),
    target: z.preprocess(blankIsNone, z.string().trim().max(200).optional()),
    action: z.preprocess(blankIsNone, z.enum(AUDIT_ACTIONS, { error: 'Choose an action from the list.' }).optional()),
    from: z.preprocess(blankIsNone, day.optional()),
    to: z.preprocess(blankIsNone, day.optional()),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date must be on or before the end date.', path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;
