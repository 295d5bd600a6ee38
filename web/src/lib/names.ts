// The statistics' codes as a person reads them, from the browser's own CLDR data (Intl.DisplayNames).

const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const languages = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** A country's English name from its ISO 3166 alpha-2 code; `XX` (not located) is "Unknown". */
export function countryName(code: string): string {
  if (code === 'XX') return 'Unknown';
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A language's English name from its primary subtag (`de` is German); `unknown` (none sent) is "Unknown". */
export function languageName(code: string): string {
  if (code === 'unknown') return 'Unknown';
  try {
    return languages.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A referring host as it is, or "Direct" for visits that sent none. */
export const referrerName = (host: string) => (host === 'direct' ? 'Direct (none)' : host);

/** A storefront as a person reads it: amazon.de stays, apple:jp is Apple (JP). */
export const storefrontName = (value: string) =>
  value.startsWith('apple:') ? `Apple (${value.slice(6).toUpperCase()})` : value;
