import type { DealEvent, MessageEvent } from '@localperks/shared';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';

export const DEAL_EVENTS_CHANNEL = 'deal_events';
export const MESSAGE_EVENTS_CHANNEL = 'message_events';

/** Queues a deal event inside the transaction: PostgreSQL delivers it to every instance on commit. */
export async function publishDealEvent(tx: Tx, event: DealEvent) {
  await tx.execute(sql`select pg_notify(${DEAL_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

/** Queues a message event inside the transaction that wrote the message (delivered on commit). */
export async function publishMessageEvent(tx: Tx, event: MessageEvent) {
  await tx.execute(sql`select pg_notify(${MESSAGE_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

/**
 * Fans deal events out to this instance's browsers. Every instance LISTENs on the same channel, so
 * an event raised on one reaches the browsers connected to all of them.
 */
export class EventHub {
  private listeners = new Set<(e: DealEvent) => void>();
  private messageListeners = new Set<(e: MessageEvent) => void>();
  private stops: (() => Promise<void>)[] = [];

  async start(database: Database) {
    this.stops.push(await database.listen(DEAL_EVENTS_CHANNEL, (payload) => fanOut(payload, this.listeners)));
    this.stops.push(await database.listen(MESSAGE_EVENTS_CHANNEL, (payload) => fanOut(payload, this.messageListeners)));
  }

  subscribe(listener: (e: DealEvent) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Message events; the caller filters what its browser may see. */
  subscribeMessages(listener: (e: MessageEvent) => void) {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  get size() {
    return this.listeners.size + this.messageListeners.size;
  }

  async close() {
    this.listeners.clear();
    this.messageListeners.clear();
    await Promise.all(this.stops.map((stop) => stop()));
    this.stops = [];
  }
}

function fanOut<E>(payload: string, listeners: Set<(e: E) => void>) {
  let event: E;
  try {
    event = JSON.parse(payload) as E;
  } catch {
    return;
  }
  for (const l of listeners) l(event);
}
