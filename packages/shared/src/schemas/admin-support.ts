import { z } from 'zod';
import { CONTACT_MESSAGE_MAX_LENGTH } from '../constants';

export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

/** Support texts (docs/product/merchant-admin-spec.md §5, §8). */
export const SUPPORT_MESSAGES = {
  missingTitle: 'Missing Information',
  missingDescription: 'Please provide both subject and message.',
  replySent: 'Reply Sent',
  messageRequired: 'Please enter a message.',
  subjectRequired: 'Please enter a subject',
  ticketNotFound: 'This support ticket was not found.',
} as const;

/** Reply to Customer: subject and message both required. */
export const supportReplySchema = z.object({
  subject: z.string({ error: SUPPORT_MESSAGES.missingDescription }).trim().min(1, SUPPORT_MESSAGES.missingDescription).max(200),
  message: z
    .string({ error: SUPPORT_MESSAGES.missingDescription })
    .trim()
    .min(1, SUPPORT_MESSAGES.missingDescription)
    .max(CONTACT_MESSAGE_MAX_LENGTH),
});
export type SupportReply = z.infer<typeof supportReplySchema>;

export const ticketStatusSchema = z.object({ status: z.enum(TICKET_STATUSES, { error: 'Choose open, in progress, resolved or closed.' }) });
export type TicketStatusUpdate = z.infer<typeof ticketStatusSchema>;

/** A signed-in user opening a ticket from their account. */
export const newTicketSchema = z.object({
  subject: z.string().trim().min(3, SUPPORT_MESSAGES.subjectRequired).max(200),
  message: z.string().trim().min(10, 'Message must be at least 10 characters').max(CONTACT_MESSAGE_MAX_LENGTH),
});
export type NewTicket = z.infer<typeof newTicketSchema>;

/** A customer's follow-up in their ticket's thread. */
export const ticketMessageSchema = z.object({
  message: z.string().trim().min(1, SUPPORT_MESSAGES.messageRequired).max(CONTACT_MESSAGE_MAX_LENGTH),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;
