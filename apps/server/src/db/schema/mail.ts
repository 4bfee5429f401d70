import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('email_outbox_to_idx').on(t.to, t.createdAt)],
);
