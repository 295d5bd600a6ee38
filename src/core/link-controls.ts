import { invalidField } from './errors.ts';
import type { LinkControls, LinkPreview } from './model.ts';
import type { Utm } from './utm.ts';
import type { Variant } from './variants.ts';

/** The link controls as a request sends them (already checked against the schema's bounds). */
export interface LinkControlInput {
  title?: string | null;
  expires_at?: string | null;
  max_clicks?: number | null;
  expired_url?: string | null;
  utm?: Utm | null;
  variants?: Variant[] | null;
  preview?: Partial<LinkPreview> | null;
  localize?: boolean | null;
  pass_click_id?: boolean;
  open_in_app?: boolean;
}

const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/**
 * What a create or a PATCH changes of the link controls: only the fields sent, normalised (an
 * expiry in UTC, a title trimmed, a UTM set or preview with nothing in it is null). The password
 * is not here: it is hashed before the unit of work starts (services/link-passwords.ts).
 * `now` is epoch milliseconds: a new expiry must lie after it.
 */
export function controlChanges(input: LinkControlInput, now: number): Partial<LinkControls> {
  const changes: Partial<LinkControls> = {};
  if (input.title !== undefined) changes.title = input.title === null ? null : input.title.trim();
  if (input.expires_at !== undefined) changes.expiresAt = futureInstant(input.expires_at, now);
  if (input.max_clicks !== undefined) changes.maxClicks = input.max_clicks;
  if (input.expired_url !== undefined) changes.expiredUrl = input.expired_url;
  if (input.utm !== undefined) changes.utm = normaliseUtm(input.utm);
  if (input.variants !== undefined)
    changes.variants = input.variants?.map(({ url, weight }) => ({ url, weight })) ?? null;
  if (input.preview !== undefined) changes.preview = normalisePreview(input.preview);
  if (input.localize !== undefined) changes.localize = input.localize;
  if (input.pass_click_id !== undefined) changes.passClickId = input.pass_click_id;
  if (input.open_in_app !== undefined) changes.openInApp = input.open_in_app;
  return changes;
}

function futureInstant(value: string | null, now: number): string | null {
  if (value === null) return null;
  const at = Date.parse(value);
  if (!Number.isFinite(at)) throw invalidField('expires_at', 'The expires at field must be a valid date-time.');
  if (at <= now) throw invalidField('expires_at', 'The expires at field must be a date in the future.');
  return new Date(at).toISOString();
}

function normaliseUtm(utm: Utm | null): Utm | null {
  if (utm === null) return null;
  const kept: Utm = {};
  for (const field of UTM_FIELDS) kept[field] = utm[field] || null;
  return UTM_FIELDS.some((field) => kept[field]) ? kept : null;
}

function normalisePreview(preview: Partial<LinkPreview> | null): LinkPreview | null {
  if (preview === null) return null;
  const kept: LinkPreview = {
    title: preview.title || null,
    description: preview.description || null,
    image: preview.image || null,
  };
  return kept.title || kept.description || kept.image ? kept : null;
}
