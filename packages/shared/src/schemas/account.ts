import { z } from 'zod';
import { LOGIN_PASSWORD_MIN, PASSWORD_MAX_LENGTH } from '../constants';
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

/** New password on the account page: the spec's 6-character message first, then the sign-up strength rule. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, ACCOUNT_MESSAGES.currentRequired).max(PASSWORD_MAX_LENGTH),
  newPassword: z.string().min(LOGIN_PASSWORD_MIN, ACCOUNT_MESSAGES.passwordMinLong).pipe(newPasswordSchema),
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** The account page's Change Password form: the server's schema plus the confirmation (a mismatch is the page's toast, checked first). */
export const changePasswordFormSchema = changePasswordSchema.extend({ confirmNewPassword: z.string() });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
