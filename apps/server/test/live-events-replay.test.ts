import { describe, expect, it, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { DealEvent, MessageEvent } from '@localperks/shared';
import { liveEvents } from '../src/db/schema';
import { LIVE_EVENT_REPLAY_MS, publishMessageEvent, pruneLiveEvents } from '../src/lib/events';
import { build } from './build';
import { createBoostDeal, createDeal, createMerchantSession } from './factories';
import { openSse } from './sse';

const t = await build();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const subscribed = (n: number) => vi.waitFor(() => expect(t.app.events.size).toBe(n), { timeout: 10_000, interval: 20 });

describe('event streams resume with Last-Event-ID', () => {
  it('a message sent while the merchant’s stream is down arrives when it reconnects with Last-Event-ID, and only what the merchant may see', async () => {
    const merchant = await createMerchantSession(t);
    const deal = await createDeal(t.database.db, merchant.merchant.id);
    const customer = await t.loginAs('customer');
    const send = (subject: string) =>
      t.request({
        method: 'POST',
        url: '/api/customer-messages',
        cookie: customer.cookie,
        payload: { dealId: deal.id, subject, message: 'Is the offer valid on weekends?' },
      });

    const before = t.app.events.size;
    const stream = await openSse(`${base}/api/events/messages`, { cookie: merchant.cookie });
    // Browsers are told how long to wait before reconnecting, and every event carries its id.
    expect((await stream.waitFor((b) => b.retry !== undefined)).retry).toBe(3000);
    await subscribed(before + 1);
    expect((await send('First question')).statusCode).toBe(201);
    const first = await stream.waitFor((b) => b.event === 'message');
    expect(first.id).toMatch(/^\d+$/);
    expect(JSON.parse(first.data!)).toEqual({ type: 'customer_message', merchantUserId: merchant.user.id, customerId: customer.user.id });
    stream.close();
    await subscribed(before);

    // While it is disconnected: a message for this merchant, and one for another merchant's thread.
    expect((await send('Second question')).statusCode).toBe(201);
    const other = await createMerchantSession(t);
    await publishMessageEvent(t.database.db, { type: 'customer_message', merchantUserId: other.user.id, customerId: customer.user.id });

    const resumed = await openSse(`${base}/api/events/messages`, { cookie: merchant.cookie, lastEventId: first.id });
    const missed = await resumed.waitFor((b) => b.event === 'message');
    expect(Number(missed.id)).toBeGreaterThan(Number(first.id));
    expect(JSON.parse(missed.data!) as MessageEvent).toEqual({
      type: 'customer_message',
      merchantUserId: merchant.user.id,
      customerId: customer.user.id,
    });
    // Then live events flow on the same stream, after the replayed one and never twice.
    await subscribed(before + 1);
    expect((await send('Third question')).statusCode).toBe(201);
    const live = await resumed.waitFor((b) => b.event === 'message' && b.id !== missed.id);
    expect(Number(live.id)).toBeGreaterThan(Number(missed.id));
    expect(resumed.blocks.filter((b) => b.event === 'message').map((b) => b.id)).toEqual([missed.id, live.id]);
    resumed.close();

    // A fresh stream (no Last-Event-ID) gets no history.
    const fresh = await openSse(`${base}/api/events/messages`, { cookie: merchant.cookie });
    await subscribed(before + 1);
    await publishMessageEvent(t.database.db, {
      type: 'registration_message',
      registrationId: crypto.randomUUID(),
      merchantUserId: merchant.user.id,
    });
    const next = await fresh.waitFor((b) => b.event === 'message');
    expect(JSON.parse(next.data!).type).toBe('registration_message');
    fresh.close();
  });

  it('a vote cast while a deal stream is down is replayed to that deal’s stream only', async () => {
    const { merchant } = await createMerchantSession(t);
    const watched = await createBoostDeal(t.database.db, merchant.id, 10, 1);
    const unwatched = await createBoostDeal(t.database.db, merchant.id, 10, 1);
    const voter = await t.loginAs('customer');
    const vote = (dealId: string) => t.request({ method: 'POST', url: `/api/deals/${dealId}/vote`, cookie: voter.cookie });

    const before = t.app.events.size;
    const stream = await openSse(`${base}/api/events?deals=${watched.id}`);
    await subscribed(before + 1);
    expect((await vote(watched.id)).statusCode).toBe(200);
    const seen = await stream.waitFor((b) => b.event === 'deal');
    stream.close();
    await subscribed(before);

    expect((await vote(unwatched.id)).statusCode).toBe(200);
    const second = await t.loginAs('customer');
    expect((await t.request({ method: 'POST', url: `/api/deals/${watched.id}/vote`, cookie: second.cookie })).statusCode).toBe(200);

    const resumed = await openSse(`${base}/api/events?deals=${watched.id}`, { lastEventId: seen.id });
    const missed = await resumed.waitFor((b) => b.event === 'deal');
    expect(JSON.parse(missed.data!) as DealEvent).toMatchObject({ dealId: watched.id, currentVotes: 3 });
    resumed.close();
    expect(resumed.blocks.filter((b) => b.event === 'deal')).toHaveLength(1);
  });

  it('keeps a short replay window: the prune job deletes events older than it', async () => {
    await publishMessageEvent(t.database.db, { type: 'support_ticket', ticketId: crypto.randomUUID(), customerId: null });
    const [row] = await t.database.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .orderBy(sql`${liveEvents.id} desc`)
      .limit(1);
    const now = new Date();
    // Within the window: kept. Past it: removed.
    await pruneLiveEvents(t.database.db, new Date(now.getTime() + LIVE_EVENT_REPLAY_MS - 60_000));
    expect(await t.database.db.select().from(liveEvents).where(eq(liveEvents.id, row!.id))).toHaveLength(1);
    const res = await pruneLiveEvents(t.database.db, new Date(now.getTime() + LIVE_EVENT_REPLAY_MS + 60_000));
    expect(res.removed).toBeGreaterThan(0);
    expect(await t.database.db.select().from(liveEvents)).toHaveLength(0);
  });
});
