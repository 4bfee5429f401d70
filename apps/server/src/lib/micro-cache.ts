interface Entry<T> {
  /** Served as is until then. */
  freshUntil: number;
  /** After freshUntil and until then, the last value is served at once while one refresh runs. */
  staleUntil: number;
  value: Promise<T>;
  settled?: { value: T };
  isRefreshing?: boolean;
}

/**
 * A tiny per-instance cache for public read endpoints: identical requests within `ttlMs` share one
 * database query (single flight) and its result. After that, for up to `staleFactor` × `ttlMs`, the
 * last result is still answered at once while a single background query refreshes it, so a slow
 * query never makes a queue of visitors wait (stale-while-revalidate). Listings are at most a few
 * seconds old; live vote counts reach open pages over Server-Sent Events anyway.
 */
export class MicroCache<T> {
  private entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly staleFactor = 5,
    /** The time in ms (a test passes its own clock). */
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.freshUntil > now) return hit.value;
    if (hit?.settled && hit.staleUntil > now) {
      if (!hit.isRefreshing) {
        hit.isRefreshing = true;
        const next = load();
        next.then(
          (value) => this.entries.set(key, this.entry(this.now(), next, value)),
          () => (hit.isRefreshing = false),
        );
      }
      return Promise.resolve(hit.settled.value);
    }
    const value = load();
    const entry: Entry<T> = { freshUntil: now + this.ttlMs, staleUntil: now + this.ttlMs * this.staleFactor, value };
    this.entries.set(key, entry);
    value.then(
      (v) => (entry.settled = { value: v }),
      () => this.entries.get(key) === entry && this.entries.delete(key),
    );
    if (this.entries.size > this.maxEntries) {
      for (const [k, e] of this.entries) if (e.staleUntil <= now || this.entries.size > this.maxEntries) this.entries.delete(k);
    }
    return value;
  }

  /** Forgets every entry: the next request loads afresh (a boost started or ended). */
  clear() {
    this.entries.clear();
  }

  private entry(now: number, value: Promise<T>, settled: T): Entry<T> {
    return { freshUntil: now + this.ttlMs, staleUntil: now + this.ttlMs * this.staleFactor, value, settled: { value: settled } };
  }
}
