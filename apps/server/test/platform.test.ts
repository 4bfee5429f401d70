import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { build, ORIGIN } from './build';
import { feedback, supportMessages, supportTickets } from '../src/db/schema';

const t = await build();

describe('health and documentation', () => {
  it('/api/health answers that the process is alive; /api/ready that the database is reachable (operations.test.ts)', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', databaseKind: t.database.kind });
    const ready = await t.request({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', databaseKind: t.database.kind });
  });

  it('serves the OpenAPI document with the auth routes and their request schemas', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('password');
  });

  it('unknown API routes answer 404 in the one error shape', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('malformed JSON is a 400 in the one error shape, not a 500', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
  });
});

describe('security headers and CSRF', () => {
  it('sends a strict CSP without inline scripts, frame-ancestors none and nosniff', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // helmet's other defaults come along, on cached browse answers too; HSTS only in production.
    for (const r of [res, await t.request({ method: 'GET', url: '/api/deals' })]) {
      expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
      expect(r.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(r.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS and upgrade-insecure-requests in production', async () => {
    const { securityHeaders } = await import('../src/plugins/security');
    const headers = securityHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: [] } },
      hsts: true,
    });
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('refuses state-changing requests from another origin or labelled cross-site', async () => {
    const evil = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'https://evil.example' } });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().error.code).toBe('CSRF');
    const crossSite = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    const same = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: ORIGIN } });
    expect(same.statusCode).toBe(200);
  });
});

describe('feedback and contact', () => {
  it('stores feedback and refuses empty feedback with the spec message', async () => {
    const empty = await t.request({ method: 'POST', url: '/api/feedback', payload: { message: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Please enter your feedback before submitting.');
    const ok = await t.request({ method: 'POST', url: '/api/feedback', payload: { message: '  Love the app  ', page: '/deals' } });
    expect(ok.statusCode).toBe(201);
    const rows = await t.database.db.select().from(feedback);
    expect(rows.map((r) => r.message)).toEqual(['Love the app']);
  });

  it('the contact form opens a support ticket with its first message and mails a receipt', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/support/tickets',
      payload: { name: 'Pat Doe', email: 'pat@example.com', subject: 'Voucher question', message: 'How long is my voucher valid?' },
    });
    expect(res.statusCode).toBe(201);
    const [ticket] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, res.json().ticket.id));
    expect(ticket).toMatchObject({ status: 'open', email: 'pat@example.com', subject: 'Voucher question' });
    const msgs = await t.database.db.select().from(supportMessages).where(eq(supportMessages.ticketId, ticket!.id));
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatchObject({ senderType: 'customer', message: 'How long is my voucher valid?' });
    expect((await t.lastMail('pat@example.com'))?.kind).toBe('support_ticket_received');
  });

  it('refuses an invalid contact form and writes nothing', async () => {
    const before = (await t.database.db.select().from(supportTickets)).length;
    const res = await t.request({
      method: 'POST',
      url: '/api/support/tickets',
      payload: { name: '', email: 'x', subject: '', message: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['email', 'message', 'name', 'subject']);
    expect((await t.database.db.select().from(supportTickets)).length).toBe(before);
  });
});

describe('development mailbox', () => {
  it('lists and shows stored mails with both parts', async () => {
    await t.request({ method: 'POST', url: '/api/auth/signup', payload: { email: 'mailbox@example.com', password: 'Passw0rdX' } });
    const list = await t.request({ method: 'GET', url: '/api/dev/mailbox?to=mailbox@example.com' });
    const [first] = list.json().mails;
    expect(first.kind).toBe('email_verification');
    const one = await t.request({ method: 'GET', url: `/api/dev/mailbox/${first.id}` });
    expect(one.json().mail.text).toContain('/auth/callback?type=signup');
    expect(one.json().mail.html).toContain('<a href=');
  });
});
