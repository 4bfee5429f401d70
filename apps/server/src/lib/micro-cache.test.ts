import { describe, expect, it } from 'vitest';
import { MicroCache } from './micro-cache';

/** A clock the test moves by hand: no test here waits for real time to pass. */
function testClock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('MicroCache', () => {
  it('shares one load between identical concurrent requests and expires after its TTL', async () => {
    const clock = testClock();
    const cache = new MicroCache<number>(50, 1000, 1, clock.now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)])).toEqual([1, 1, 1]);
    expect(await cache.get('b', load)).toBe(2);
    clock.advance(49);
    expect(await cache.get('a', load)).toBe(1);
    clock.advance(11);
    expect(await cache.get('a', load)).toBe(3);
  });

  it('does not keep failures and is off with a TTL of 0', async () => {
    const cache = new MicroCache<number>(1000);
    await expect(cache.get('x', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('x', async () => 7)).toBe(7);
    const off = new MicroCache<number>(0);
    let n = 0;
    await off.get('k', async () => ++n);
    await off.get('k', async () => ++n);
    expect(n).toBe(2);
  });

  it('stays within its size limit', async () => {
    const cache = new MicroCache<number>(10_000, 3);
    for (let i = 0; i < 10; i++) await cache.get(String(i), async () => i);
    expect((cache as unknown as { entries: Map<string, unknown> }).entries.size).toBeLessThanOrEqual(3);
  });

  it('answers a stale value at once while one background load refreshes it', async () => {
    const clock = testClock();
    const cache = new MicroCache<number>(30, 1000, 10, clock.now);
    let loads = 0;
    let release: () => void = () => {};
    let lastLoad: Promise<number> = Promise.resolve(0);
    const slowLoad = () =>
      (lastLoad = new Promise<number>((resolve) => {
        loads++;
        const n = loads;
        if (n === 1) resolve(n);
        else release = () => resolve(n);
      }));
    expect(await cache.get('k', slowLoad)).toBe(1);
    clock.advance(40);
    // Stale: three callers get the old value without waiting, and only one refresh starts.
    expect(await Promise.all([cache.get('k', slowLoad), cache.get('k', slowLoad), cache.get('k', slowLoad)])).toEqual([1, 1, 1]);
    expect(loads).toBe(2);
    release();
    await lastLoad; // the cache's own handler of the refresh ran first: it was attached first
    expect(await cache.get('k', slowLoad)).toBe(2);
    expect(loads).toBe(2);
    // Past the stale window (10 × 30 ms after the refresh) the caller waits for a new load.
    clock.advance(301);
    const waiting = cache.get('k', slowLoad);
    expect(loads).toBe(3);
    release();
    expect(await waiting).toBe(3);
  });
});
