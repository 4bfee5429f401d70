import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { domainEventDeliveries, domainEvents } from '../db/schema';
import type { Clock } from './clock';

/*
 * Domain events (docs/decisions/0039-domain-events-and-the-api-contract.md): an area says what happened
 * ("purchase paid", "deal withdrawn") in the transaction that made it happen, and the areas that act on it
 * subscribe, so the one that publishes neither waits for nor knows them. The event and one delivery row per
 * subscriber are written in the publisher's transaction: they exist exactly when the change does. After the
 * commit the publisher hands the event over (`deliver`), which runs its subscribers at once; the
 * `domain-events` job (jobs/index.ts) delivers whatever is left (a crash between the two, a subscriber
 * that failed and waits for its retry). Money-critical steps are not events: they stay in the transaction.
 */

/** A kind of event and the shape of what it carries (JSON: strings, numbers, arrays; no Dates). */
export interface EventType<P> {
  readonly type: string;
  /** Never set: carries the payload's type. */
  readonly payload?: P;
}

export const defineEvent = <P extends Record<string, unknown>>(type: string): EventType<P> => ({ type });

export type PayloadOf<E> = E extends EventType<infer P> ? P : never;

type Handler = (payload: never) => Promise<unknown>;

/** Runs of one subscriber for one event: after this many failed ones it is given up (and logged). */
const MAX_ATTEMPTS = 8;
/** A run still going after this long is taken to have died with its process and may be taken again. */
const RUN_LEASE_MS = 10 * 60_000;
/** The pause after the n-th failed run: 5 s, 10 s, 20 s, … up to an hour. */
const retryDelayMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);

export interface DomainEventsDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}

export class DomainEvents {
  private readonly subscribers = new Map<string, Map<string, Handler>>();

  constructor(private readonly deps: DomainEventsDeps) {}

  /**
   * `name` (unique per event, e.g. `orders.confirmation-mail`) runs `handler` once for each event of
   * this kind published from now on. A run can be repeated after a crash mid-run, as a job can
   * (docs/decisions/0009-job-queue.md): handlers are idempotent (conditional updates, unique keys).
   */
  subscribe<P>(event: EventType<P>, name: string, handler: (payload: P) => Promise<unknown>): void {
    const forType = this.subscribers.get(event.type) ?? new Map<string, Handler>();
    forType.set(name, handler);
    this.subscribers.set(event.type, forType);
  }

  /** The subscribers' names of an event, in the order they were registered. */
  subscribersOf(event: EventType<unknown>): string[] {
    return [...(this.subscribers.get(event.type)?.keys() ?? [])];
  }

  /** Records the event in the caller's transaction; returns its id, for `deliver` once that transaction committed. */
  async publish<P>(tx: Tx, event: EventType<P>, payload: P): Promise<string> {
    const now = this.deps.clock.now();
    const [row] = await tx
      .insert(domainEvents)
      .values({ type: event.type, payload: payload as Record<string, unknown>, createdAt: now })
      .returning({ id: domainEvents.id });
    const names = this.subscribersOf(event);
    // Registration order, one millisecond apart, is the order they run in.
    if (names.length)
      await tx
        .insert(domainEventDeliveries)
        .values(names.map((subscriber, i) => ({ eventId: row!.id, subscriber, createdAt: new Date(now.getTime() + i) })));
    return row!.id;
  }

  /**
   * Runs `work` in a transaction of its own, in which it may publish events; they are delivered once it
   * has committed (and not at all if it rolls back).
   */
  async transaction<T>(work: (tx: Tx, publish: <P>(event: EventType<P>, payload: P) => Promise<void>) => Promise<T>): Promise<T> {
    const ids: string[] = [];
    const result = await this.deps.db.transaction((tx) =>
      work(tx, async (event, payload) => {
        ids.push(await this.publish(tx, event, payload));
      }),
    );
    await this.deliver(ids);
    return result;
  }

  /**
   * Runs the subscribers whose turn it is: of the given events (right after their transaction), or of
   * every event (the job). Each delivery is claimed by a conditional update first, so of two deliverers
   * (the publisher and the job, or two instances) one runs it; it is marked done after its handler
   * returns, or left for a retry with backoff when it throws. Returns the number of runs that succeeded.
   */
  async deliver(eventIds?: string[]): Promise<number> {
    if (eventIds && eventIds.length === 0) return 0;
    const { db, clock } = this.deps;
    const d = domainEventDeliveries;
    const due = (now: Date) => and(isNull(d.doneAt), lt(d.attempts, MAX_ATTEMPTS), or(isNull(d.claimedUntil), lt(d.claimedUntil, now)));
    const now = clock.now();
    const rows = await db
      .select({ eventId: d.eventId, subscriber: d.subscriber, type: domainEvents.type, payload: domainEvents.payload })
      .from(d)
      .innerJoin(domainEvents, eq(domainEvents.id, d.eventId))
      .where(and(due(now), eventIds ? inArray(d.eventId, eventIds) : undefined))
      .orderBy(asc(d.createdAt), asc(d.eventId))
      .limit(100);
    let done = 0;
    for (const row of rows) {
      const handler = this.subscribers.get(row.type)?.get(row.subscriber);
      // A subscriber removed from the code: its deliveries wait, untouched, for it to come back.
      if (!handler) continue;
      const one = and(eq(d.eventId, row.eventId), eq(d.subscriber, row.subscriber));
      const startedAt = clock.now();
      const [claimed] = await db
        .update(d)
        .set({ attempts: sql`${d.attempts} + 1`, claimedUntil: new Date(startedAt.getTime() + RUN_LEASE_MS) })
        .where(and(one, due(startedAt)))
        .returning({ attempts: d.attempts });
      if (!claimed) continue;
      try {
        await handler(row.payload as never);
        await db.update(d).set({ doneAt: clock.now(), claimedUntil: null, lastError: null }).where(one);
        done++;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        this.deps.log.error({ err, event: row.type, eventId: row.eventId, subscriber: row.subscriber }, 'domain event subscriber failed');
        await db
          .update(d)
          .set({ claimedUntil: new Date(clock.now().getTime() + retryDelayMs(claimed.attempts)), lastError: message.slice(0, 1000) })
          .where(one);
      }
    }
    return done;
  }
}
