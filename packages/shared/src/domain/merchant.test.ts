import { describe, expect, it } from 'vitest';
import { PLANS } from '../constants';
import { hasMessagingAccess, messagingActiveUntil, planPriceLabel } from './merchant';

const NOW = new Date('2025-03-10T12:00:00Z');

describe('hasMessagingAccess', () => {
  it('is included in Deals + Messaging, subscribed or not', () => {
    expect(hasMessagingAccess({ approved: true, subscriptionPlan: 'deals_messaging', hasSubscription: false }, NOW)).toBe(true);
    expect(hasMessagingAccess({ approved: true, subscriptionPlan: 'deals_messaging', hasSubscription: true }, NOW)).toBe(true);
  });
  it('needs a paid subscription on Advertise + Messaging', () => {
    expect(hasMessagingAccess({ approved: true, subscriptionPlan: 'advertise_messaging', hasSubscription: true }, NOW)).toBe(true);
    expect(hasMessagingAccess({ approved: true, subscriptionPlan: 'advertise_messaging', hasSubscription: false }, NOW)).toBe(false);
  });
  it('is never part of Advertise Only', () => {
    expect(hasMessagingAccess({ approved: true, subscriptionPlan: 'advertise_only', hasSubscription: true }, NOW)).toBe(false);
  });
  it('waits for approval', () => {
    expect(hasMessagingAccess({ approved: false, subscriptionPlan: 'deals_messaging', hasSubscription: false }, NOW)).toBe(false);
    expect(hasMessagingAccess({ approved: false, subscriptionPlan: 'advertise_messaging', hasSubscription: true }, NOW)).toBe(false);
  });
});

describe('messaging after leaving Advertise + Messaging (the downgrade promise)', () => {
  const paidUntil = new Date('2025-03-20T08:00:00Z');
  const left = { approved: true, subscriptionPlan: 'advertise_only' as const, hasSubscription: true, messagingPaidUntil: paidUntil };
  it('stays until the end of the period paid for, then ends on time', () => {
    expect(hasMessagingAccess(left, new Date('2025-03-19T08:00:00Z'))).toBe(true);
    expect(messagingActiveUntil(left, new Date('2025-03-19T08:00:00Z'))).toEqual(paidUntil);
    expect(hasMessagingAccess(left, paidUntil)).toBe(false);
    expect(hasMessagingAccess(left, new Date('2025-03-20T08:00:01Z'))).toBe(false);
    expect(messagingActiveUntil(left, new Date('2025-03-21T08:00:00Z'))).toBeNull();
  });
  it('is never given by a paid period to a merchant who is not approved, and shows no end on a plan that includes it', () => {
    expect(hasMessagingAccess({ ...left, approved: false }, NOW)).toBe(false);
    expect(messagingActiveUntil({ ...left, subscriptionPlan: 'deals_messaging' }, NOW)).toBeNull();
    expect(messagingActiveUntil({ ...left, subscriptionPlan: 'advertise_messaging' }, NOW)).toBeNull();
  });
});

describe('planPriceLabel', () => {
  it('names the fee, else the commission, from the plan constants', () => {
    expect(PLANS.map((p) => planPriceLabel(p))).toEqual(['Free', '$15.00/month', '15% commission']);
    expect(planPriceLabel('deals_messaging')).toBe('15% commission');
  });
});
