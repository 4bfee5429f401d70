import { describe, expect, it } from 'vitest';
import { MicroCache } from './micro-cache';

describe('MicroCache', () => {
  it('shares one load between identical concurrent requests and expires after its TTL', async () => {
    const cache = new MicroCache<number>(50);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)])).toEqual([1, 1, 1]);
    expect(await cache.get('b', load)).toBe(2);
    await new Promise((r) => setTimeout(r, 60));
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
});
