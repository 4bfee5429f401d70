import { z } from 'zod';
import { PASSKEY_NAME_MAX_LENGTH, TOTP_CODE_LENGTH } from '../constants';
import { SECURITY_MESSAGES } from '../messages';
import { currentPasswordSchema } from './account';

/**
 * Passkeys and authenticator codes (docs/decisions/0055-passkeys-and-authenticator-codes.md): what the pages send.
 * The WebAuthn shapes are the JSON that @simplewebauthn/browser produces; the server's library checks their contents.
 */

export const AUTHENTICATOR_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const base64url = (max = 4096) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');
const clientExtensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });

/** navigator.credentials.create()'s answer, as JSON. */
export const registrationResponseSchema = z.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(),
    attestationObject: base64url(16_384),
    authenticatorData: base64url().optional(),
    transports: z.array(z.enum(AUTHENTICATOR_TRANSPORTS)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});

/** navigator.credentials.get()'s answer, as JSON. */
export const authenticationResponseSchema = z.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(),
    authenticatorData: base64url(),
    signature: base64url(),
    userHandle: base64url(256).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});

export const passkeyNameSchema = z
  .string({ error: SECURITY_MESSAGES.passkeyNameRequired })
  .trim()
  .min(1, SECURITY_MESSAGES.passkeyNameRequired)
  .max(PASSKEY_NAME_MAX_LENGTH, SECURITY_MESSAGES.passkeyNameTooLong);

/** Confirm the password before changing the sign-in factors. */
export const reauthenticateSchema = z.object({ password: currentPasswordSchema });
export type Reauthenticate = z.infer<typeof reauthenticateSchema>;

/** Add a passkey: its name and the browser's answer to the registration options. */
export const addPasskeySchema = z.object({ name: passkeyNameSchema, response: registrationResponseSchema });
export type AddPasskey = z.input<typeof addPasskeySchema>;

export const renamePasskeySchema = z.object({ name: passkeyNameSchema });
export type RenamePasskey = z.infer<typeof renamePasskeySchema>;

/** Sign in with a passkey (or pass the admin's second step with one). */
export const passkeyAssertionSchema = z.object({ response: authenticationResponseSchema });
export type PasskeyAssertion = z.input<typeof passkeyAssertionSchema>;

/** A code from the authenticator app: six digits (spaces allowed, as apps show "123 456"). */
export const totpCodeSchema = z.object({
  code: z
    .string({ error: SECURITY_MESSAGES.totpFormat })
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`), SECURITY_MESSAGES.totpFormat)),
});
export type TotpCode = z.input<typeof totpCodeSchema>;

/** A recovery code as handed out: ten letters and digits, shown as `xxxxx-xxxxx`. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/;

/** The second step's code: one from the app, or a recovery code. */
export const secondStepCodeSchema = z
  .string({ error: SECURITY_MESSAGES.codeFormat })
  .transform((v) => v.trim().toLowerCase().replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .refine((v) => new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`).test(v) || RECOVERY_CODE_PATTERN.test(v), SECURITY_MESSAGES.codeFormat),
  );

/** The admin's second step by authenticator app (or a recovery code). */
export const adminTotpSchema = z.object({ code: secondStepCodeSchema });
export type AdminTotp = z.input<typeof adminTotpSchema>;

/** A customer's or merchant's second step after the password: the sign-in it continues, and the code. */
export const secondStepSchema = z.object({ token: z.string().trim().min(1).max(200), code: secondStepCodeSchema });
export type SecondStep = z.input<typeof secondStepSchema>;
