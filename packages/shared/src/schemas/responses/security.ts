import { z } from 'zod';
import { AUTHENTICATOR_TRANSPORTS } from '../security';
import { isoDate } from './common';

/** The account's sign-in factors (docs/decisions/0055-passkeys-and-authenticator-codes.md). */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: isoDate(),
  lastUsedAt: isoDate().nullable(),
  /** Synced to the person's other devices by their password manager. */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const securityOverviewSchema = z.object({
  passkeys: z.array(passkeySchema),
  totp: z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int().nonnegative() }),
  /** Until when this session may change the factors without confirming the password again; null: it must first. */
  reauthenticatedUntil: isoDate().nullable(),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

export const reauthenticatedSchema = z.object({ reauthenticatedUntil: isoDate() });
export const passkeyAddedSchema = z.object({ passkey: passkeySchema });

const credentialDescriptor = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.enum(AUTHENTICATOR_TRANSPORTS)).optional(),
});
const userVerification = z.enum(['required', 'preferred', 'discouraged']);
const hints = z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional();

/** navigator.credentials.create()'s options, as JSON (what @simplewebauthn/browser's startRegistration takes). */
export const registrationOptionsSchema = z.object({
  options: z.object({
    rp: z.object({ id: z.string().optional(), name: z.string() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    challenge: z.string(),
    pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(credentialDescriptor).optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
        requireResidentKey: z.boolean().optional(),
        residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
        userVerification: userVerification.optional(),
      })
      .optional(),
    hints,
    attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
    extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  }),
});
export type RegistrationOptions = z.infer<typeof registrationOptionsSchema>;

/** navigator.credentials.get()'s options, as JSON (what startAuthentication takes). */
export const authenticationOptionsSchema = z.object({
  options: z.object({
    challenge: z.string(),
    timeout: z.number().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(credentialDescriptor).optional(),
    userVerification: userVerification.optional(),
    hints,
  }),
});
export type AuthenticationOptions = z.infer<typeof authenticationOptionsSchema>;

/** Turning the authenticator app on, step 1: the secret, as a QR code and as text to type. */
export const totpSetupSchema = z.object({
  secret: z.string(),
  /** The otpauth:// address the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG image (a data: URL). */
  qrCode: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** One-time recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
