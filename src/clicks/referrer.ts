/** The referring site's host name, lower case (www. kept: it is what the visitor saw), or null. */
export function referrerHost(referer: string | undefined): string | null {
  if (!referer || referer.length > 2048 || !URL.canParse(referer)) return null;
  const url = new URL(referer);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.hostname.toLowerCase() || null;
}
