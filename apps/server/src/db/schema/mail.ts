import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** An inline image of a mail (e.g. a voucher QR), referenced from the HTML part as `cid:<cid>`. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  cid: string;
  contentBase64: string;
}

/** Every e-mail the product sends; the development mailbox reads it when no SMTP is configured. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    kind: text('kind').notNull(),
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    /** Extra headers, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` of a non-transactional mail (RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** SMTP attempts so far and when the last one started (a claim: one instance sends at a time). */
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('email_outbox_to_idx').on(t.to, t.createdAt)],
);
