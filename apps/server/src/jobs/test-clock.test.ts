import { describe, expect, it } from 'vitest';
import { build } from '../../test/build';
import { mutableClock } from '../../test/clock';

/**
 * The browser journeys' hold on time (TEST_CLOCK_CONTROL; docs/decisions/0047-deal-options-stock-dates.md):
 * a journey moves the app clock and runs a scheduled job now. Only with the setting, only from this machine.
 */
const DAY = 86_400_000;
const clock = mutableClock();
const t = await build({ clock, env: { TEST_CLOCK_CONTROL: 'true' } });
const plain = await build();

describe('the journeys’ test clock', () => {
  it('moves the app clock by an offset and back', async () => {
    const start = Date.UTC(2030, 0, 10, 12);
    clock.set(start);
    try {
      const moved = await t.request({ method: 'POST', url: '/api/dev/clock', payload: { offsetMs: 3 * DAY } });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toEqual({ now: new Date(start + 3 * DAY).toISOString() });
      expect(t.app.deps.clock.now().getTime()).toBe(start + 3 * DAY);
      const back = await t.request({ method: 'POST', url: '/api/dev/clock', payload: { offsetMs: 0 } });
      expect(back.json()).toEqual({ now: new Date(start).toISOString() });
    } finally {
      clock.useRealTime();
    }
  });

  it('runs a named job now and refuses an unknown one or a bad offset', async () => {
    const run = await t.request({ method: 'POST', url: '/api/dev/jobs/deal-schedule/run' });
    expect(run.statusCode).toBe(200);
    expect(run.json()).toEqual({ result: { started: 0 } });
    expect((await t.request({ method: 'POST', url: '/api/dev/jobs/no-such-job/run' })).statusCode).toBe(404);
    const negative = await t.request({ method: 'POST', url: '/api/dev/clock', payload: { offsetMs: -1 } });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.code).toBeDefined();
  });

  it('answers only requests from this machine', async () => {
    const remote = await t.request({ method: 'POST', url: '/api/dev/clock', payload: { offsetMs: DAY }, remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    const forwarded = await t.request({
      method: 'POST',
      url: '/api/dev/jobs/deal-schedule/run',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forwarded.statusCode).toBe(404);
  });

  it('does not exist without the setting', async () => {
    expect((await plain.request({ method: 'POST', url: '/api/dev/clock', payload: { offsetMs: DAY } })).statusCode).toBe(404);
    expect((await plain.request({ method: 'POST', url: '/api/dev/jobs/deal-schedule/run' })).statusCode).toBe(404);
  });
});
