import { isChangedResultType } from './postgres-statements.ts';

/** A unique-constraint violation from either driver (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  // A named statement whose result columns changed under it (another instance's migration): the
  // client has named it anew, so the next try succeeds (postgres-statements.ts).
  if (isChangedResultType(error)) return true;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/**
 * A store function that writes more than once relies on its caller's transaction (it never opens
 * one itself: on SQLite's single connection that would wait forever on the caller's).
 */
export function requireTransaction(db: { readonly isTransaction: boolean }, name: string): void {
  if (!db.isTransaction)
    throw new Error(`${name} writes several rows: call it inside transact(), on the stores it gives`);
}

// Errors that say the database cannot be reached right now, as opposed to a bad query: pg's
// network and server-shutdown errors, a pool that could not connect in time, SQLite busy past
// its timeout or unable to read its file.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000', // connection_exception
  '08001',
  '08003',
  '08006',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
]);
const UNAVAILABLE_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|connection timeout|query read timeout/i;

/** True when the error means "the database is unreachable now", so the caller may try again later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  // A named statement whose result columns changed under it (another instance's migration): the
  // client has named it anew, so the next try succeeds (postgres-statements.ts).
  if (isChangedResultType(error)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('SQLITE_IOERR'))) return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
}
