import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { emailSchema, newPasswordSchema } from './auth';
import { ACCOUNT_MESSAGES, DELETE_CONFIRMATION_WORD } from '../messages';

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

/** The account's password, asked again before a sensitive change (e-mail, deletion, second factors). */
export const currentPasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.passwordRequired })
  .min(1, ACCOUNT_MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH);

/** Change of e-mail (docs/decisions/0053-account-controls.md): the new address and the password. */
export const changeEmailSchema = z.object({ newEmail: emailSchema, password: currentPasswordSchema });
export type ChangeEmail = z.input<typeof changeEmailSchema>;

/** The token of an e-mail change's confirm or undo link. */
export const emailChangeTokenSchema = z.object({ token: z.string().trim().min(1, ACCOUNT_MESSAGES.emailLinkInvalid).max(200) });
export type EmailChangeToken = z.infer<typeof emailChangeTokenSchema>;

/** Delete my account: the password again, and the word typed (docs/decisions/0054-privacy-rights.md). */
export const deleteAccountSchema = z.object({
  password: currentPasswordSchema,
  confirmation: z.string().refine((v) => v.trim() === DELETE_CONFIRMATION_WORD, ACCOUNT_MESSAGES.deleteConfirmation),
});
export type DeleteAccount = z.input<typeof deleteAccountSchema>;

/** An admin deletes an account for a verified request: what verified it, for the audit trail. */
export const adminDeleteAccountSchema = z.object({
  reason: z.string().trim().min(10, 'Say how the request was verified (at least 10 characters)').max(500),
});
export type AdminDeleteAccount = z.infer<typeof adminDeleteAccountSchema>;
