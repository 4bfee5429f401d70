import { z } from 'zod';
import { CONTACT_MESSAGE_MAX_LENGTH } from '../constants';

/**
 * The spec's four statuses (docs/product/merchant-admin-spec.md §4) and a helpdesk's "pending on customer"
 * (docs/decisions/0062-roles-and-staff.md): waiting for the customer's answer; their next message opens it again.
 * Resolved reads "Solved".
 */
export const TICKET_STATUSES = ['open', 'pending_customer', 'in_progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  pending_customer: 'Pending on customer',
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
  assigneeInvalid: 'Tickets can be assigned to active owner and support admins only.',
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

export const ticketStatusSchema = z.object({
  status: z.enum(TICKET_STATUSES, { error: 'Choose open, pending on customer, in progress, solved or closed.' }),
});
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

/** Assign a ticket to an admin who works tickets (owner or support), or back to nobody (null). */
export const assignTicketSchema = z.object({ adminId: z.uuid({ error: 'Choose an admin from the list.' }).nullable() });
export type AssignTicket = z.infer<typeof assignTicketSchema>;

/** An internal note on a ticket: for the admins only, never shown to or mailed to the customer. */
export const ticketNoteSchema = z.object({
  note: z.string({ error: 'Please write the note.' }).trim().min(1, 'Please write the note.').max(CONTACT_MESSAGE_MAX_LENGTH),
});
export type TicketNote = z.infer<typeof ticketNoteSchema>;

/** The tickets list: page, whose (mine, unassigned, everyone's) and which status. */
export const adminTicketsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  assigned: z.enum(['all', 'me', 'unassigned']).default('all'),
  status: z.enum(['all', ...TICKET_STATUSES]).default('all'),
});
export type AdminTicketsQuery = z.infer<typeof adminTicketsQuerySchema>;
