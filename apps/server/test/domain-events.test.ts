import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { build } from './build';
import { mutableClock } from './clock';
import { domainEventDeliveries, domainEvents } from '../src/db/schema';
import { JOBS } from '../src/jobs';
import { DomainEvents, defineEvent } from '../src/lib/domain-events';

const clock = mutableClock('2026-03-02T12:00:00Z');
const t = await build({ clock });
const { db } = t.app;

const somethingHappened = defineEvent<{ n: number }>('test.something-happened');

/** A bus of its own on the test database, with subscribers that count their runs. */
function bus() {
  const events = new DomainEvents({ db, clock, log: t.app.log });
  const runs: Record<string, number[]> = { a: [], b: [] };
  return { events, runs };
}

describe('domain events (lib/domain-events.ts)', () => {
  it('are written in the publisher’s transaction: a rolled-back change publishes nothing and runs no subscriber', async () => {
    const { events, runs } = bus();
    events.subscribe(somethingHappened, 'test.a', async ({ n }) => void runs.a!.push(n));
    await expect(
      events.transaction(async (_tx, publish) => {
        await publish(somethingHappened, { n: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(runs.a).toEqual([]);
    expect(await db.select().from(domainEvents).where(eq(domainEvents.type, somethingHappened.type))).toEqual([]);
  });

  it('run each subscriber once after the commit, however many deliverers take them at once', async () => {
    const { events, runs } = bus();
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    events.subscribe(somethingHappened, 'test.a', async ({ n }) => {
      runs.a!.push(n);
      await slow;
    });
    events.subscribe(somethingHappened, 'test.b', async ({ n }) => void runs.b!.push(n));
    const id = await db.transaction((tx) => events.publish(tx, somethingHappened, { n: 2 }));
    // The publisher, the job and a second instance all try at once; a is still running while they look.
    const deliverers = [events.deliver([id]), events.deliver(), events.deliver([id]), events.deliver()];
    await expect.poll(() => runs.a!.length).toBe(1);
    release();
    await Promise.all(deliverers);
    expect(await events.deliver()).toBe(0);
    expect(runs).toEqual({ a: [2], b: [2] });
    const rows = await db.select().from(domainEventDeliveries).where(eq(domainEventDeliveries.eventId, id));
    expect(rows.map((r) => [r.subscriber, r.attempts, Boolean(r.doneAt)]).sort()).toEqual([
      ['test.a', 1, true],
      ['test.b', 1, true],
    ]);
  });

  it('retry a failed subscriber after a pause, without running the others again', async () => {
    const { events, runs } = bus();
    let failures = 1;
    events.subscribe(somethingHappened, 'test.a', async ({ n }) => {
      if (failures-- > 0) throw new Error('the mail server is down');
      runs.a!.push(n);
    });
    events.subscribe(somethingHappened, 'test.b', async ({ n }) => void runs.b!.push(n));
    await events.transaction((_tx, publish) => publish(somethingHappened, { n: 3 }));
    expect(runs).toEqual({ a: [], b: [3] });
    // Not before its pause is over.
    expect(await events.deliver()).toBe(0);
    clock.advance(6_000);
    expect(await events.deliver()).toBe(1);
    expect(await events.deliver()).toBe(0);
    expect(runs).toEqual({ a: [3], b: [3] });
  });

  it('the domain-events job runs what the publisher left', async () => {
    // The app's own bus, as the job uses it.
    const runs: number[] = [];
    t.app.deps.domainEvents.subscribe(somethingHappened, 'test.job', async ({ n }) => void runs.push(n));
    // Published and committed, but the process stopped before it could deliver.
    await db.transaction((tx) => t.app.deps.domainEvents.publish(tx, somethingHappened, { n: 4 }));
    expect(runs).toEqual([]);
    const job = JOBS.find((j) => j.name === 'domain-events')!;
    expect(await job.run(t.app.deps)).toEqual({ delivered: 1 });
    expect(runs).toEqual([4]);
    expect(await job.run(t.app.deps)).toEqual({ delivered: 0 });
    expect(runs).toEqual([4]);
  });
});
