import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Domain events (lib/domain-events.ts, docs/decisions/0039-domain-events-and-the-api-contract.md): what
 * happened, written in the transaction that made it happen, so an event exists exactly when its change does.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The event's name, e.g. `purchase.paid`. */
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('domain_events_created_idx').on(t.createdAt)],
);

/**
 * One row per event and subscriber, written with the event: the subscriber's work to do. It is claimed
 * (`claimed_until`, SKIP LOCKED) by one deliverer at a time and marked done once the subscriber finished.
 */
export const domainEventDeliveries = pgTable(
  'domain_event_deliveries',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    subscriber: text('subscriber').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Runs started so far. */
    attempts: integer('attempts').notNull().default(0),
    /** Taken by a deliverer until then (a run in progress), or not to be tried again before then (after a failure). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.subscriber] }), index('domain_event_deliveries_due_idx').on(t.doneAt, t.createdAt)],
);
