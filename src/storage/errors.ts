/** A unique-constraint violation from either driver (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
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
