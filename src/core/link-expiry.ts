import type { LinkControls } from './model.ts';

/**
 * A link's `is_expired`: from `expires_at` on, or once `click_count` reaches `max_clicks`.
 * `now` is epoch milliseconds.
 */
export function isExpired(
  link: Pick<LinkControls, 'expiresAt' | 'maxClicks'> & { clickCount: number },
  now: number,
): boolean {
  return isPastExpiry(link.expiresAt, now) || (link.maxClicks !== null && link.clickCount >= link.maxClicks);
}

export function isPastExpiry(expiresAt: string | null, now: number): boolean {
  return expiresAt !== null && now >= Date.parse(expiresAt);
}
