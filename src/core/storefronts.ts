import { applyAffiliateTag, programForHost, type TagsByProgram } from './affiliate.ts';
import storefronts from './amazon-storefronts.json' with { type: 'json' };

/**
 * Storefront localisation (docs/api.md). The map of countries to their own Amazon storefront is
 * data (amazon-storefronts.json, its sources in docs/api.md#storefront-localisation-business): a
 * country not in it has no storefront of its own, and its visitors keep the original URL.
 */
const STOREFRONT_BY_COUNTRY: ReadonlyMap<string, string> = new Map(Object.entries(storefronts));
const AMAZON_HOSTS: ReadonlySet<string> = new Set(STOREFRONT_BY_COUNTRY.values());

const ASIN = '([A-Z0-9]{10})';
// /dp/<ASIN> (often after a product slug), /gp/product/<ASIN>, /exec/obidos/ASIN/<ASIN>.
const PRODUCT_PATH = new RegExp(`^/(?:[^/]+/)?(?:dp|gp/product|exec/obidos/ASIN)/${ASIN}(?:[/?]|$)`, 'i');
const APPLE_HOSTS = new Set(['apps.apple.com', 'music.apple.com', 'books.apple.com']);
const APPLE_COUNTRY_PATH = /^\/[a-z]{2}(?=\/)/i;

/** Where a localised visit went, for the stats' `storefront` breakdown. */
export interface Localised {
  url: string;
  /** `amazon.de`, or `apple:de`. */
  storefront: string;
}

/** The Amazon storefront a hostname belongs to (`www.amazon.co.uk` -> `amazon.co.uk`), if any. */
function amazonStorefront(hostname: string): string | undefined {
  let candidate = hostname.toLowerCase();
  for (;;) {
    if (AMAZON_HOSTS.has(candidate)) return candidate;
    const dot = candidate.indexOf('.');
    if (dot === -1) return undefined;
    candidate = candidate.slice(dot + 1);
  }
}

/**
 * The destination for a visitor from `country` (ISO alpha-2, `XX` when unknown):
 * - an Amazon product or search URL goes to the same ASIN (or search) on the storefront of the
 *   visitor's country, with the owner's tag for that storefront, when the country has its own
 *   storefront and the owner has a tag for it;
 * - an Apple link (`apps|music|books.apple.com/<cc>/...`) gets the visitor's country as `<cc>`.
 * Otherwise undefined: the visitor gets the original URL, with its own program's tag as always.
 */
export function localiseDestination(url: string, country: string, tags: TagsByProgram): Localised | undefined {
  if (country.length !== 2 || country === 'XX') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const hostname = parsed.hostname.toLowerCase();
  if (APPLE_HOSTS.has(hostname)) return localiseApple(url, parsed, country);
  const from = amazonStorefront(hostname);
  const to = STOREFRONT_BY_COUNTRY.get(country);
  if (from === undefined || to === undefined || to === from) return undefined;
  const program = programForHost(to);
  if (!program || !tags.has(program.id)) return undefined;
  const path = amazonPath(parsed);
  if (path === undefined) return undefined;
  return { url: applyAffiliateTag(`https://www.${to}${path}`, tags), storefront: to };
}

/**
 * The storefront a URL is on as it is (`amazon.com`, `apple:us`), for a localising link's visit
 * that stays on the original URL: the `storefront` breakdown counts every such visit where it went.
 */
export function storefrontOf(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const hostname = parsed.hostname.toLowerCase();
  if (APPLE_HOSTS.has(hostname)) {
    const country = APPLE_COUNTRY_PATH.exec(parsed.pathname);
    return country ? `apple:${country[0].slice(1).toLowerCase()}` : undefined;
  }
  return amazonStorefront(hostname);
}

/** `/dp/<ASIN>` for a product, `/s?k=<query>` for a search; undefined for any other Amazon page. */
function amazonPath(url: URL): string | undefined {
  const product = PRODUCT_PATH.exec(url.pathname);
  if (product) return `/dp/${product[1]!.toUpperCase()}`;
  const query = url.searchParams.get('k');
  if (url.pathname.replace(/\/$/, '') === '/s' && query) return `/s?k=${encodeURIComponent(query)}`;
  return undefined;
}

function localiseApple(raw: string, url: URL, country: string): Localised | undefined {
  if (!APPLE_COUNTRY_PATH.test(url.pathname)) return undefined;
  const cc = country.toLowerCase();
  // Only the country segment changes: every other byte of the URL stays as it was.
  const pathAt = raw.indexOf('/', raw.indexOf('//') + 2);
  return { url: `${raw.slice(0, pathAt)}/${cc}${raw.slice(pathAt + 3)}`, storefront: `apple:${cc}` };
}
