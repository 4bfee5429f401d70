import { describe, expect, it } from 'vitest';
import { registrationStatusView } from './registration-status-view';

const view = (status: string, requiresMerchantResponse = false, rejectionReason: string | null = null) =>
  registrationStatusView({ status: status as 'pending', requiresMerchantResponse, rejectionReason });

describe('registration status display (docs/product/merchant-admin-spec.md §4)', () => {
  it('pending and waiting for the merchant: Response Required with the reason, or the fallback', () => {
    expect(view('pending', true, 'Please add your menu.')).toMatchObject({ title: 'Response Required', text: 'Please add your menu.' });
    expect(view('pending', true)).toMatchObject({ title: 'Response Required', text: 'Your application requires a response from you.' });
  });
  it('pending otherwise: Under Review', () => {
    expect(view('pending').title).toBe('Under Review');
  });
  it('approved: Approved with congratulations', () => {
    expect(view('approved')).toMatchObject({ title: 'Approved', text: expect.stringMatching(/^Congratulations!/) });
  });
  it('rejected: Application Rejected with the reason, or the fallback', () => {
    expect(view('rejected', false, 'Outside our area.')).toMatchObject({ title: 'Application Rejected', text: 'Outside our area.' });
    expect(view('rejected')).toMatchObject({ title: 'Application Rejected', text: 'Your application was rejected.' });
  });
  it('anything else: Unknown Status', () => {
    expect(view('archived').title).toBe('Unknown Status');
  });
});
