import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { newPasswordSchema } from './auth';
import { ACCOUNT_MESSAGES } from '../messages';

export const updateProfileSchema = z.object({
  name: z.string().trim().min(1, ACCOUNT_MESSAGES.nameRequired).max(100),
  phoneNumber: z
    .string()
    .trim()
    .max(30)
    .regex(/^[+()\d\s.-]*$/, 'Please enter a valid phone number')
    .optional()
    .transform((v) => (v ? v : null)),
});
export type UpdateProfile = z.input<typeof updateProfileSchema>;

/**
 * New password on the account page: the sign-up strength rule, the real minimum. (The spec's 6-character
 * message is not used: it named a minimum the server never accepted, under a hint that said 8.)
 */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, ACCOUNT_MESSAGES.currentRequired).max(PASSWORD_MAX_LENGTH),
  newPassword: newPasswordSchema,
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** The account page's Change Password form: the server's schema plus the confirmation (a mismatch is the page's toast, checked first). */
export const changePasswordFormSchema = changePasswordSchema.extend({ confirmNewPassword: z.string() });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
