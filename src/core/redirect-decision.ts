import { applyAffiliateTag, type TagsByProgram } from './affiliate.ts';
import type { LinkPreview } from './model.ts';
import type { CompiledTargeting, Visitor } from './targeting.ts';
import { applyUtm, type Utm } from './utm.ts';
import { pickVariant, type Variant } from './variants.ts';

/** What the redirect needs to know about a link, compiled once when it enters the cache. */
export interface RedirectableLink {
  id: number;
  userId: number;
  shortCode: string;
  isActive: boolean;
  redirectUrl: string;
  /** The choice-page options in order; empty for a single-destination link. */
  options: readonly string[];
  targeting: CompiledTargeting | null;
  title: string | null;
  /** Epoch milliseconds from which the link is expired; null: never. */
  expiresAt: number | null;
  maxClicks: number | null;
  /** click_count when the link was loaded: where a click limit's count starts. */
  clickCount: number;
  expiredUrl: string | null;
  passwordHash: string | null;
  utm: Utm | null;
  variants: readonly Variant[] | null;
  preview: LinkPreview | null;
}

/** What the short host applies of a link's owner: their plan's features and affiliate tags. */
export interface Owner {
  /** Pro or Business: UTM parameters apply. */
  pro: boolean;
  /** Business: targeting, choice pages, variants, previews and affiliate tags apply. */
  business: boolean;
  tags: TagsByProgram;
}

export interface VisitRequest {
  /** HEAD is answered like GET and never recorded. */
  method: 'GET' | 'HEAD';
  /** `/<code>/<n>`: the 1-based choice-page option asked for; null for `/<code>`. */
  optionNumber: number | null;
  /** Epoch milliseconds. */
  now: number;
  /** The link's click limit is used up, as far as the edge knows without I/O. */
  clicksExhausted: boolean;
  /** The visitor gave the right password (POST), or holds the link's unlock cookie (options). */
  unlocked: boolean;
  /** The visitor's user agent is a link-preview crawler; asked only for a link with a preview. */
  previewCrawler: () => boolean;
  /** The variant the visitor's cookie holds for this link, if any; asked only for a link with variants. */
  variantCookie: () => number | undefined;
  /** In [0, 1), like Math.random: picks a new visitor's variant. */
  random: () => number;
  /** Computed only when targeting needs it (it costs a GeoIP and a user-agent lookup). */
  visitor: () => Visitor;
}

/**
 * What to record: a `click` (counted: a page view or a redirect, with the variant it was sent
 * to), a `pick` of a choice-page option (recorded per option, never counted as a click), or
 * nothing (HEAD, a password or preview page, an expired link).
 */
export type Record =
  { kind: 'click'; variantIndex: number | null } | { kind: 'pick'; optionIndex: number } | { kind: 'none' };

export type Decision =
  | { kind: 'not-found' }
  /** 302 to `location`, or the 410 page when there is none. */
  | { kind: 'expired'; location: string | null }
  | { kind: 'password' }
  | { kind: 'preview'; preview: LinkPreview; destination: string }
  /** `setVariant`: the variant a new visitor got, to keep in their cookie. */
  | { kind: 'redirect'; location: string; record: Record; setVariant?: number }
  | { kind: 'choice-page'; options: readonly string[]; record: Record };

const NOT_FOUND: Decision = { kind: 'not-found' };
const PASSWORD: Decision = { kind: 'password' };
const NONE: Record = { kind: 'none' };
const CLICK: Record = { kind: 'click', variantIndex: null };

/** Past its expiry, or its click limit used up (extensions §1 `is_expired`, at the edge). */
export function isExpiredVisit(
  link: RedirectableLink,
  request: Pick<VisitRequest, 'now' | 'clicksExhausted'>,
): boolean {
  return (link.expiresAt !== null && request.now >= link.expiresAt) || request.clicksExhausted;
}

/** An expired link's answer: its expired_url, or the 410 page. Neither tags nor UTM apply. */
export function expiredDecision(link: RedirectableLink): Decision {
  return { kind: 'expired', location: link.expiredUrl };
}

/**
 * Decisions §4 and extensions §1 as a pure function, in the order of evaluation:
 * unknown or inactive -> 404; expired -> expired_url or 410; password -> the password page;
 * link-preview crawler and a preview -> the preview page; conditions (first match wins); the
 * choice page; variants; redirect_url. Then the affiliate tag, then UTM, on wherever it sends.
 *
 * A downgrade keeps the data and decides what still applies (docs/api.md#plan-changes): the
 * restrictions (expiry, click limit, password) always do, so no downgrade reopens a closed link;
 * UTM needs Pro or Business; targeting, choice pages, variants, previews and tags need Business.
 */
export function decideRedirect(link: RedirectableLink | undefined, request: VisitRequest, owner: Owner): Decision {
  if (!link || !link.isActive) return NOT_FOUND;
  if (isExpiredVisit(link, request)) return expiredDecision(link);
  if (link.passwordHash !== null && !request.unlocked) return PASSWORD;
  const finish = (url: string) => {
    const tagged = owner.business ? applyAffiliateTag(url, owner.tags) : url;
    return owner.pro || owner.business ? applyUtm(tagged, link.utm) : tagged;
  };
  const counts = request.method === 'GET';

  if (request.optionNumber !== null) {
    const index = request.optionNumber - 1;
    const option = owner.business ? link.options[index] : undefined;
    if (option === undefined) return NOT_FOUND;
    return { kind: 'redirect', location: finish(option), record: counts ? { kind: 'pick', optionIndex: index } : NONE };
  }
  if (!owner.business) return { kind: 'redirect', location: finish(link.redirectUrl), record: counts ? CLICK : NONE };

  if (link.preview !== null && request.previewCrawler()) {
    return { kind: 'preview', preview: link.preview, destination: finish(link.redirectUrl) };
  }
  // Conditions are evaluated before the choice page, and both before variants.
  const targeted = link.targeting?.(request.visitor());
  if (targeted) return { kind: 'redirect', location: finish(targeted), record: counts ? CLICK : NONE };
  if (link.options.length > 0) return { kind: 'choice-page', options: link.options, record: counts ? CLICK : NONE };
  if (link.variants !== null) return variantRedirect(link.variants, request, counts, finish);
  return { kind: 'redirect', location: finish(link.redirectUrl), record: counts ? CLICK : NONE };
}

/** A returning visitor keeps the variant their cookie names; a new one gets a weighted pick, kept. */
function variantRedirect(
  variants: readonly Variant[],
  request: VisitRequest,
  counts: boolean,
  finish: (url: string) => string,
): Decision {
  const kept = request.variantCookie();
  const index = kept ?? pickVariant(variants, request.random);
  const record: Record = counts ? { kind: 'click', variantIndex: index } : NONE;
  const location = finish(variants[index]!.url);
  return kept === undefined
    ? { kind: 'redirect', location, record, setVariant: index }
    : { kind: 'redirect', location, record };
}
