import type { DealEvent } from '@localperks/shared';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';

export const DEAL_EVENTS_CHANNEL = 'deal_events';

/** Queues a deal event inside the transaction: PostgreSQL delivers it to every instance on commit. */
export async function publishDealEvent(tx: Tx, event: DealEvent) {
  await tx.execute(sql`select pg_notify(${DEAL_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

/**
 * Fans deal events out to this instance's browsers. Every instance LISTENs on the same channel, so
 * an event raised on one reaches the browsers connected to all of them.
 */
export class EventHub {
  private listeners = new Set<(e: DealEvent) => void>();
  private stop: (() => Promise<void>) | null = null;

  async start(database: Database) {
    this.stop = await database.listen(DEAL_EVENTS_CHANNEL, (payload) => {
      let event: DealEvent;
      try {
        event = JSON.parse(payload) as DealEvent;
      } catch {
        return;
      }
      for (const l of this.listeners) l(event);
    });
  }

  subscribe(listener: (e: DealEvent) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size() {
    return this.listeners.size;
  }

  async close() {
    this.listeners.clear();
    await this.stop?.();
  }
}
