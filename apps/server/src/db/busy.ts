import { AppError, ErrorCode } from '@meeet/core/api/errors';

/**
 * What pg says when no connection could be had in time: pg-pool when every connection stayed
 * busy for `connectionTimeoutMillis`, pg's client when a new one did not open. Neither carries
 * a code, only this text; drizzle wraps them as the cause of its own error.
 */
const NO_CONNECTION_IN_TIME = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
]);

/** How long a caller is asked to wait before trying again. */
const BUSY_RETRY_SECONDS = 2;

/** Whether the error, or one it wraps, is a database connection that could not be had in time. */
export function isDatabaseBusy(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 4; depth++) {
    if (NO_CONNECTION_IN_TIME.has(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * An overloaded process (or an unreachable database) is a temporary outage, not a bug: the
 * caller gets 503 with a Retry-After, never 500.
 */
export function busyError(): AppError {
  return new AppError(ErrorCode.SERVICE_UNAVAILABLE, {
    messageKey: 'server.busy',
    retryAfterSeconds: BUSY_RETRY_SECONDS,
  });
}
