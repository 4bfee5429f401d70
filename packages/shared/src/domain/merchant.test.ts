import { describe, expect, it } from 'vitest';
import { hasMessagingAccess } from './merchant';

describe('hasMessagingAccess', () => {
  it('is included in Deals + Messaging, subscribed or not', () => {
    expect(hasMessagingAccess({ approved: true, subscriptionPlan: 'deals_messaging', hasSubscription: false })).toBe(true);
    expect(hasMessagingAccess({ approved: true, subscriptionPlan: 'deals_messaging', hasSubscription: true })).toBe(true);
  });
  it('needs a paid subscription on Advertise + Messaging', () => {
    expect(hasMessagingAccess({ approved: true, subscriptionPlan: 'advertise_messaging', hasSubscription: true })).toBe(true);
    expect(hasMessagingAccess({ approved: true, subscriptionPlan: 'advertise_messaging', hasSubscription: false })).toBe(false);
  });
  it('is never part of Advertise Only', () => {
    expect(hasMessagingAccess({ approved: true, subscriptionPlan: 'advertise_only', hasSubscription: true })).toBe(false);
  });
  it('waits for approval', () => {
    expect(hasMessagingAccess({ approved: false, subscriptionPlan: 'deals_messaging', hasSubscription: false })).toBe(false);
    expect(hasMessagingAccess({ approved: false, subscriptionPlan: 'advertise_messaging', hasSubscription: true })).toBe(false);
  });
});
