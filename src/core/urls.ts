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
