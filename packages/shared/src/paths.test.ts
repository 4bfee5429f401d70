import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('builds the addresses the server links to in e-mails and redirects', () => {
    expect(paths.deal('abc')).toBe('/deals/abc');
    expect(paths.merchantDealEdit('d1')).toBe('/merchant/deals/d1/edit');
    expect(paths.merchantDashboardTab('plans')).toBe('/merchant/dashboard?tab=plans');
    expect(paths.profileTab('support')).toBe('/profile?tab=support');
    expect(paths.merchantRedeemCode('AB CD&1')).toBe('/merchant/redeem?code=AB%20CD%261');
    expect(paths.sandboxCheckout('s1')).toBe('/sandbox/checkout/s1');
  });
});
