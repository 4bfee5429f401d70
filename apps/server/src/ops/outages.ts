/**
 * What the server answers while a dependency is down (docs/decisions/0046-outages.md): a request that
 * failed because the database could not be reached, because the disk is full, or because
 * the image storage could not be reached gets a 503 with `Retry-After` and a message that tells the
 * user what to do, never a 500. Each kind of outage is logged as one clear line when it starts, then
 * at most once a minute with the number of requests it refused meanwhile: a log flood would not help
 * the on-call engineer, and on a full disk it would make things worse.
 */

export type OutageKind = 'database-unreachable' | 'disk-full' | 'storage-unavailable';

export interface Outage {
  kind: OutageKind;
  /** What the user reads (the error body's message). */
  message: string;
  /** Seconds a client should wait before trying again (the Retry-After header). */
  retryAfterSeconds: number;
  /** The error at the bottom of the cause chain, for the log line. */
  cause: unknown;
}

const OUTAGES: Record<OutageKind, { message: string; retryAfterSeconds: number; logLine: string }> = {
  'database-unreachable': {
    message: 'LocalPerks is briefly unavailable. Please try again in a few seconds.',
    retryAfterSeconds: 5,
    logLine: 'database unreachable: answering 503 until it is back',
  },
  'disk-full': {
    message: 'LocalPerks cannot save anything right now. Please try again in a few minutes.',
    retryAfterSeconds: 60,
    logLine: 'disk full: writes fail and are answered 503 until space is freed',
  },
  'storage-unavailable': {
    message: 'Image storage is unavailable right now, so nothing was saved. Please try again in a few minutes.',
    retryAfterSeconds: 30,
    logLine: 'image storage unavailable: uploads and images are answered 503 until it is back',
  },
};

/** Socket errors that mean the other side is not there (or went away mid-way). */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
/** node-postgres's own messages for a connection that ended or could not be opened in time. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
];

/** Thrown by the image storage when the bucket or the disk cannot take or give a file (lib/storage.ts). */
export class StorageUnavailableError extends Error {
  constructor(operation: string, cause: unknown) {
    super(`image storage ${operation} failed: ${messageOf(cause)}`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Every error in the `cause` chain, the outermost first (drizzle wraps the driver's error in its own). */
function causeChain(err: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e: unknown = err; e && chain.length < 8 && !chain.includes(e); e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

/** The outage an error means, or null when it is an ordinary failure (a bug, a constraint, bad input…). */
export function outageOf(err: unknown): Outage | null {
  for (const e of causeChain(err)) {
    const kind = kindOf(e);
    if (kind) return { kind, message: OUTAGES[kind].message, retryAfterSeconds: OUTAGES[kind].retryAfterSeconds, cause: e };
  }
  return null;
}

function kindOf(e: unknown): OutageKind | null {
  if (e instanceof StorageUnavailableError) return 'storage-unavailable';
  if (!e || typeof e !== 'object') return null;
  const code = (e as { code?: unknown }).code;
  const message = messageOf(e);
  if (typeof code === 'string') {
    // SQLSTATE 53100 disk_full (PostgreSQL and PGlite: "could not extend file …: No space left on device").
    if (code === '53100' || code === 'ENOSPC') return 'disk-full';
    // Class 08 connection exceptions; 57P01-57P03: the server is shutting down, crashed or starting up.
    if (/^08/.test(code) || code === '57P01' || code === '57P02' || code === '57P03') return 'database-unreachable';
    if (CONNECTION_ERRNOS.has(code)) return 'database-unreachable';
  }
  if (PG_CONNECTION_MESSAGES.some((m) => message.startsWith(m))) return 'database-unreachable';
  return null;
}

export interface OutageLog {
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * Logs outages as a few clear lines: the first refusal of each kind at once, then one line a minute
 * while it goes on (with how many requests were refused since the last line). `now` is the wall clock:
 * log throttling is about log volume, not about the product's time.
 */
export class OutageReporter {
  private last = new Map<OutageKind, { at: number; refused: number }>();
  constructor(
    private log: OutageLog,
    private intervalMs = 60_000,
    private now: () => number = Date.now,
  ) {}

  refused(outage: Outage, context: { method: string; url: string; reqId: string }) {
    const seen = this.last.get(outage.kind);
    const at = this.now();
    if (seen && at - seen.at < this.intervalMs) {
      seen.refused++;
      return;
    }
    this.last.set(outage.kind, { at, refused: 0 });
    this.log.error(
      {
        outage: outage.kind,
        cause: messageOf(outage.cause),
        ...(seen ? { refusedSinceLastLine: seen.refused } : {}),
        retryAfterSeconds: outage.retryAfterSeconds,
        reqId: context.reqId,
        request: `${context.method} ${context.url.split('?')[0]}`,
      },
      `${OUTAGES[outage.kind].logLine} (${messageOf(outage.cause)})`,
    );
  }
}
