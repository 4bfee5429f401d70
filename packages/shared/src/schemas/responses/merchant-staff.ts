import { z } from 'zod';
import { STAFF_ROLES } from '../../constants';
import { isoDate } from './common';

/** A person on a business's staff, or invited to it (docs/decisions/0062-roles-and-staff.md). */
export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** Their account's name once they joined. */
  name: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(['invited', 'expired', 'active']),
  invitedAt: isoDate(),
  joinedAt: isoDate().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });
export type StaffList = z.infer<typeof staffListSchema>;
export const staffMemberResultSchema = z.object({ member: staffMemberSchema });
export type StaffMemberResult = z.infer<typeof staffMemberResultSchema>;

/** What the invitation link shows before it is accepted. */
export const staffInvitePreviewSchema = z.object({ businessName: z.string(), email: z.string(), role: z.enum(STAFF_ROLES) });
export type StaffInvitePreview = z.infer<typeof staffInvitePreviewSchema>;

/** Today's redemptions at the counter: what, for whom, when, and who redeemed it. */
export const redemptionRecordSchema = z.object({
  purchaseId: z.string(),
  redemptionCode: z.string(),
  dealTitle: z.string(),
  optionTitle: z.string(),
  customerName: z.string(),
  redeemedAt: isoDate(),
  /** The account that redeemed it: the owner or a staff member (null if that account is gone). */
  redeemedBy: z.string().nullable(),
});
export type RedemptionRecord = z.infer<typeof redemptionRecordSchema>;
export const todaysRedemptionsSchema = z.object({ redemptions: z.array(redemptionRecordSchema), day: z.string() });
export type TodaysRedemptions = z.infer<typeof todaysRedemptionsSchema>;
