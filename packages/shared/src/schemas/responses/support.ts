import { z } from 'zod';
import { TICKET_STATUSES } from '../admin-support';
import { count, isoDate, pageFields } from './common';
import { supportTicketSchema, ticketThreadMessageSchema } from './admin';

/** The contact form opened a ticket. */
export const contactTicketOpenedSchema = z.object({ ticket: z.object({ id: z.string(), status: z.enum(TICKET_STATUSES) }) });
export type ContactTicketOpened = z.infer<typeof contactTicketOpenedSchema>;

/** The caller's own tickets (account → Support). */
export const myTicketSchema = supportTicketSchema
  .pick({ id: true, subject: true, status: true, createdAt: true, updatedAt: true })
  .extend({ messageCount: count(), hasReply: z.boolean() });
export type MyTicket = z.infer<typeof myTicketSchema>;
export const myTicketsPageSchema = z.object({ tickets: z.array(myTicketSchema), ...pageFields });
export type MyTicketsPage = z.infer<typeof myTicketsPageSchema>;

export const myTicketThreadSchema = z.object({
  ticket: supportTicketSchema.pick({ id: true, subject: true, status: true, createdAt: true, updatedAt: true }),
  messages: z.array(ticketThreadMessageSchema),
});
export type MyTicketThread = z.infer<typeof myTicketThreadSchema>;

/** Development mailbox (docs/decisions/0007). */
export const mailSummarySchema = z.object({ id: z.string(), to: z.string(), subject: z.string(), kind: z.string(), createdAt: isoDate() });
export type MailSummary = z.infer<typeof mailSummarySchema>;
export const mailboxPageSchema = z.object({ mails: z.array(mailSummarySchema), hasMore: z.boolean(), page: count() });
export type MailboxPage = z.infer<typeof mailboxPageSchema>;
export const mailSchema = mailSummarySchema.extend({
  text: z.string(),
  html: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
});
export type Mail = z.infer<typeof mailSchema>;
export const mailResponseSchema = z.object({ mail: mailSchema });
export type MailResponse = z.infer<typeof mailResponseSchema>;

/** Liveness and database reachability. */
/** Liveness: the process answers (no database call). */
export const healthSchema = z.object({
  status: z.literal('ok'),
  databaseKind: z.enum(['pglite', 'postgres']),
});
/** Readiness: the database answers, every migration is applied, the instance is not shutting down. */
export const readySchema = z.object({
  status: z.literal('ready'),
  databaseKind: z.enum(['pglite', 'postgres']),
});
export type Ready = z.infer<typeof readySchema>;
export type Health = z.infer<typeof healthSchema>;

/** The app clock's time after a journey moved it (test clock, never in production). */
export const testClockSetSchema = z.object({ now: z.string() });
/** What a scheduled job run on a journey's request returned (test clock, never in production). */
export const jobRunSchema = z.object({ result: z.unknown() });
