/** The ISO-8601 UTC form every timestamp column and API field holds. */
export function timestamp(date: Date = new Date()): string {
  return date.toISOString();
}
