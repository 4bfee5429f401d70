import { z } from 'zod';

/** Admin dashboard: Merchant Approval tab wording (docs/product/merchant-admin-spec.md §2, §5, §8), word for word. */
export const ADMIN_APPROVAL_MESSAGES = {
  rejectionReasonTitle: 'Rejection Reason Required',
  rejectionReasonRequired: 'Please provide a reason for rejection.',
  messageRequired: 'Please enter a message.',
  approveFailed: 'Failed to approve merchant. Please try again.',
  rejectFailed: 'Failed to reject merchant',
  resetFailed: 'Failed to update status',
  loadFailed: 'Failed to load merchant requests',
  loadMessagesFailed: 'Failed to load messages',
  sendFailed: 'Failed to send message',
  approvedTitle: 'Merchant Approved',
  rejectedTitle: 'Rejection Sent',
  resetTitle: 'Status Updated',
  messageSentTitle: 'Message Sent',
  noPending: 'No new pending merchant registrations',
  noMessages: 'No messages yet. Start the conversation by sending a message.',
  notFound: 'Merchant registration request not found.',
  unverifiedTitle: 'E-mail not verified',
  unverifiedNeedsConfirmation:
    'This merchant has not verified their e-mail address yet. Confirm that you want to approve them anyway (send confirmUnverified: true).',
} as const;

/**
 * Approve: a merchant whose e-mail address is not verified is approved only when the admin
 * confirms it explicitly (`confirmUnverified: true`); the server refuses it otherwise.
 */
export const approveMerchantSchema = z
  .object({ confirmUnverified: z.boolean({ error: 'confirmUnverified must be true or false.' }).optional() })
  // Older callers post no body at all.
  .nullish();
export type ApproveMerchant = z.infer<typeof approveMerchantSchema>;

/** The longest admin or merchant message in a registration thread. */
export const REGISTRATION_MESSAGE_MAX_LENGTH = 5000;
export const REJECTION_REASON_MAX_LENGTH = 2000;
/** Recently Processed shows the latest 10 (docs/product/merchant-admin-spec.md §9). */
export const PROCESSED_REQUESTS_LIMIT = 10;
/** The rejection reason preview on an Awaiting Merchant Response card. */
export const REJECTION_PREVIEW_LENGTH = 50;
export const ADMIN_REQUESTS_PAGE_SIZE = 20;

/** Reject dialog: the reason is required and trimmed. */
export const rejectMerchantSchema = z.object({
  reason: z
    .string({ error: ADMIN_APPROVAL_MESSAGES.rejectionReasonRequired })
    .trim()
    .min(1, ADMIN_APPROVAL_MESSAGES.rejectionReasonRequired)
    .max(REJECTION_REASON_MAX_LENGTH, `Reason must be at most ${REJECTION_REASON_MAX_LENGTH} characters.`),
});
export type RejectMerchant = z.infer<typeof rejectMerchantSchema>;

/** A message in an admin–merchant thread: trimmed, never blank (docs/product/merchant-admin-spec.md §5 Admin messages). */
export const registrationMessageSchema = z.object({
  message: z
    .string({ error: ADMIN_APPROVAL_MESSAGES.messageRequired })
    .trim()
    .min(1, ADMIN_APPROVAL_MESSAGES.messageRequired)
    .max(REGISTRATION_MESSAGE_MAX_LENGTH, `Message must be at most ${REGISTRATION_MESSAGE_MAX_LENGTH} characters.`),
});
export type RegistrationMessageInput = z.infer<typeof registrationMessageSchema>;

/** The three cards of the Merchant Approval tab. */
export const ADMIN_REQUEST_SECTIONS = ['pending', 'awaiting', 'processed'] as const;
export type AdminRequestSection = (typeof ADMIN_REQUEST_SECTIONS)[number];

export const adminRequestsQuerySchema = z.object({
  section: z.enum(ADMIN_REQUEST_SECTIONS).default('pending'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
