export const MAX_URL_LENGTH = 2048;

/** A destination is an absolute http or https URL of at most 2048 characters. */
export function isHttpUrl(value: string): boolean {
  if (value.length === 0 || value.length > MAX_URL_LENGTH) return false;
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
}

/** An absolute https URL of at most 2048 characters (a preview image: cards are shown on https pages). */
export function isHttpsUrl(value: string): boolean {
  return isHttpUrl(value) && new URL(value).protocol === 'https:';
}

/** `localhost:8080/x` names a host and port, not a scheme. */
const HOST_AND_PORT = /^[^:/]+:\d+(?:[/?#]|$)/;

/**
 * A destination as people type it: `example.com/x` is `https://example.com/x`. A value that already
 * names a scheme (`ftp://`, `mailto:`) is left for the API to judge.
 */
export function withDefaultScheme(value: string): string {
  const trimmed = value.trim();
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !HOST_AND_PORT.test(trimmed);
  if (trimmed === '' || hasScheme) return trimmed;
  if (trimmed.startsWith('//')) return `https:${trimmed}`;
  return `https://${trimmed}`;
}
