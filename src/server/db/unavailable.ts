/**
 * Whether an error means the database is away or cannot take writes, rather than a bug: the
 * request is answered 503 with Retry-After (the client tries again, with its Idempotency-Key for
 * money), not 500, and the process carries on and reconnects by itself.
 *
 * PostgreSQL: the connection classes 08 (connection exception) and 57P (operator intervention:
 * an administrator's pg_terminate_backend, a restart, a crash, "cannot connect now" while it
 * starts), too many connections (53300), and the driver's own words when the socket dies or a
 * connection cannot be had in time. SQLite: the disk is full, the file is read-only, or an I/O error.
 */
const pgCodes = /^(08...|57P0[1-4]|53300)$/;
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const driverWords = [/connection terminated/i, /timeout exceeded when trying to connect/i, /is not queryable/i, /terminating connection/i, /the database system is (starting up|shutting down|in recovery mode)/i];
/** SQLite's primary result codes (the low byte of an extended one): READONLY, IOERR, FULL. */
const sqliteCodes = new Set([8, 10, 13]);

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const { code, errcode } = error as Error & { code?: unknown; errcode?: unknown };
  if (typeof code === 'string' && (pgCodes.test(code) || socketCodes.has(code))) return true;
  if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' && sqliteCodes.has(errcode & 0xff)) return true;
  if (driverWords.some((words) => words.test(error.message))) return true;
  // An AggregateError (several addresses refused) or a wrapped cause.
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/** Seconds a client is asked to wait before trying again while the database is away. */
export const databaseRetryAfterSeconds = 5;
