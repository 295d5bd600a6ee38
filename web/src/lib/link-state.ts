import type { LinkRecord } from './types.ts';

export type LinkState = 'Active' | 'Off' | 'Expired';

/**
 * A link's state in one word, as its page's badge and Settings say it: Off when turned off (whether or not
 * it has also expired: turning it on is what would change), else Expired past its expiry or click limit,
 * else Active. Never two of them at once.
 */
export function linkState(link: Pick<LinkRecord, 'is_active' | 'is_expired'>): LinkState {
  if (!link.is_active) return 'Off';
  return link.is_expired ? 'Expired' : 'Active';
}
