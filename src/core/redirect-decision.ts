import { applyAffiliateTag, type TagsByProgram } from './affiliate.ts';
import type { LinkPreview } from './model.ts';
import { localiseDestination, storefrontOf } from './storefronts.ts';
import { tagsForLink, type TrackingIdsByProgram } from './tracking-ids.ts';
import type { CompiledTargeting, Visitor } from './targeting.ts';
import { applyUtm, type Utm } from './utm.ts';
import { pickVariant, type Variant } from './variants.ts';

/** What the redirect needs to know about a link, compiled once when it enters the cache. */
export interface RedirectableLink {
  id: number;
  workspaceId: number;
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
  /** Send Amazon and Apple destinations to the visitor's own storefront; null: the owner's default. */
  localize: boolean | null;
  /** Each counted visit gets a click id in the destination (edge/click-id.ts; Business). */
  passClickId?: boolean;
  /** Phone visitors get the page that opens the destination's app (the edge decides; absent: off). */
  openInApp?: boolean;
  /** The tracking id injected instead of its program's tag (src/core/tracking-ids.ts); absent: none. */
  trackingId?: string | null;
}

/** What the short host applies of a link's owner: their plan's features and affiliate tags. */
export interface Owner {
  /** Pro or Business: UTM parameters apply. */
  pro: boolean;
  /** Business: targeting, choice pages, variants, previews and affiliate tags apply. */
  business: boolean;
  tags: TagsByProgram;
  /** The tag records' extra tracking ids, which a link may choose; absent: none. */
  trackingIds?: TrackingIdsByProgram;
  /** The account's storefront localisation default, for links that do not say. */
  localizeByDefault: boolean;
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
  /** The visitor holds the unlock cookie the link's right password set (src/core/link-unlock.ts). */
  unlocked: boolean;
  /** The visitor's user agent is a link-preview crawler; asked only for a link with a preview. */
  previewCrawler: () => boolean;
  /** The variant the visitor's cookie holds for this link, if any; asked only for a link with variants. */
  variantCookie: () => number | undefined;
  /** In [0, 1), like Math.random: picks a new visitor's variant. */
  random: () => number;
  /** Computed only when targeting or localisation needs it (a GeoIP and a user-agent lookup); once. */
  visitor: () => Visitor;
}

/**
 * What to record: a `click` (counted: a page view or a redirect, with the variant it was sent
 * to), a `pick` of a choice-page option (recorded per option, never counted as a click), or
 * nothing (HEAD, a password or preview page, an expired link).
 */
export type Record =
  | { kind: 'click'; variantIndex: number | null; storefront?: string }
  | { kind: 'pick'; optionIndex: number }
  | { kind: 'none' };

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

/** Past its expiry, or its click limit used up (the record's `is_expired`, decided at the edge). */
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
 * The short host's answer as a pure function, in the order of evaluation (docs/api.md):
 * unknown or inactive -> 404; expired -> expired_url or 410; password -> the password page;
 * link-preview crawler and a preview -> the preview page; conditions (first match wins); the
 * choice page; variants; redirect_url. Then the visitor's own storefront (a link with `localize`)
 * or the affiliate tag, then UTM, on wherever it sends.
 *
 * A downgrade keeps the data and decides what still applies (docs/api.md#plan-changes): the
 * restrictions (expiry, click limit, password) always do, so no downgrade reopens a closed link;
 * UTM needs Pro or Business; targeting, choice pages, variants, previews, tags and storefront
 * localisation need Business.
 */
export function decideRedirect(link: RedirectableLink | undefined, request: VisitRequest, owner: Owner): Decision {
  if (!link?.isActive) return NOT_FOUND;
  if (isExpiredVisit(link, request)) return expiredDecision(link);
  if (link.passwordHash !== null && !request.unlocked) return PASSWORD;
  const counts = request.method === 'GET';
  const tags = tagsForLink(owner.tags, owner.trackingIds, link.trackingId);
  // The visitor's own storefront (with its tag), or the owner's tag on the URL as it is; then UTM.
  const finish = (url: string, variantIndex: number | null = null): Destination => {
    const localising = owner.business && (link.localize ?? owner.localizeByDefault);
    const local = localising ? localiseDestination(url, request.visitor().country, tags) : undefined;
    const tagged = local?.url ?? (owner.business ? applyAffiliateTag(url, tags) : url);
    const location = owner.pro || owner.business ? applyUtm(tagged, link.utm) : tagged;
    if (!counts) return { location, record: NONE };
    // A localising link's visit counts where it went, the original storefront included.
    const storefront = local?.storefront ?? (localising ? storefrontOf(url) : undefined);
    if (storefront === undefined && variantIndex === null) return { location, record: CLICK };
    return { location, record: { kind: 'click', variantIndex, ...(storefront && { storefront }) } };
  };

  if (request.optionNumber !== null) {
    const index = request.optionNumber - 1;
    const option = owner.business ? link.options[index] : undefined;
    if (option === undefined) return NOT_FOUND;
    const { location } = finish(option);
    return { kind: 'redirect', location, record: counts ? { kind: 'pick', optionIndex: index } : NONE };
  }
  if (!owner.business) return { kind: 'redirect', ...finish(link.redirectUrl) };

  if (link.preview !== null && request.previewCrawler()) {
    return { kind: 'preview', preview: link.preview, destination: finish(link.redirectUrl).location };
  }
  // Conditions are evaluated before the choice page, and both before variants.
  const targeted = link.targeting?.(request.visitor());
  if (targeted) return { kind: 'redirect', ...finish(targeted) };
  if (link.options.length > 0) return { kind: 'choice-page', options: link.options, record: counts ? CLICK : NONE };
  if (link.variants !== null) return variantRedirect(link.variants, request, finish);
  return { kind: 'redirect', ...finish(link.redirectUrl) };
}

/** Where a visit goes, and what to record of it. */
interface Destination {
  location: string;
  record: Record;
}

/** A returning visitor keeps the variant their cookie names; a new one gets a weighted pick, kept. */
function variantRedirect(
  variants: readonly Variant[],
  request: VisitRequest,
  finish: (url: string, variantIndex: number) => Destination,
): Decision {
  const kept = request.variantCookie();
  const index = kept ?? pickVariant(variants, request.random);
  const destination = finish(variants[index]!.url, index);
  return kept === undefined
    ? { kind: 'redirect', ...destination, setVariant: index }
    : { kind: 'redirect', ...destination };
}
