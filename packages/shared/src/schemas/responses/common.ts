import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../../errors';

/**
 * Response schemas: what the API sends, declared once. The server serialises every JSON answer
 * through its route's schema (fastify-type-provider-zod), so a field not written here never leaves
 * the server; the web client takes its types from the same schemas (`z.infer`), and the OpenAPI
 * document at /api/docs shows them. Dates travel as ISO 8601 strings, money as integer cents.
 */

const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The one JSON error shape of the API (`{ error: { code, message, fields? } }`). */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      /** Comes with every 5xx (and in the x-request-id header of every response): support finds the logged cause by it. */
      requestId: z.string().optional(),
    }),
  })
  .describe('An error: a code, a message for people, and per-field messages for bad input');
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** The error answers every route declares beside its success. */
export const errorResponses = { '4xx': apiErrorSchema, '5xx': apiErrorSchema } as const;

/** `{ ok: true }`: done, nothing else to tell. */
export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;

/** A timestamp, sent as an ISO 8601 string. */
export const isoDate = () => z.string().describe('ISO 8601 date-time');
/** A calendar day `YYYY-MM-DD` (UTC). */
export const calendarDay = () => z.string().describe('Calendar day YYYY-MM-DD');
/** Integer cents. */
export const cents = () => z.number().int();
/** A count. */
export const count = () => z.number().int();

/** A semi-monthly payout period (domain/payouts.ts). */
export const payoutPeriodSchema = z.object({ start: calendarDay(), end: calendarDay(), payoutDate: calendarDay() });

/** A page of a list: where it is and how long the whole list is. */
export const pageFields = { total: count(), page: count(), pageSize: count() };
