import { applyAffiliateTag, type TagsByProgram } from './affiliate.ts';
import type { CompiledTargeting, Visitor } from './targeting.ts';

/** What the redirect needs to know about a link, compiled once when it enters the cache. */
export interface RedirectableLink {
  id: number;
  userId: number;
  isActive: boolean;
  redirectUrl: string;
  /** The choice-page options in order; empty for a single-destination link. */
  options: readonly string[];
  targeting: CompiledTargeting | null;
}

export interface VisitRequest {
  method: 'GET' | 'HEAD';
  /** `/<code>/<n>`: the 1-based choice-page option asked for; null for `/<code>`. */
  optionNumber: number | null;
  /** Computed only when targeting needs it (it costs a GeoIP and a user-agent lookup). */
  visitor: () => Visitor;
}

/**
 * What to record: a `click` (counted, a page view or a redirect), a `pick` of a choice-page
 * option (recorded per option, never counted as a click), or nothing (HEAD).
 */
export type Record = { kind: 'click' } | { kind: 'pick'; optionIndex: number } | { kind: 'none' };

export type Decision =
  | { kind: 'not-found' }
  | { kind: 'redirect'; location: string; record: Record }
  | { kind: 'choice-page'; options: readonly string[]; record: Record };

const NONE: Record = { kind: 'none' };
const CLICK: Record = { kind: 'click' };

/**
 * Decisions §4, as a pure function: resolve -> decide here -> reply -> record elsewhere.
 * `business`: the owner is on the Business plan. When not (a downgrade keeps the data), targeting
 * and the choice page are not applied: the link is a plain redirect to its destination. The
 * caller passes no affiliate tags for such an owner.
 */
export function decideRedirect(
  link: RedirectableLink | undefined,
  request: VisitRequest,
  tags: TagsByProgram,
  business = true,
): Decision {
  if (!link || !link.isActive) return { kind: 'not-found' };
  if (!business) return plainRedirect(link, request);
  const counts = request.method === 'GET';
  if (request.optionNumber !== null) {
    const index = request.optionNumber - 1;
    const option = link.options[index];
    if (option === undefined) return { kind: 'not-found' };
    return {
      kind: 'redirect',
      location: applyAffiliateTag(option, tags),
      record: counts ? { kind: 'pick', optionIndex: index } : NONE,
    };
  }
  // Conditions are evaluated before the choice page.
  const targeted = link.targeting?.(request.visitor());
  if (targeted) return { kind: 'redirect', location: applyAffiliateTag(targeted, tags), record: counts ? CLICK : NONE };
  if (link.options.length > 0) return { kind: 'choice-page', options: link.options, record: counts ? CLICK : NONE };
  return { kind: 'redirect', location: applyAffiliateTag(link.redirectUrl, tags), record: counts ? CLICK : NONE };
}

/** A link whose owner has left the Business plan: its destination, and no option page. */
function plainRedirect(link: RedirectableLink, request: VisitRequest): Decision {
  if (request.optionNumber !== null) return { kind: 'not-found' };
  return { kind: 'redirect', location: link.redirectUrl, record: request.method === 'GET' ? CLICK : NONE };
}
