import { describe, expect, it } from 'vitest';
import { TAX_LABEL, allocateCents, discountPercent, formatCents, formatPrice, orderTotals, taxCents } from './money';
import { formatPercent } from './text';
import { avatarInitials, displayName, homePathForRole, safeReturnTo } from './user';
import { remainingTimeText } from './countdown';
import { NEAR_LOCATION_MAX_MILES, nearestLocation, nearestLocationWithDistance } from './location';
import { BOOST_OPTIONS, commissionForPlan, planById } from '../constants';

describe('money', () => {
  it('formats cents with a dollar sign and 2 decimals', () => {
    expect(formatCents(6000)).toBe('$60.00');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(5)).toBe('$0.05');
  });
  it('splits an order’s tax over its lines in whole cents that add up to the tax', () => {
    // 3 x $0.33 lines: 8 % of $0.99 is 8 cents; per-line rounding would give 3 x 3 = 9.
    expect(allocateCents(8, [33, 33, 33])).toEqual([3, 2, 3]);
    expect(allocateCents(1040, [3998, 9001])).toEqual([320, 720]);
    const shares = allocateCents(987, [1, 2, 3, 4, 5, 6, 7]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(987);
    expect(allocateCents(0, [100, 200])).toEqual([0, 0]);
  });
  it('taxes 8 % of the subtotal and totals it', () => {
    expect(taxCents(12000)).toBe(960);
    expect(
      orderTotals([
        { unitPriceCents: 6000, quantity: 2 },
        { unitPriceCents: 999, quantity: 1 },
      ]),
    ).toEqual({ subtotalCents: 12999, taxCents: 1040, totalCents: 14039 });
  });
  it('computes the whole-percent discount', () => {
    expect(discountPercent(12000, 6000)).toBe(50);
    expect(discountPercent(20000, 12000)).toBe(40);
    expect(discountPercent(100, 100)).toBe(0);
  });
});

describe('users', () => {
  it('name falls back to the part of the e-mail before @, then empty', () => {
    expect(displayName('  Casey ', 'c@x.io')).toBe('Casey');
    expect(displayName(null, 'jamie.lee@x.io')).toBe('jamie.lee');
    expect(displayName(null, null)).toBe('');
  });
  it('avatar shows the first two letters in upper case', () => {
    expect(avatarInitials('casey customer')).toBe('CA');
  });
  it('role homes: admin, merchant, others', () => {
    expect(homePathForRole('admin')).toBe('/admin/dashboard');
    expect(homePathForRole('merchant')).toBe('/merchant/dashboard');
    expect(homePathForRole('customer')).toBe('/');
  });
  it('returnTo accepts only same-site paths', () => {
    expect(safeReturnTo('/purchases?tab=1')).toBe('/purchases?tab=1');
    expect(safeReturnTo('//evil.example')).toBeNull();
    expect(safeReturnTo('https://evil.example')).toBeNull();
    expect(safeReturnTo('/\\evil.example')).toBeNull();
  });
});

describe('countdown text (docs/product/customer-spec.md §4)', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('days and hours, hours and minutes, Expired, Unknown', () => {
    expect(remainingTimeText(new Date('2026-01-03T05:00:00Z'), now)).toBe('2 days 5 hrs');
    expect(remainingTimeText(new Date('2026-01-02T01:00:00Z'), now)).toBe('1 day 1 hr');
    expect(remainingTimeText(new Date('2026-01-01T03:07:00Z'), now)).toBe('3 hrs 7 mins');
    expect(remainingTimeText(new Date('2026-01-01T01:01:00Z'), now)).toBe('1 hr 1 min');
    expect(remainingTimeText(new Date('2025-12-31T23:00:00Z'), now)).toBe('Expired');
    expect(remainingTimeText(null, now)).toBe('Unknown');
  });
  it('under an hour, minutes alone: "1 min", never "0 hrs 1 min"; the last minute is "Less than 1 min"', () => {
    expect(remainingTimeText(new Date('2026-01-01T00:01:30Z'), now)).toBe('1 min');
    expect(remainingTimeText(new Date('2026-01-01T00:59:59Z'), now)).toBe('59 mins');
    expect(remainingTimeText(new Date('2026-01-01T01:00:00Z'), now)).toBe('1 hr 0 mins');
    expect(remainingTimeText(new Date('2026-01-01T00:00:20Z'), now)).toBe('Less than 1 min');
  });
});

describe('locations', () => {
  it('picks the nearest of the 12 cities', () => {
    expect(nearestLocation({ lat: 30.3, lng: -97.7 }).city).toBe('Austin');
    expect(nearestLocation({ lat: 42.3, lng: -71.1 }).city).toBe('Boston');
    expect(nearestLocation({ lat: 47.6, lng: -122.3 }).city).toBe('San Francisco');
  });
  it('says how far the nearest city is, so that Seattle is not "near San Francisco"', () => {
    const seattle = nearestLocationWithDistance({ lat: 47.6062, lng: -122.3321 });
    expect(seattle.location.city).toBe('San Francisco');
    expect(seattle.miles).toBeGreaterThan(600);
    expect(seattle.miles).toBeLessThan(750);
    const roundRock = nearestLocationWithDistance({ lat: 30.5083, lng: -97.6789 });
    expect(roundRock.location.city).toBe('Austin');
    expect(roundRock.miles).toBeLessThan(NEAR_LOCATION_MAX_MILES);
  });
});

describe('plans', () => {
  it('commission on approval: 0 / 0 / 15, any other 15', () => {
    expect([
      commissionForPlan('advertise_only'),
      commissionForPlan('advertise_messaging'),
      commissionForPlan('deals_messaging'),
      commissionForPlan('x'),
    ]).toEqual([0, 0, 15, 15]);
  });
});

describe('price texts from the constants', () => {
  it('names whole-dollar prices without cents and others with them', () => {
    expect(formatPrice(1500)).toBe('$15');
    expect(formatPrice(999)).toBe('$9.99');
    expect(formatPrice(150000)).toBe('$1,500');
  });
  it('builds the spec’s words from the plan and tax constants', () => {
    expect(TAX_LABEL).toBe('Tax (8%)');
    expect(`${formatPrice(planById('advertise_messaging').priceCentsPerMonth)}/month`).toBe('$15/month');
    expect(formatCents(planById('advertise_messaging').priceCentsPerMonth)).toBe('$15.00');
    expect(`${formatPercent(planById('deals_messaging').commissionPercent)} commission`).toBe('15% commission');
    expect(BOOST_OPTIONS.map((o) => formatCents(o.priceCents))).toEqual(['$9.99', '$24.99', '$49.99', '$89.99']);
  });
});
