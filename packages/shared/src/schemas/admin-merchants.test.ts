import { describe, expect, it } from 'vitest';
import { registrationMessageSchema, rejectMerchantSchema } from './admin-merchants';

describe('admin approval rules (docs/product/merchant-admin-spec.md §5)', () => {
  it('a rejection needs a non-blank reason, trimmed', () => {
    for (const reason of ['', '   ', '\n\t']) {
      const r = rejectMerchantSchema.safeParse({ reason });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('Please provide a reason for rejection.');
    }
    expect(rejectMerchantSchema.safeParse({}).error?.issues[0]?.message).toBe('Please provide a reason for rejection.');
    expect(rejectMerchantSchema.parse({ reason: '  No licence  ' })).toEqual({ reason: 'No licence' });
  });

  it('a thread message is trimmed and never blank', () => {
    expect(registrationMessageSchema.safeParse({ message: ' \n ' }).success).toBe(false);
    expect(registrationMessageSchema.parse({ message: '  Hello  ' })).toEqual({ message: 'Hello' });
    expect(registrationMessageSchema.safeParse({ message: 'x'.repeat(5001) }).success).toBe(false);
  });
});
