import { describe, expect, it } from 'vitest';
import { CHECKOUT_MIN_DEAL_REMAINING_MS } from '../constants';
import { isDealExpired, isPurchasable, purchaseBlock } from './deal-sale';
import { DAY_MS as DAY, MINUTE_MS } from './time';

const now = new Date('2025-06-01T12:00:00.000Z');
const inMs = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('purchaseBlock / isPurchasable', () => {
  it('sells an active deal with time to spare', () => {
    expect(purchaseBlock({ status: 'active', expirationDate: inMs(60 * MINUTE_MS) }, now)).toBeNull();
    expect(isPurchasable({ status: 'active', expirationDate: inMs(CHECKOUT_MIN_DEAL_REMAINING_MS) }, now)).toBe(true);
  });
  it('refuses a deal expiring within 35 minutes (the server’s checkout rule)', () => {
    expect(CHECKOUT_MIN_DEAL_REMAINING_MS).toBe(35 * MINUTE_MS);
    const closing = { status: 'active', expirationDate: inMs(CHECKOUT_MIN_DEAL_REMAINING_MS - 1) };
    expect(purchaseBlock(closing, now)).toBe('closing');
    expect(isPurchasable(closing, now)).toBe(false);
    expect(isPurchasable({ status: 'active', expirationDate: inMs(10 * MINUTE_MS) }, now.getTime())).toBe(false);
  });
  it('refuses expired deals, by date or by status', () => {
    expect(purchaseBlock({ status: 'active', expirationDate: inMs(0) }, now)).toBe('expired');
    expect(purchaseBlock({ status: 'expired', expirationDate: inMs(DAY) }, now)).toBe('expired');
    expect(isDealExpired({ status: 'active', expirationDate: inMs(-1) }, now)).toBe(true);
    expect(isDealExpired({ status: 'active', expirationDate: inMs(1) }, now)).toBe(false);
  });
  it('refuses crowd-vote deals still collecting votes and paused deals', () => {
    expect(purchaseBlock({ status: 'pending', expirationDate: inMs(DAY) }, now)).toBe('inactive');
    expect(purchaseBlock({ status: 'paused', expirationDate: inMs(DAY) }, now)).toBe('inactive');
  });
});
