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

// The click writer's vocabularies (src/clicks/user-agent.ts) as their makers spell them; `other` outside them.
const BROWSERS: Record<string, string> = {
  chrome: 'Chrome',
  safari: 'Safari',
  firefox: 'Firefox',
  edge: 'Edge',
  opera: 'Opera',
  samsung: 'Samsung Internet',
};
const SYSTEMS: Record<string, string> = {
  ios: 'iOS',
  android: 'Android',
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
};
const DEVICES: Record<string, string> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet' };

/** A word the vocabulary does not know, capitalised: `other` is "Other". */
const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export const browserName = (value: string) => BROWSERS[value] ?? capitalised(value);
export const osName = (value: string) => SYSTEMS[value] ?? capitalised(value);
export const deviceName = (value: string) => DEVICES[value] ?? capitalised(value);

/** How a statistics dimension's value reads, by dimension: a country's name for its code, "macOS" for macos. */
export function valueName(dimension: string, value: string): string {
  switch (dimension) {
    case 'country':
      return countryName(value);
    case 'language':
      return languageName(value);
    case 'referrer':
      return referrerName(value);
    case 'device':
      return deviceName(value);
    case 'browser':
      return browserName(value);
    case 'os':
      return osName(value);
    case 'storefront':
      return storefrontName(value);
    default:
      // UTM values are the visitor's own words, shown as they came.
      return value;
  }
}
