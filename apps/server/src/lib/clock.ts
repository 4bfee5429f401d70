/** Where services read the time, so tests can fix or move it instead of passing `now` around. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that reads `base` moved by an offset a browser journey sets (TEST_CLOCK_CONTROL; never in production). */
export function adjustableClock(base: Clock): Clock & { setOffset(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    setOffset(ms: number) {
      offset = ms;
    },
  };
}
