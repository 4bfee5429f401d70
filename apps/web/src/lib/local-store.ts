import { useSyncExternalStore } from 'react';

/**
 * A value kept in browser storage and shared by every component that reads it (and by other tabs).
 * A corrupt stored value is discarded, as the spec asks for the cart.
 */
export function createLocalStore<T>(key: string, initial: T, isValid: (v: unknown) => v is T) {
  const listeners = new Set<() => void>();
  let cache: T | undefined;

  const read = (): T => {
    if (cache !== undefined) return cache;
    try {
      const raw = localStorage.getItem(key);
      const parsed: unknown = raw === null ? initial : JSON.parse(raw);
      cache = isValid(parsed) ? parsed : initial;
      if (!isValid(parsed)) localStorage.removeItem(key);
    } catch {
      localStorage.removeItem(key);
      cache = initial;
    }
    return cache;
  };

  const set = (next: T | ((prev: T) => T)) => {
    cache = typeof next === 'function' ? (next as (p: T) => T)(read()) : next;
    try {
      localStorage.setItem(key, JSON.stringify(cache));
    } catch {
      /* storage full or blocked: keep the in-memory value */
    }
    listeners.forEach((l) => l());
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (e: StorageEvent) => {
      if (e.key === key) {
        cache = undefined;
        listener();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };

  return {
    get: read,
    set,
    use: () => useSyncExternalStore(subscribe, read, () => initial),
  };
}
