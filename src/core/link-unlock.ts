import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a right password keeps a password-protected link (and its options) open. */
export const UNLOCK_SECONDS = 60 * 60;

/** How long the 303 after a right password may take to come back as a GET. */
const FORM_RETURN_SECONDS = 60;

const cookieName = (shortCode: string) => `hl_p_${shortCode}`;
const formReturnName = (shortCode: string) => `hl_f_${shortCode}`;
/** Path=/<code> sends a cookie to this link and its options only. */
const attributesOf = (shortCode: string, maxAge: number, secure: boolean) =>
  [`Max-Age=${maxAge}`, `Path=/${shortCode}`, 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join('; ');

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
  const value = `${until}.${mac(link.passwordHash, link.id, until)}`;
  return `${cookieName(link.shortCode)}=${value}; ${attributesOf(link.shortCode, UNLOCK_SECONDS, secure)}`;
}

/**
 * The mark the right password's 303 sets beside the unlock: the GET it leads to is still part of
 * the form's submission, where a browser checks a redirect to another site against the form
 * page's `form-action 'self'` and blocks it. That one GET is answered with a page that sends the
 * visitor on, and clears the mark; later visits with the unlock get a plain 302.
 */
export function formReturnCookie(shortCode: string, { secure = false }: { secure?: boolean } = {}): string {
  return `${formReturnName(shortCode)}=1; ${attributesOf(shortCode, FORM_RETURN_SECONDS, secure)}`;
}

/** The Set-Cookie that clears the mark of formReturnCookie. */
export function formReturnCleared(shortCode: string, { secure = false }: { secure?: boolean } = {}): string {
  return `${formReturnName(shortCode)}=; ${attributesOf(shortCode, 0, secure)}`;
}

/** Whether this visit is the GET that the right password's 303 led to (formReturnCookie). */
export function returningFromForm(cookieHeader: string | undefined, shortCode: string): boolean {
  if (!cookieHeader) return false;
  const name = formReturnName(shortCode);
  return cookieHeader.split(';').some((pair) => pair.trim() === `${name}=1`);
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
