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

describe('ticket assignment, status and internal notes (docs/decisions/0062-roles-and-staff.md)', () => {
  const openTicket = async (cookie: string, subject: string) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/support/my-tickets',
        cookie,
        payload: { subject, message: 'My voucher code is not accepted at the counter.' },
      })
    ).json().ticket.id as string;
  const assign = (id: string, adminId: string | null, cookie = admin.cookie) =>
    t.request({ method: 'PUT', url: `/api/admin/support/tickets/${id}/assignee`, cookie, payload: { adminId } });

  it('assigns a ticket to an owner or support admin, or to nobody; lists mine and the unassigned; audited', async () => {
    const support = await t.loginAs('admin', { adminRole: 'support', name: 'Sky Support' });
    const finance = await t.createUser('admin', { adminRole: 'finance' });
    const customer = await t.loginAs('customer');
    const id = await openTicket(customer.cookie, 'Assign me please');
    const other = await openTicket(customer.cookie, 'Nobody’s yet');
    const assignees = (await t.request({ method: 'GET', url: '/api/admin/support/assignees', cookie: support.cookie })).json().admins;
    expect(assignees.map((a: { id: string }) => a.id)).toEqual(expect.arrayContaining([admin.user.id, support.user.id]));
    expect(assignees.map((a: { id: string }) => a.id)).not.toContain(finance.id);

    const res = await assign(id, support.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().ticket.assignee).toEqual({ id: support.user.id, name: 'Sky Support' });
    const list = async (q: string) =>
      (await t.request({ method: 'GET', url: `/api/admin/support/tickets?${q}`, cookie: support.cookie }))
        .json()
        .tickets.map((x: { id: string }) => x.id);
    expect(await list('assigned=me')).toEqual([id]);
    expect(await list('assigned=unassigned')).toContain(other);
    expect(await list('assigned=unassigned')).not.toContain(id);
    const detail = (await t.request({ method: 'GET', url: `/api/admin/support/tickets/${id}`, cookie: support.cookie })).json();
    expect(detail.ticket.assignee).toMatchObject({ id: support.user.id });
    // Only admins who work tickets, and only existing ones.
    for (const who of [finance.id, customer.user.id, '00000000-0000-4000-8000-000000000000']) {
      const refused = await assign(id, who);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields.adminId).toBe('Tickets can be assigned to active owner and support admins only.');
    }
    expect((await assign('00000000-0000-4000-8000-000000000000', support.user.id)).statusCode).toBe(404);
    expect((await assign(id, null, support.cookie)).json().ticket.assignee).toBeNull();
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, id));
    expect(audit.map((a) => (a.details as { to: string | null }).to).sort()).toEqual(['Sky Support', null]);
    expect(audit.every((a) => a.action === 'ticket.assigned')).toBe(true);
  });

  it('internal notes are for admins only: the customer’s thread, list and mails never carry them', async () => {
    const customer = await t.loginAs('customer', { email: 'noted@test.example' });
    const id = await openTicket(customer.cookie, 'Where is my refund');
    const note = await t.request({
      method: 'POST',
      url: `/api/admin/support/tickets/${id}/notes`,
      cookie: admin.cookie,
      payload: { note: 'SECRET-NOTE: third refund this month, check for abuse.' },
    });
    expect(note.statusCode).toBe(201);
    expect(note.json().notes).toEqual([
      expect.objectContaining({ authorName: 'Test admin', note: 'SECRET-NOTE: third refund this month, check for abuse.' }),
    ]);
    await t.request({
      method: 'POST',
      url: `/api/admin/support/tickets/${id}/replies`,
      cookie: admin.cookie,
      payload: { subject: 'Re: Where is my refund', message: 'It is on its way.' },
    });
    const seen = [
      (await t.request({ method: 'GET', url: `/api/support/my-tickets/${id}`, cookie: customer.cookie })).body,
      (await t.request({ method: 'GET', url: '/api/support/my-tickets', cookie: customer.cookie })).body,
      JSON.stringify(await db.select().from(supportMessages).where(eq(supportMessages.ticketId, id))),
      JSON.stringify(await t.lastMail('noted@test.example')),
    ];
    for (const text of seen) expect(text).not.toContain('SECRET-NOTE');
    // The admins' own thread has the note; a blank one is refused.
    const thread = (await t.request({ method: 'GET', url: `/api/admin/support/tickets/${id}`, cookie: admin.cookie })).json();
    expect(thread.notes).toHaveLength(1);
    expect(thread.messages.map((m: { message: string }) => m.message).join()).not.toContain('SECRET-NOTE');
    const blank = await t.request({
      method: 'POST',
      url: `/api/admin/support/tickets/${id}/notes`,
      cookie: admin.cookie,
      payload: { note: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.note).toBe('Please write the note.');
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, id));
    expect(audit.map((a) => a.action)).toEqual(['ticket.note_added']);
    // The audit entry names the ticket, not what the note says.
    expect(JSON.stringify(audit)).not.toContain('SECRET-NOTE');
  });

  it('pending on the customer: nothing waits for an admin, and the customer’s answer opens it again', async () => {
    const customer = await t.loginAs('customer');
    const id = await openTicket(customer.cookie, 'Which location');
    const pending = await t.request({
      method: 'PATCH',
      url: `/api/admin/support/tickets/${id}/status`,
      cookie: admin.cookie,
      payload: { status: 'pending_customer' },
    });
    expect(pending.json().ticket.status).toBe('pending_customer');
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/support/tickets?status=pending_customer', cookie: admin.cookie })).json().tickets,
    ).toEqual([expect.objectContaining({ id, status: 'pending_customer' })]);
    const answer = await t.request({
      method: 'POST',
      url: `/api/support/my-tickets/${id}/messages`,
      cookie: customer.cookie,
      payload: { message: 'The one on Main Street.' },
    });
    expect(answer.json().ticket.status).toBe('open');
  });
});
