import type { Clock } from '../src/lib/deps';

/** A clock that always reads `at`. */
export function fixedClock(at: Date | string | number): Clock {
  const date = new Date(at);
  return { now: () => new Date(date) };
}

/** A clock a test sets or moves forward; it reads the real time until first set. */
export function mutableClock(at?: Date | string | number) {
  let current: Date | null = at === undefined ? null : new Date(at);
  return {
    now: () => (current ? new Date(current) : new Date()),
    set(to: Date | string | number) {
      current = new Date(to);
    },
    advance(ms: number) {
      current = new Date((current ?? new Date()).getTime() + ms);
    },
    /** Reads the real time again. */
    useRealTime() {
      current = null;
    },
  };
}
