import { describe, expect, it } from 'vitest';
import { accessCodeSchema, adminLoginSchema, createAdminSchema } from './admin-auth';
import { deactivateDealSchema } from './admin-overview';
import { newTicketSchema, supportReplySchema, ticketStatusSchema } from './admin-support';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  // The first message per field, as the forms show it.
  Object.fromEntries([...(r.error?.issues ?? [])].reverse().map((i) => [String(i.path[0]), i.message]));

describe('admin sign-in rules (docs/product/merchant-admin-spec.md §5)', () => {
  it('credentials: a valid e-mail and at least 6 characters', () => {
    expect(messages(adminLoginSchema.safeParse({ email: 'nope', password: '12345' }))).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
    expect(adminLoginSchema.parse({ email: ' Admin@Example.com ', password: '123456' }).email).toBe('admin@example.com');
  });

  it('access code: exactly 6 digits', () => {
    for (const code of ['', '12345', '1234567', '12a456', '12 456'])
      expect(messages(accessCodeSchema.safeParse({ code }))).toEqual({ code: 'Access code must be 6 digits' });
    expect(accessCodeSchema.parse({ code: ' 012345 ' }).code).toBe('012345');
  });

  it('a new admin: name, e-mail and the sign-up password strength', () => {
    expect(messages(createAdminSchema.safeParse({ name: 'R', email: 'x', password: 'abcdefgh' }))).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      password: 'Password must contain at least one uppercase letter',
    });
    expect(createAdminSchema.safeParse({ name: 'Robin', email: 'r@x.example', password: 'Abcdefg1' }).success).toBe(true);
  });
});

describe('support and moderation rules', () => {
  it('a reply needs both subject and message (Missing Information)', () => {
    expect(messages(supportReplySchema.safeParse({ subject: ' ', message: 'Hi' }))).toEqual({
      subject: 'Please provide both subject and message.',
    });
    expect(messages(supportReplySchema.safeParse({ subject: 'Hi', message: '' }))).toEqual({
      message: 'Please provide both subject and message.',
    });
    expect(supportReplySchema.parse({ subject: ' Re: x ', message: ' ok ' })).toEqual({ subject: 'Re: x', message: 'ok' });
  });

  it('ticket statuses are the four of the spec', () => {
    for (const status of ['open', 'in_progress', 'resolved', 'closed']) expect(ticketStatusSchema.safeParse({ status }).success).toBe(true);
    expect(ticketStatusSchema.safeParse({ status: 'pending' }).success).toBe(false);
  });

  it('a ticket from the account needs a subject and a 10-character message', () => {
    expect(messages(newTicketSchema.safeParse({ subject: 'Hi', message: 'short' }))).toEqual({
      subject: 'Please enter a subject',
      message: 'Message must be at least 10 characters',
    });
  });

  it('deactivating a deal needs a reason', () => {
    expect(messages(deactivateDealSchema.safeParse({ reason: '  ' }))).toEqual({
      reason: 'Please give the reason for deactivating this deal.',
    });
  });
});
