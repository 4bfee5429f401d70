import { afterEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@localperks/shared';
import { sessionQuery } from '../../../lib/session';
import { verifyEmailMutation } from './api';

const user: SessionUser = {
  id: 'u1',
  email: 'owner@teahouse.example',
  name: '',
  role: 'merchant',
  emailVerified: true,
  createdAt: '2026-11-24T08:00:00.000Z',
  adminRole: null,
  merchantRole: 'owner',
};
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('verifying the e-mail', () => {
  it('keeps the user signed in when the page’s first session check (sent without the new cookie) answers afterwards', async () => {
    let answerSessionCheck!: () => void;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url === '/api/auth/session'
          ? new Promise<Response>((resolve) => (answerSessionCheck = () => resolve(json({ user: null }))))
          : Promise.resolve(json({ user, hasMerchantRegistration: true })),
      ),
    );
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The link's page loads: its session check is under way (the browser has no session cookie yet).
    const check = qc.fetchQuery(sessionQuery).catch(() => undefined);
    await vi.waitFor(() => expect(answerSessionCheck).toBeTypeOf('function'));

    await new MutationObserver(qc, verifyEmailMutation(qc)).mutate('token');
    answerSessionCheck();
    await check;

    expect(qc.getQueryData(sessionQuery.queryKey)).toEqual(user);
  });
});
