import { z } from 'zod';

export const DEAL_MODERATION_MESSAGES = {
  reasonRequired: 'Please give the reason for deactivating this deal.',
  deactivatedTitle: 'Deal Deactivated',
  alreadyRemoved: 'This deal is already inactive.',
} as const;

/** An admin takes down a deal that breaks the merchant terms; the merchant is told why. */
export const deactivateDealSchema = z.object({
  reason: z.string({ error: DEAL_MODERATION_MESSAGES.reasonRequired }).trim().min(1, DEAL_MODERATION_MESSAGES.reasonRequired).max(1000),
});
export type DeactivateDeal = z.infer<typeof deactivateDealSchema>;

/** Admin lists page by page. */
export const adminPageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

/** docs/product/merchant-admin-spec.md §9 Lists. */
export const ADMIN_LIST_LIMITS = { recentMerchants: 5, merchantsWithDeals: 5 } as const;
/** Page sizes of the admin lists that grow. */
export const ADMIN_PAGE_SIZES = { supportTickets: 20, auditLog: 25 } as const;

/** One line of the Overview tab's Background jobs card: a job whose runs failed in the last 24 hours. */
export const backgroundJobFailureSchema = z.object({
  name: z.string(),
  label: z.string(),
  failedCount: z.number().int(),
  lastError: z.string().nullable(),
  lastFailedAt: z.string(),
});
export type BackgroundJobFailure = z.infer<typeof backgroundJobFailureSchema>;
