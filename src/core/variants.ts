/** One arm of a link's A/B split (its `variants`: 2-5 of them, integer weights 1-100). */
export interface Variant {
  url: string;
  weight: number;
}

/**
 * The index of the variant a new visitor gets: variant i with probability weight_i / sum(weights).
 * `random` returns a number in [0, 1), like Math.random; tests pass a seeded one.
 */
export function pickVariant(variants: readonly Variant[], random: () => number): number {
  const total = variants.reduce((sum, variant) => sum + variant.weight, 0);
  if (!(total > 0)) throw new RangeError('pickVariant needs at least one variant with a positive weight');
  const point = random() * total;
  let reached = 0;
  for (const [index, variant] of variants.entries()) {
    reached += variant.weight;
    if (point < reached) return index;
  }
  // Only floating-point rounding lands here (point is below total): the last weighted variant.
  return variants.findLastIndex((variant) => variant.weight > 0);
}

const SHORT_CODE = /^[A-Za-z0-9_-]+$/;
const THIRTY_DAYS_IN_SECONDS = 30 * 24 * 60 * 60;

/** The cookie remembering a visitor's variant of one link; short codes are safe in a cookie name. */
export function variantCookieName(shortCode: string): string {
  // A guard, not validation: a code with `;`, `=` or a space would let a value reach the header.
  if (!SHORT_CODE.test(shortCode)) throw new RangeError(`not a short code: ${JSON.stringify(shortCode)}`);
  return `hl_v_${shortCode}`;
}

/**
 * The variant index stored for this link in a Cookie request header, or undefined when there is
 * none or it is not a variant of the link now (tampered, or the link has fewer variants since).
 * Only a canonical decimal integer in [0, count) is believed. When the name appears more than once
 * the first wins: browsers send the cookie with the most specific path first.
 */
export function readVariantCookie(
  cookieHeader: string | undefined,
  shortCode: string,
  count: number,
): number | undefined {
  if (!cookieHeader) return undefined;
  const name = variantCookieName(shortCode);
  for (const pair of cookieHeader.split(';')) {
    const equalsAt = pair.indexOf('=');
    if (equalsAt === -1 || pair.slice(0, equalsAt).trim() !== name) continue;
    const value = pair.slice(equalsAt + 1).trim();
    if (!/^(?:0|[1-9][0-9]{0,2})$/.test(value)) return undefined;
    const index = Number(value);
    return index < count ? index : undefined;
  }
  return undefined;
}

/**
 * The Set-Cookie value that keeps a visitor on variant `index` for 30 days (docs/api.md, "A/B variants").
 * Path=/<code> sends it only to this link: `/<code>` and its choice-page paths `/<code>/<n>`, not
 * `/<code>x` (cookie paths match whole segments). HttpOnly: no script needs it. SameSite=Lax: a
 * short link is opened from other sites, and Lax still sends it on those top-level navigations.
 * `secure` adds Secure, for a short host served over https (the edge knows, the core does not).
 */
export function variantCookie(shortCode: string, index: number, { secure = false }: { secure?: boolean } = {}): string {
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`not a variant index: ${index}`);
  const attributes = [`Max-Age=${THIRTY_DAYS_IN_SECONDS}`, `Path=/${shortCode}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return [`${variantCookieName(shortCode)}=${index}`, ...attributes].join('; ');
}
