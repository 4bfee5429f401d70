import { describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { MessageEvent } from '@localperks/shared';
import { publishMessageEvent } from '../src/lib/events';
import { canSee } from '../src/modules/system/message-events.routes';
import { build } from './build';

const t = await build();

/** Reads `message` Server-Sent Events with a session cookie until `want` arrived or time ran out. */
async function collect(url: string, cookie: string, want: number, timeoutMs = 3000): Promise<MessageEvent[]> {
  const ctrl = new AbortController();
  const res = await fetch(url, { signal: ctrl.signal, headers: { cookie } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const events: MessageEvent[] = [];
  let buf = '';
  const timer = setTimeout(() => ctrl.abort(), timeoutMs);
  try {
    while (events.length < want) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += new TextDecoder().decode(value);
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (block.includes('event: message') && data) events.push(JSON.parse(data.slice(6)) as MessageEvent);
      }
    }
  } catch {
    /* aborted on timeout */
  } finally {
    clearTimeout(timer);
    ctrl.abort();
  }
  return events;
}

describe('live message events', () => {
  it('tells a merchant only about its own threads, and a customer only about its own messages and tickets', async () => {
    const merchantA = await t.loginAs('merchant');
    const merchantB = await t.createUser('merchant');
    const customer = await t.loginAs('customer');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/events/messages`;

    const forMerchant = collect(url, merchantA.cookie, 2);
    const forCustomer = collect(url, customer.cookie, 2);
    await new Promise((r) => setTimeout(r, 200));
    const registrationId = crypto.randomUUID();
    const ticketId = crypto.randomUUID();
    await publishMessageEvent(t.database.db, { type: 'registration_message', registrationId, merchantUserId: merchantB.id });
    await publishMessageEvent(t.database.db, { type: 'registration_message', registrationId, merchantUserId: merchantA.user.id });
    await publishMessageEvent(t.database.db, { type: 'customer_message', merchantUserId: merchantA.user.id, customerId: customer.user.id });
    await publishMessageEvent(t.database.db, { type: 'support_ticket', ticketId, customerId: customer.user.id });

    expect(await forMerchant).toEqual([
      { type: 'registration_message', registrationId, merchantUserId: merchantA.user.id },
      { type: 'customer_message', merchantUserId: merchantA.user.id, customerId: customer.user.id },
    ]);
    expect(await forCustomer).toEqual([
      { type: 'customer_message', merchantUserId: merchantA.user.id, customerId: customer.user.id },
      { type: 'support_ticket', ticketId, customerId: customer.user.id },
    ]);
  });

  it('refuses visitors', async () => {
    const res = await t.request({ method: 'GET', url: '/api/events/messages' });
    expect(res.statusCode).toBe(401);
  });

  it('shows admins registration threads and tickets only once they passed the code step', () => {
    const e: MessageEvent = { type: 'support_ticket', ticketId: 'x', customerId: null };
    const thread: MessageEvent = { type: 'registration_message', registrationId: 'r', merchantUserId: 'm' };
    expect(canSee({ id: 'a', role: 'admin', secondFactorPassed: true }, e)).toBe(true);
    expect(canSee({ id: 'a', role: 'admin', secondFactorPassed: true }, thread)).toBe(true);
    expect(canSee({ id: 'a', role: 'admin', secondFactorPassed: false }, e)).toBe(false);
    expect(canSee({ id: 'a', role: 'admin', secondFactorPassed: false }, thread)).toBe(false);
    expect(canSee({ id: 'c', role: 'customer', secondFactorPassed: false }, e)).toBe(false);
  });
});
