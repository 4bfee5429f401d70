import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { TICKET_STATUSES } from '@localperks/shared';
import { users } from './auth';

export const feedback = pgTable('feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  message: text('message').notNull(),
  page: text('page'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A support ticket: opened from the contact form (signed in or not) and answered by admins. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    /** open, pending (on the customer), in_progress, resolved (solved), closed. */
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    /** The admin who owns it (docs/decisions/0062-roles-and-staff.md); null: unassigned. */
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_tickets_customer_idx').on(t.customerId),
    index('support_tickets_created_idx').on(t.createdAt),
    index('support_tickets_assigned_idx').on(t.assignedTo, t.createdAt),
  ],
);

/**
 * Internal notes on a ticket: written and read by admins only. A table of their own, not a kind of message,
 * so that no read of the customer's thread can ever return one.
 */
export const supportTicketNotes = pgTable(
  'support_ticket_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_ticket_notes_ticket_idx').on(t.ticketId, t.createdAt)],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    senderType: text('sender_type', { enum: ['customer', 'admin'] }).notNull(),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** Leads from the home page's merchant signup section. */
export const merchantLeads = pgTable('merchant_leads', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  name: text('name'),
  optionType: text('option_type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
