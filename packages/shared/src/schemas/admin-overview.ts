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

/** A merchant appeals a deal an admin took down; an admin reinstates it or upholds the removal (issue 39). */
export const DEAL_APPEAL_MESSAGES = {
  messageRequired: 'Please say why the deal should be reinstated.',
  decisionTextRequired: 'Please give the reason the merchant will read.',
  notFound: 'This deal does not exist or is not one of yours.',
  notRemoved: 'Only a deal taken down by LocalPerks can be appealed.',
  alreadyOpen: 'Your appeal of this deal is already with our team.',
  alreadyDecided: 'This removal was reviewed and upheld; it cannot be appealed again.',
  noOpenAppeal: 'This deal has no open appeal.',
  sentTitle: 'Appeal sent',
  sent: 'Our team reviews it and tells you the decision.',
} as const;

export const dealAppealSchema = z.object({
  message: z.string({ error: DEAL_APPEAL_MESSAGES.messageRequired }).trim().min(1, DEAL_APPEAL_MESSAGES.messageRequired).max(2000),
});
export type DealAppealInput = z.infer<typeof dealAppealSchema>;

export const dealAppealDecisionSchema = z.object({
  decision: z.enum(['reinstate', 'uphold']),
  decisionText: z
    .string({ error: DEAL_APPEAL_MESSAGES.decisionTextRequired })
    .trim()
    .min(1, DEAL_APPEAL_MESSAGES.decisionTextRequired)
    .max(1000),
});
export type DealAppealDecision = z.infer<typeof dealAppealDecisionSchema>;

/** Admin lists page by page. */
export const adminPageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

/**
 * Every merchant with deals, searchable by business name, city or e-mail, page by page (issue 39):
 * the admin's way to any merchant's deals until the back-office console's merchants table replaces it.
 */
export const adminMerchantsWithDealsQuerySchema = adminPageQuerySchema.extend({
  search: z.string().trim().max(100).optional().default(''),
});
export type AdminMerchantsWithDealsQuery = z.input<typeof adminMerchantsWithDealsQuerySchema>;

/** docs/product/merchant-admin-spec.md §9 Lists. */
export const ADMIN_LIST_LIMITS = { recentMerchants: 5, merchantsWithDeals: 5 } as const;
/** Page sizes of the admin lists that grow. */
export const ADMIN_PAGE_SIZES = { supportTickets: 20, auditLog: 25, merchantsWithDeals: 10, customers: 20, businesses: 20 } as const;

/** One line of the Overview tab's Background jobs card: a job whose runs failed in the last 24 hours. */
export const backgroundJobFailureSchema = z.object({
  name: z.string(),
  label: z.string(),
  failedCount: z.number().int(),
  lastError: z.string().nullable(),
  lastFailedAt: z.string(),
});
export type BackgroundJobFailure = z.infer<typeof backgroundJobFailureSchema>;

/**
 * The mail outbox on the Background jobs card, when mail leaves by SMTP (null without: the outbox is then the
 * development mailbox). `waiting` mails are still being retried with backoff; `gaveUp` ran out of attempts.
 */
export const mailOutboxBacklogSchema = z.object({
  waiting: z.number().int(),
  gaveUp: z.number().int(),
  /** When the oldest unsent mail was written, or null when nothing waits. */
  oldestUnsentAt: z.string().nullable(),
  /** The last SMTP error of a mail not sent yet, and when it happened. */
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
});
export type MailOutboxBacklog = z.infer<typeof mailOutboxBacklogSchema>;
