import { ERROR_STATUS, type ErrorCode } from '@localperks/shared';

/** An expected failure: mapped by the one error handler to its status and `{ error }` body. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = ERROR_STATUS[code];
  }
}
