import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Live events as they were published (lib/events.ts): the row id is the Server-Sent Events `id:`, so a
 * browser reconnecting with `Last-Event-ID` gets what it missed. A short replay window only: the
 * `live-events-prune` job deletes rows after LIVE_EVENT_REPLAY_MS.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_events_created_idx').on(t.createdAt)],
);
