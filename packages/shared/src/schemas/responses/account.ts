import { z } from 'zod';
import { isoDate } from './common';

/**
 * One place the account is signed in (docs/decisions/0053-account-controls.md): the device and browser read
 * from the browser's user agent, the approximate place (a city from the server's offline IP database when
 * one is configured, else the address), first and last seen, and whether it is this very browser.
 */
export const accountSessionSchema = z.object({
  /** What ends it (DELETE /api/account/sessions/:id); not the cookie. */
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  device: z.enum(['desktop', 'mobile', 'tablet', 'other']),
  /** "Chicago, United States" when a city database is configured and knows the address, else null. */
  city: z.string().nullable(),
  ip: z.string().nullable(),
  firstSeenAt: isoDate(),
  lastSeenAt: isoDate(),
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessions = z.infer<typeof accountSessionsSchema>;

/** How many sessions a sign-out ended. */
export const sessionsEndedSchema = z.object({ ended: z.number().int().nonnegative() });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

/** A change of e-mail was asked for: the link went to `pendingEmail`; nothing changes until it is opened. */
export const emailChangeRequestedSchema = z.object({ pendingEmail: z.string() });
export type EmailChangeRequested = z.infer<typeof emailChangeRequestedSchema>;

/** A confirm or undo link was used: the account's address now. */
export const emailChangedSchema = z.object({ email: z.string() });
export type EmailChanged = z.infer<typeof emailChangedSchema>;

/** Download my data: one archive and how far its building got. */
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'ready', 'failed']),
  progress: z.number().int().min(0).max(100),
  createdAt: isoDate(),
  /** When the download stops working (7 days after it was ready). */
  expiresAt: isoDate().nullable(),
  sizeBytes: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportsSchema = z.object({ exports: z.array(dataExportSchema) });
export const dataExportStartedSchema = z.object({ export: dataExportSchema });

/** Before deleting an account: what blocks it, and the unused vouchers it forfeits. */
export const deletionPreviewSchema = z.object({
  blockers: z.array(z.string()),
  vouchers: z.array(
    z.object({
      id: z.string(),
      dealTitle: z.string(),
      code: z.string(),
      priceCents: z.number().int(),
      expiresAt: isoDate(),
      canRequestRefund: z.boolean(),
    }),
  ),
});
export type DeletionPreview = z.infer<typeof deletionPreviewSchema>;
