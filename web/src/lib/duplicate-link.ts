// "Duplicate" on the Links page: a new link with the same destination and settings and a new code,
// made through the same API any client uses (GET the link, POST a copy, PUT its choice-page options).
import { createLink, getLandingOptions, getLink, setLandingOptions } from './api.ts';
import { controlFeatures } from './link-controls.ts';
import type { LinkRecord, LinkWithConditions, Me, NewLink } from './types.ts';

export interface Duplicated {
  link: LinkRecord;
  /** Settings the copy could not take, in words for the announcement (e.g. the password, never readable). */
  notCopied: string[];
}

/**
 * The body of a copy of `link`: every setting the API lets one read back and the plan lets one send.
 * Not copied: the code (a new random one), the clicks and health (the copy's own), the password (the
 * API never shows it), and an expiry already past (the API takes only future ones).
 */
export function copyOf(link: LinkWithConditions, me: Me, now = Date.now()): { body: NewLink; notCopied: string[] } {
  const features = controlFeatures(me);
  const body: NewLink = { redirect_url: link.redirect_url, is_active: link.is_active };
  const notCopied: string[] = [];
  if (link.category) body.category_id = link.category.id;
  if (features.pro.allowed) {
    if (link.title !== null) body.title = link.title;
    if (link.expires_at !== null && Date.parse(link.expires_at) > now) body.expires_at = link.expires_at;
    else if (link.expires_at !== null) notCopied.push('the expiry (already past)');
    if (link.max_clicks !== null) body.max_clicks = link.max_clicks;
    if (link.expired_url !== null) body.expired_url = link.expired_url;
    if (link.utm !== null) body.utm = link.utm;
  }
  if (features.business.allowed) {
    if (link.domain) body.domain_id = link.domain.id;
    if (link.variants !== null) body.variants = link.variants;
    if (link.preview !== null) body.preview = link.preview;
    if (!link.localize_follows_default) body.localize = link.localize;
    if (link.open_in_app) body.open_in_app = true;
    if (link.pass_click_id) body.pass_click_id = true;
    if (link.tracking_id != null) body.tracking_id = link.tracking_id;
    if (link.conditions.length > 0) body.conditions = link.conditions;
  }
  if (link.has_password) notCopied.push('the password (set one on the new link)');
  return { body, notCopied };
}

/** Makes the copy; a choice page's options follow in a second request (they have their own endpoint). */
export async function duplicateLink(id: number, me: Me): Promise<Duplicated> {
  const original = await getLink(id);
  const { body, notCopied } = copyOf(original, me);
  const link = await createLink(body);
  if (original.type === 'choice_page' && me.features.choice_pages.allowed) {
    const { options } = await getLandingOptions(id);
    try {
      await setLandingOptions(link.id, options);
    } catch {
      notCopied.push('the choice-page options (add them on the new link)');
    }
  }
  return { link, notCopied };
}
