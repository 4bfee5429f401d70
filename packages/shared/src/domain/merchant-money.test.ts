import { describe, expect, it } from 'vitest';
import { maskVoucherCode, payoutStatus } from './merchant-money';

describe('merchant money rules', () => {
  it('masks a voucher code to its last four characters', () => {
    expect(maskVoucherCode('LP-7H3K-Q9X2')).toBe('****Q9X2');
    expect(maskVoucherCode('AB')).toBe('****AB');
  });

  it('a payout is Scheduled through its payout day, Overdue after it, Paid once marked paid', () => {
    expect(payoutStatus({ isPaid: false, payoutDate: '2025-03-15' }, '2025-03-15')).toBe('scheduled');
    expect(payoutStatus({ isPaid: false, payoutDate: '2025-03-15' }, '2025-03-16')).toBe('overdue');
    expect(payoutStatus({ isPaid: true, payoutDate: '2025-03-15' }, '2025-04-01')).toBe('paid');
  });
});
