import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { DAY_MS, type MessageEvent } from '@localperks/shared';
import { adminAuditLog, supportMessages, supportTickets } from '../../../db/schema';
import { build } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';

/** The server's clock: the real time, except where a test sets it. */
const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;
const admin = await t.loginAs('admin');

const contact = (o: Record<string, string> = {}, cookie?: string) =>
  t.request({
    method: 'POST',
    url: '/api/support/tickets',
    cookie,
    payload: {
      name: 'Casey Customer',
      email: 'casey@test.example',
      subject: 'Voucher not accepted',
      message: 'The shop said my code was not valid yesterday.',
      ...o,
    },
  });

describe('admin customer support', () => {
  it('lists tickets newest first with their count and status, page by page', async () => {
    // The contact form allows 10 an hour per address: the older tickets are written directly.
    for (let i = 0; i < 21; i++) {
      const [tk] = await db
        .insert(supportTickets)
        .values({
          name: `P${i}`,
          email: `p${i}@test.example`,
          subject: `Question ${i}`,
          createdAt: new Date(Date.now() - (30 - i) * 60_000),
        })
        .returning();
      await db.insert(supportMessages).values({
        ticketId: tk!.id,
        senderType: 'customer',
        subject: tk!.subject,
        message: 'Where is my voucher? The code was not valid.',
      });
    }
    expect((await contact({ subject: 'Question 21' })).statusCode).toBe(201);
    const p1 = (await t.request({ method: 'GET', url: '/api/admin/support/tickets', cookie: admin.cookie })).json();
    expect(p1.total).toBe(22);
    expect(p1.tickets).toHaveLength(20);
    expect(p1.tickets[0]).toMatchObject({
      subject: 'Question 21',
      status: 'open',
      messageCount: 1,
      awaitingReply: true,
      firstMessage: expect.stringContaining('code was not valid'),
    });
    const p2 = (await t.request({ method: 'GET', url: '/api/admin/support/tickets?page=2', cookie: admin.cookie })).json();
    expect(p2.tickets.map((x: { subject: string }) => x.subject)).toEqual(['Question 1', 'Question 0']);
  });

  it('sets any status, records it in the audit trail and publishes a live event', async () => {
    const id = (await contact()).json().ticket.id;
    const seen: MessageEvent[] = [];
    const stop = t.app.events.subscribeMessages((e) => seen.push(e));
    for (const status of ['in_progress', 'resolved', 'closed', 'open'] as const) {
      const res = await t.request({
        method: 'PATCH',
        url: `/api/admin/support/tickets/${id}/status`,
        cookie: admin.cookie,
        payload: { status },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().ticket.status).toBe(status);
    }
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, id));
    expect(audit.map((a) => [a.action, (a.details as { to: string }).to]).sort()).toEqual(
      [
        ['ticket.status_changed', 'closed'],
        ['ticket.status_changed', 'in_progress'],
        ['ticket.status_changed', 'open'],
        ['ticket.status_changed', 'resolved'],
      ].sort(),
    );
    // Live events arrive after their commits: wait for them, then stop listening.
    await vi.waitFor(() => expect(seen.filter((e) => e.type === 'support_ticket' && e.ticketId === id).length).toBeGreaterThanOrEqual(4));
    stop();
    const bad = await t.request({
      method: 'PATCH',
      url: `/api/admin/support/tickets/${id}/status`,
      cookie: admin.cookie,
      payload: { status: 'pending' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: '/api/admin/support/tickets/00000000-0000-4000-8000-000000000000/status',
          cookie: admin.cookie,
          payload: { status: 'open' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('replies: stored in the thread, e-mailed to the customer, status unchanged', async () => {
    const id = (await contact({ email: 'reply-me@test.example' })).json().ticket.id;
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/support/tickets/${id}/replies`,
      cookie: admin.cookie,
      payload: { subject: 'About your voucher', message: 'We called the shop; please try again today.' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().ticket.status).toBe('open');
    expect(res.json().messages.map((m: { senderType: string }) => m.senderType)).toEqual(['customer', 'admin']);
    const mail = await t.lastMail('reply-me@test.example', 'support_reply');
    expect(mail).toMatchObject({ subject: 'About your voucher' });
    expect(mail!.text).toContain('We called the shop; please try again today.');
  });

  it('a status change, a reply and the customer’s answer are stamped with the server’s clock', async () => {
    const customer = await t.loginAs('customer');
    const id = (await contact({ email: customer.user.email })).json().ticket.id;
    const base = Date.now() + DAY_MS;
    const stamped = async (offsetMs: number, url: string, method: 'PATCH' | 'POST', cookie: string, payload: object) => {
      clock.set(base + offsetMs);
      try {
        const res = await t.request({ method, url, cookie, payload });
        expect(res.statusCode).toBeLessThan(300);
        return res.json().ticket.updatedAt as string;
      } finally {
        clock.useRealTime();
      }
    };
    const at = (offsetMs: number) => new Date(base + offsetMs).toISOString();
    expect(await stamped(0, `/api/admin/support/tickets/${id}/status`, 'PATCH', admin.cookie, { status: 'resolved' })).toBe(at(0));
    expect(
      await stamped(60_000, `/api/admin/support/tickets/${id}/replies`, 'POST', admin.cookie, { subject: 'Done', message: 'Sorted.' }),
    ).toBe(at(60_000));
    expect(
      await stamped(120_000, `/api/support/my-tickets/${id}/messages`, 'POST', customer.cookie, { message: 'Thank you very much.' }),
    ).toBe(at(120_000));
  });

  it('a reply needs both subject and message, and writes nothing otherwise', async () => {
    const id = (await contact()).json().ticket.id;
    for (const payload of [{ subject: '', message: 'Hello there' }, { subject: 'Hi', message: '  ' }, {}]) {
      const res = await t.request({ method: 'POST', url: `/api/admin/support/tickets/${id}/replies`, cookie: admin.cookie, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Please provide both subject and message.');
    }
    expect(await db.select().from(supportMessages).where(eq(supportMessages.ticketId, id))).toHaveLength(1);
  });

  it('is for admins only', async () => {
    const { cookie } = await t.loginAs('customer');
    expect((await t.request({ method: 'GET', url: '/api/admin/support/tickets', cookie })).statusCode).toBe(403);
    const id = (await contact()).json().ticket.id;
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/admin/support/tickets/${id}/replies`,
          cookie,
          payload: { subject: 'x', message: 'y' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('customer side of support', () => {
  it('a customer sees their contact-form ticket and the admin’s reply, and can answer (a closed ticket reopens)', async () => {
    const customer = await t.loginAs('customer', { email: 'fan@test.example' });
    // Sent from the contact form while signed out, with the account's verified address.
    const id = (await contact({ email: 'Fan@test.example', subject: 'Refund question' })).json().ticket.id;
    await t.request({
      method: 'POST',
      url: `/api/admin/support/tickets/${id}/replies`,
      cookie: admin.cookie,
      payload: { subject: 'Re: Refund question', message: 'We refunded you.' },
    });
    await t.request({
      method: 'PATCH',
      url: `/api/admin/support/tickets/${id}/status`,
      cookie: admin.cookie,
      payload: { status: 'closed' },
    });
    const list = (await t.request({ method: 'GET', url: '/api/support/my-tickets', cookie: customer.cookie })).json();
    expect(list.tickets).toEqual([
      expect.objectContaining({ id, subject: 'Refund question', status: 'closed', hasReply: true, messageCount: 2 }),
    ]);
    const thread = (await t.request({ method: 'GET', url: `/api/support/my-tickets/${id}`, cookie: customer.cookie })).json();
    expect(thread.messages[1]).toMatchObject({
      senderType: 'admin',
      senderName: 'LocalPerks Support',
      subject: 'Re: Refund question',
      message: 'We refunded you.',
    });
    const answer = await t.request({
      method: 'POST',
      url: `/api/support/my-tickets/${id}/messages`,
      cookie: customer.cookie,
      payload: { message: 'Thanks, received it.' },
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().ticket.status).toBe('open');
    expect(answer.json().messages).toHaveLength(3);
  });

  it('a signed-in user opens a ticket from the account; others cannot see it', async () => {
    const me = await t.loginAs('customer');
    const res = await t.request({
      method: 'POST',
      url: '/api/support/my-tickets',
      cookie: me.cookie,
      payload: { subject: 'Change my email', message: 'Please change my email address.' },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().ticket.id;
    const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
    expect(row).toMatchObject({ customerId: me.user.id, email: me.user.email, status: 'open' });
    const other = await t.loginAs('customer');
    expect((await t.request({ method: 'GET', url: `/api/support/my-tickets/${id}`, cookie: other.cookie })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'POST', url: `/api/support/my-tickets/${id}/messages`, cookie: other.cookie, payload: { message: 'hi' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/support/my-tickets', cookie: other.cookie })).json().tickets).toEqual([]);
    const bad = await t.request({
      method: 'POST',
      url: '/api/support/my-tickets',
      cookie: me.cookie,
      payload: { subject: 'Hi', message: 'short' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('an unverified account does not see tickets sent with its address', async () => {
    const u = await t.createUser('customer', { email: 'unverified@test.example', verified: false });
    await contact({ email: u.email });
    const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: 'Sup3rSecret!' } });
    const cookie = `lp_session=${login.cookies.find((c) => c.name === 'lp_session')!.value}`;
    expect((await t.request({ method: 'GET', url: '/api/support/my-tickets', cookie })).json().total).toBe(0);
  });
});
