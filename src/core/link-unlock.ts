import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a right password keeps a password-protected link (and its options) open. */
export const UNLOCK_SECONDS = 60 * 60;

const cookieName = (shortCode: string) => `hl_p_${shortCode}`;

/**
 * The password's hash is the key: only the server knows it, every instance has it, and a new
 * password (or its removal) voids every unlock given under the old one.
 */
function mac(passwordHash: string, linkId: number, until: number): string {
  return createHmac('sha256', passwordHash).update(`${linkId}.${until}`).digest('base64url');
}

/**
 * The cookie a right password sets, with the 303 that sends the browser back to the short URL:
 * that GET, and for an hour every visit of `/<code>` and its options `/<code>/<n>`, open without
 * asking again. Path=/<code> sends it to this link only; the value is `<until>.<mac>` and is
 * checked on every use (unlockedBy).
 */
export function unlockCookie(
  link: { id: number; shortCode: string; passwordHash: string },
  nowSeconds: number,
  { secure = false }: { secure?: boolean } = {},
): string {
  const until = nowSeconds + UNLOCK_SECONDS;
  const attributes = [`Max-Age=${UNLOCK_SECONDS}`, `Path=/${link.shortCode}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return [`${cookieName(link.shortCode)}=${until}.${mac(link.passwordHash, link.id, until)}`, ...attributes].join('; ');
}

/** Whether the Cookie header holds a still valid unlock of this link under its current password. */
export function unlockedBy(
  cookieHeader: string | undefined,
  link: { id: number; shortCode: string; passwordHash: string },
  nowSeconds: number,
): boolean {
  if (!cookieHeader) return false;
  const name = cookieName(link.shortCode);
  for (const pair of cookieHeader.split(';')) {
    const equalsAt = pair.indexOf('=');
    if (equalsAt === -1 || pair.slice(0, equalsAt).trim() !== name) continue;
    const [untilText, given] = pair
      .slice(equalsAt + 1)
      .trim()
      .split('.', 2);
    const until = Number(untilText);
    if (!given || !Number.isSafeInteger(until) || until <= nowSeconds) return false;
    const expected = Buffer.from(mac(link.passwordHash, link.id, until));
    const actual = Buffer.from(given);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
  return false;
}
