/**
 * A tiny per-instance cache for public read endpoints: identical requests within `ttlMs` share one
 * database query (single flight) and its result. Short enough that listings stay fresh; live vote
 * counts reach open pages over Server-Sent Events anyway.
 */
export class MicroCache<T> {
  private entries = new Map<string, { expires: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    value.catch(() => this.entries.delete(key));
    if (this.entries.size > this.maxEntries) {
      for (const [k, e] of this.entries) if (e.expires <= now || this.entries.size > this.maxEntries) this.entries.delete(k);
    }
    return value;
  }
}
