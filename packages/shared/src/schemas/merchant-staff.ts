import { z } from 'zod';
import { STAFF_ROLES } from '../constants';
import { AUTH_MESSAGES } from '../messages';
import { confirmPasswordRule, emailSchema, newPasswordSchema } from './auth';

/** The owner invites someone to the business's staff by e-mail, as a redeemer or a manager (docs/decisions/0062). */
export const inviteStaffSchema = z.object({
  email: emailSchema,
  role: z.enum(STAFF_ROLES, { error: 'Choose redeemer or manager.' }),
});
export type InviteStaff = z.infer<typeof inviteStaffSchema>;

/** The owner changes a staff member's role. */
export const staffRoleSchema = inviteStaffSchema.pick({ role: true });
export type StaffRoleChange = z.infer<typeof staffRoleSchema>;

/** The invitation link's token (selector.verifier). */
export const staffInviteTokenSchema = z.object({ token: z.string().trim().min(16).max(200) });
export type StaffInviteToken = z.infer<typeof staffInviteTokenSchema>;

const staffName = z.string().trim().min(2, AUTH_MESSAGES.nameMin).max(100);

/** Accepting: the link's token, and the staff member's own name and password for their account. */
export const acceptStaffInviteSchema = staffInviteTokenSchema.extend({ name: staffName, password: newPasswordSchema });
export type AcceptStaffInvite = z.infer<typeof acceptStaffInviteSchema>;

/** The accept page's form: the same, with the password typed twice. */
export const acceptStaffInviteFormSchema = z
  .object({ name: staffName, password: newPasswordSchema, confirmPassword: confirmPasswordRule.field })
  .refine(confirmPasswordRule.matches, confirmPasswordRule.issue);
export type AcceptStaffInviteForm = z.infer<typeof acceptStaffInviteFormSchema>;

/** Today's redemptions: "today" in the counter's time zone (an IANA name, the browser's; UTC when none or unknown). */
export const todaysRedemptionsQuerySchema = z.object({ tz: z.string().trim().max(64).optional() });
export type TodaysRedemptionsQuery = z.infer<typeof todaysRedemptionsQuerySchema>;
