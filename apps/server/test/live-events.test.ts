import { describe, expect, it, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { DealEvent } from '@localperks/shared';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { build, ORIGIN } from './build';
import { createBoostDeal, createMerchant } from './factories';
import { collectSse } from './sse';

const t = await build();

describe('live vote updates', () => {
  it('a vote reaches browsers subscribed to the deal over Server-Sent Events', async () => {
    const { merchant } = await createMerchant(t.database.db);
    const deal = await createBoostDeal(t.database.db, merchant.id, 10, 4);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const before = t.app.events.size;
    const pending = collectSse<DealEvent>(`http://127.0.0.1:${port}/api/events?deals=${deal.id}`, {
      event: 'deal',
      want: 1,
      timeoutMs: 15_000,
    });
    // Vote only once the stream is subscribed (no fixed pause).
    await vi.waitFor(() => expect(t.app.events.size).toBe(before + 1), { timeout: 10_000, interval: 20 });
    const { cookie } = await t.loginAs('customer');
    await t.request({ method: 'POST', url: `/api/deals/${deal.id}/vote`, cookie });
    const events = await pending;
    expect(events).toEqual([{ type: 'votes', dealId: deal.id, currentVotes: 5, votesRequired: 10, status: 'pending' }]);
  });

  // PGlite is one embedded instance; the cross-instance path exists only on a PostgreSQL server.
  if (process.env.TEST_DB === 'postgres')
    it('an event raised on one instance reaches browsers on another (LISTEN/NOTIFY)', async () => {
      // A second server instance on the same PostgreSQL database.
      const url = (t.database as { url?: string }).url!;
      const other = await openDatabase({ url });
      const app2 = await buildApp({
        config: loadConfig({ NODE_ENV: 'test', APP_URL: ORIGIN, LOG_LEVEL: 'silent' }),
        database: other,
        logger: false,
      });
      await app2.listen({ port: 0, host: '127.0.0.1' });
      try {
        const { merchant } = await createMerchant(t.database.db);
        const deal = await createBoostDeal(t.database.db, merchant.id, 2, 1);
        const port2 = (app2.server.address() as AddressInfo).port;
        const before = app2.events.size;
        const pending = collectSse<DealEvent>(`http://127.0.0.1:${port2}/api/events?deals=${deal.id}`, {
          event: 'deal',
          want: 1,
          timeoutMs: 15_000,
        });
        await vi.waitFor(() => expect(app2.events.size).toBe(before + 1), { timeout: 10_000, interval: 20 });
        const { cookie } = await t.loginAs('customer');
        const vote = await t.request({ method: 'POST', url: `/api/deals/${deal.id}/vote`, cookie });
        expect(vote.json().unlocked).toBe(true);
        expect(await pending).toEqual([{ type: 'votes', dealId: deal.id, currentVotes: 2, votesRequired: 2, status: 'active' }]);
      } finally {
        await app2.close();
        await other.close();
      }
    });
});
