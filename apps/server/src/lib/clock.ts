/** Where services read the time, so tests can fix or move it instead of passing `now` around. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
