import type { DealChannelEvent, MessageEvent } from '@localperks/shared';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../db/client';
import { liveEvents } from '../db/schema';

export const DEAL_EVENTS_CHANNEL = 'deal_events';
export const MESSAGE_EVENTS_CHANNEL = 'message_events';
type Channel = typeof DEAL_EVENTS_CHANNEL | typeof MESSAGE_EVENTS_CHANNEL;

/**
 * How long a published event can still be replayed to a browser that reconnects with `Last-Event-ID`
 * (the `live-events-prune` job deletes older rows). A reconnect after a network blip or a server
 * restart takes seconds; a tab asleep for longer refetches its data anyway.
 */
export const LIVE_EVENT_REPLAY_MS = 5 * 60_000;
/** At most this many events are replayed on one reconnect. */
const REPLAY_LIMIT = 500;

/**
 * Queues an event inside the transaction that caused it: the row gives it its id (the SSE `id:`), and
 * PostgreSQL delivers the notification to every instance on commit, or not at all on rollback.
 */
async function publish(tx: Tx, channel: Channel, event: DealChannelEvent | MessageEvent) {
  const json = JSON.stringify(event);
  await tx.execute(sql`
    with e as (insert into ${liveEvents} (channel, payload) values (${channel}, ${json}::jsonb) returning id)
    select pg_notify(${channel}, '{"id":' || e.id || ',"event":' || ${json} || '}') from e`);
}

/** Queues a deal event inside the transaction: PostgreSQL delivers it to every instance on commit. */
export async function publishDealEvent(tx: Tx, event: DealChannelEvent) {
  await publish(tx, DEAL_EVENTS_CHANNEL, event);
}

/** Queues a message event inside the transaction that wrote the message (delivered on commit). */
export async function publishMessageEvent(tx: Tx, event: MessageEvent) {
  await publish(tx, MESSAGE_EVENTS_CHANNEL, event);
}

/** Deletes events older than the replay window (the `live-events-prune` job). */
export async function pruneLiveEvents(db: Db, now = new Date()) {
  const removed = await db
    .delete(liveEvents)
    .where(lt(liveEvents.createdAt, new Date(now.getTime() - LIVE_EVENT_REPLAY_MS)))
    .returning({ id: liveEvents.id });
  return { removed: removed.length };
}

export type Listener<E> = (e: E, id: number) => void;

/**
 * Fans live events out to this instance's browsers. Every instance LISTENs on the same channels, so
 * an event raised on one reaches the browsers connected to all of them. When the LISTEN connection
 * was lost and comes back, what was published meanwhile is read from live_events and delivered.
 */
export class EventHub {
  private listeners = new Set<Listener<DealChannelEvent>>();
  private messageListeners = new Set<Listener<MessageEvent>>();
  private stops: (() => Promise<void>)[] = [];
  private db: Db | null = null;
  /** The highest event id delivered here, where a catch-up after a lost connection starts. */
  private lastId = 0;
  /** Ids delivered recently: an event read in a catch-up may also arrive as a notification. */
  private recent = new Set<number>();
  private catchingUp: Promise<void> | null = null;

  async start(database: Database) {
    this.db = database.db;
    const [row] = await database.db.select({ max: sql<string | null>`max(${liveEvents.id})::text` }).from(liveEvents);
    this.lastId = Number(row?.max ?? 0);
    const catchUp = () => void this.catchUp();
    this.stops.push(await database.listen(DEAL_EVENTS_CHANNEL, (payload) => this.receive(DEAL_EVENTS_CHANNEL, payload), catchUp));
    this.stops.push(await database.listen(MESSAGE_EVENTS_CHANNEL, (payload) => this.receive(MESSAGE_EVENTS_CHANNEL, payload), catchUp));
  }

  subscribe(listener: Listener<DealChannelEvent>) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Message events; the caller filters what its browser may see. */
  subscribeMessages(listener: Listener<MessageEvent>) {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  get size() {
    return this.listeners.size + this.messageListeners.size;
  }

  /** The events of a channel published after `afterId`, oldest first, within the replay window. */
  async replay(channel: Channel, afterId: number): Promise<{ id: number; event: unknown }[]> {
    if (!this.db) return [];
    const rows = await this.db
      .select({ id: liveEvents.id, payload: liveEvents.payload })
      .from(liveEvents)
      .where(
        and(
          eq(liveEvents.channel, channel),
          gt(liveEvents.id, afterId),
          gt(liveEvents.createdAt, new Date(Date.now() - LIVE_EVENT_REPLAY_MS)),
        ),
      )
      .orderBy(asc(liveEvents.id))
      .limit(REPLAY_LIMIT);
    return rows.map((r) => ({ id: Number(r.id), event: r.payload }));
  }

  async close() {
    this.listeners.clear();
    this.messageListeners.clear();
    await Promise.all(this.stops.map((stop) => stop()));
    this.stops = [];
    await this.catchingUp;
    this.db = null;
  }

  private receive(channel: Channel, payload: string) {
    let parsed: { id: number; event: unknown };
    try {
      parsed = JSON.parse(payload) as { id: number; event: unknown };
    } catch {
      return;
    }
    if (typeof parsed?.id !== 'number' || !parsed.event) return;
    this.deliver(channel, parsed.id, parsed.event);
  }

  private deliver(channel: Channel, id: number, event: unknown) {
    if (this.recent.has(id)) return;
    this.recent.add(id);
    if (this.recent.size > 2000) this.recent.delete(this.recent.values().next().value!);
    if (id > this.lastId) this.lastId = id;
    if (channel === DEAL_EVENTS_CHANNEL) for (const l of this.listeners) l(event as DealChannelEvent, id);
    else for (const l of this.messageListeners) l(event as MessageEvent, id);
  }

  private catchUp() {
    this.catchingUp ??= (async () => {
      try {
        const from = this.lastId;
        for (const channel of [DEAL_EVENTS_CHANNEL, MESSAGE_EVENTS_CHANNEL] as const) {
          for (const { id, event } of await this.replay(channel, from)) this.deliver(channel, id, event);
        }
      } catch {
        // The database is still unreachable: the next reconnect tries again.
      } finally {
        this.catchingUp = null;
      }
    })();
    return this.catchingUp;
  }
}
