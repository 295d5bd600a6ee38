/** A unique-constraint violation from either driver (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** The ISO-8601 UTC form every timestamp column holds. */
export function timestamp(date: Date = new Date()): string {
  return date.toISOString();
}
