/**
 * The primary subtag (ISO 639-1, lowercase) of the visitor's preferred language: the entry of
 * `Accept-Language` with the highest q-value (ties keep header order); q=0 and `*` are skipped.
 */
export function primaryLanguage(header: string | undefined): string | null {
  if (!header) return null;
  let best: { language: string; q: number } | null = null;
  for (const part of header.split(',')) {
    const [range, ...params] = part.trim().split(';');
    const primary = range?.trim().split('-')[0]?.toLowerCase();
    if (!primary || !/^[a-z]{2}$/.test(primary)) continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (match) q = Number(match[1]);
    }
    if (q > 0 && (best === null || q > best.q)) best = { language: primary, q };
  }
  return best?.language ?? null;
}
