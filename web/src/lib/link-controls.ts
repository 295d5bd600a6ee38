// The link controls (docs/api.md "Link controls") as the forms edit them: a draft of strings (what
// the inputs hold), built from a link record, and turned back into the fields of a create or a PATCH.
import { hasApiAccess, hasBusinessAccess } from '../../../src/core/plans.ts';
import type * as Bounds from '../../../src/schemas/link.ts';
import type { FeatureState, LinkChanges, LinkRecord, Me } from './types.ts';

// The server's bounds (src/schemas/link.ts). That module would bundle TypeBox, so the values are
// repeated here; typed by the server's own constants, they stop the typecheck if the two drift.
export const MAX_TITLE_LENGTH: typeof Bounds.MAX_TITLE_LENGTH = 255;
export const MAX_CLICKS_LIMIT: typeof Bounds.MAX_CLICKS_LIMIT = 2_147_483_647;
export const MIN_LINK_PASSWORD: typeof Bounds.MIN_LINK_PASSWORD = 4;
export const MAX_LINK_PASSWORD: typeof Bounds.MAX_LINK_PASSWORD = 128;
export const MAX_UTM_LENGTH: typeof Bounds.MAX_UTM_LENGTH = 255;
export const MIN_VARIANTS: typeof Bounds.MIN_VARIANTS = 2;
export const MAX_VARIANTS: typeof Bounds.MAX_VARIANTS = 5;
export const MAX_VARIANT_WEIGHT: typeof Bounds.MAX_VARIANT_WEIGHT = 100;
export const MAX_PREVIEW_TITLE: typeof Bounds.MAX_PREVIEW_TITLE = 255;
export const MAX_PREVIEW_DESCRIPTION: typeof Bounds.MAX_PREVIEW_DESCRIPTION = 1000;

/**
 * The browser's check of a custom alias, the server's CUSTOM_CODE_PATTERN (src/core/short-codes.ts)
 * without its anchors (the attribute is always matched whole). Chrome compiles `pattern` with the `v`
 * flag, where a bare `-` in a class is a syntax error and the check silently never runs: it is escaped.
 */
export const ALIAS_PATTERN = '[A-Za-z0-9_\\-]{3,64}';

export const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];
export type UtmDraft = Record<UtmField, string>;

export interface VariantDraft {
  url: string;
  /** The input's text; a whole number 1-100 once valid. */
  weight: string;
}

/** Storefront localisation as the form's choices say it: the account's default (null), on (true) or off (false). */
export type LocalizeChoice = 'default' | 'on' | 'off';

/** The link's own choice: null when it follows the workspace's default (`localize` then shows the default's value). */
export const ownLocalize = (link: Pick<LinkRecord, 'localize' | 'localize_follows_default'>): boolean | null =>
  link.localize_follows_default ? null : link.localize;

export const localizeChoice = (value: boolean | null | undefined): LocalizeChoice =>
  value == null ? 'default' : value ? 'on' : 'off';

/** What a link's `localize` means for its visitors, given the account's default (undefined while unknown). */
export const localizes = (value: boolean | null, accountDefault: boolean | undefined): boolean =>
  value ?? accountDefault ?? false;

export interface PreviewDraft {
  title: string;
  description: string;
  image: string;
}

/** What the inputs hold; '' means "none" everywhere. */
export interface ControlsDraft {
  title: string;
  /** A `datetime-local` value in the person's own time zone, e.g. 2030-06-01T12:00; '' for no expiry. */
  expires: string;
  maxClicks: string;
  expiredUrl: string;
  /** A new password to set; '' keeps the current one (or none). */
  password: string;
  /** Remove the current password on save. */
  removePassword: boolean;
  utm: UtmDraft;
  variants: VariantDraft[];
  preview: PreviewDraft;
  localize: LocalizeChoice;
  openInApp: boolean;
  /** Each counted visit gets a click id in the destination (conversions name it). */
  passClickId: boolean;
  /** The link's chosen tracking id; '' for the program's tag. */
  trackingId: string;
}

/**
 * Who may use which controls: Pro (title, expiry, limits, UTM) and Business (password, variants, preview,
 * localisation).
 */
export interface ControlFeatures {
  pro: FeatureState;
  business: FeatureState;
}

// The server's feature list (src/dashboard/features.ts) has no entries for the link controls yet,
// so they are derived from the plan with the same rules the API applies (src/core/plans.ts).
export function controlFeatures(me: Me): ControlFeatures {
  const plan = me.user.plan;
  return {
    pro: hasApiAccess(plan)
      ? { allowed: true, reason: null }
      : { allowed: false, reason: 'Needs the Pro or Business plan.' },
    business: hasBusinessAccess(plan)
      ? { allowed: true, reason: null }
      : { allowed: false, reason: 'Needs the Business plan.' },
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value in the browser's time zone (to the minute); '' for null. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The Date a `datetime-local` value means in the browser's time zone; undefined when it is not one. */
export function fromLocalInput(value: string): Date | undefined {
  // A date-time without an offset is local time (ECMAScript's Date.parse), which is what the input means.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** The browser's time zone, e.g. Europe/Berlin. */
export function timeZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'local time';
}

/** The zone's offset at that instant, e.g. UTC+02:00 (it changes with daylight saving time). */
export function utcOffset(at: Date): string {
  const minutes = -at.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const emptyUtm = (): UtmDraft => ({ source: '', medium: '', campaign: '', term: '', content: '' });

/** The draft of a link's controls; a new link's when there is no record yet. */
export function draftFrom(link?: LinkRecord): ControlsDraft {
  const utm = emptyUtm();
  for (const field of UTM_FIELDS) utm[field] = link?.utm?.[field] ?? '';
  return {
    title: link?.title ?? '',
    expires: toLocalInput(link?.expires_at ?? null),
    maxClicks: link?.max_clicks == null ? '' : String(link.max_clicks),
    expiredUrl: link?.expired_url ?? '',
    password: '',
    removePassword: false,
    utm,
    variants: (link?.variants ?? []).map((v) => ({ url: v.url, weight: String(v.weight) })),
    preview: {
      title: link?.preview?.title ?? '',
      description: link?.preview?.description ?? '',
      image: link?.preview?.image ?? '',
    },
    localize: localizeChoice(link && ownLocalize(link)),
    openInApp: link?.open_in_app ?? false,
    passClickId: link?.pass_click_id ?? false,
    trackingId: link?.tracking_id ?? '',
  };
}

/** The `utm` object the API takes (and applyUtm), null when every field is empty. */
export function utmValue(utm: UtmDraft): NonNullable<LinkChanges['utm']> | null {
  const value: NonNullable<LinkChanges['utm']> = {};
  for (const field of UTM_FIELDS) value[field] = utm[field] === '' ? null : utm[field];
  return UTM_FIELDS.some((field) => utm[field] !== '') ? value : null;
}

/** Each variant's share of the visitors in percent (weight / sum); undefined for a weight that is not valid yet. */
export function variantShares(variants: readonly VariantDraft[]): Array<number | undefined> {
  const weights = variants.map((v) => (/^\d+$/.test(v.weight.trim()) ? Number(v.weight) : NaN));
  const total = weights.reduce((sum, w) => (w > 0 ? sum + w : sum), 0);
  return weights.map((w) => (w > 0 && total > 0 ? (w / total) * 100 : undefined));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields to send for the controls: only those that differ from `initial` (the record being
 * edited, or an empty draft for a new link) and that the plan allows, as a PATCH changes only what
 * it is sent and the API refuses a control the plan lacks even when it is null. Emptied fields
 * are sent as null, which clears them.
 */
export function controlChanges(draft: ControlsDraft, initial: ControlsDraft, features: ControlFeatures): LinkChanges {
  const body: LinkChanges = {};
  if (features.pro.allowed) {
    if (draft.title !== initial.title) body.title = draft.title.trim() === '' ? null : draft.title;
    if (draft.expires !== initial.expires) {
      // An unreadable value goes as typed, so the API's message about it shows at the field.
      body.expires_at = draft.expires === '' ? null : (fromLocalInput(draft.expires)?.toISOString() ?? draft.expires);
    }
    if (draft.maxClicks !== initial.maxClicks)
      body.max_clicks = draft.maxClicks === '' ? null : Number(draft.maxClicks);
    if (draft.expiredUrl !== initial.expiredUrl) body.expired_url = draft.expiredUrl === '' ? null : draft.expiredUrl;
    if (!same(draft.utm, initial.utm)) body.utm = utmValue(draft.utm);
  }
  if (features.business.allowed) {
    if (draft.removePassword) body.password = null;
    else if (draft.password !== '') body.password = draft.password;
    if (!same(draft.variants, initial.variants)) {
      body.variants =
        draft.variants.length === 0 ? null : draft.variants.map((v) => ({ url: v.url, weight: Number(v.weight) }));
    }
    if (!same(draft.preview, initial.preview)) {
      const { title, description, image } = draft.preview;
      body.preview =
        title || description || image
          ? { title: title || null, description: description || null, image: image || null }
          : null;
    }
    if (draft.localize !== initial.localize)
      body.localize = draft.localize === 'default' ? null : draft.localize === 'on';
    if (draft.openInApp !== initial.openInApp) body.open_in_app = draft.openInApp;
    if (draft.passClickId !== initial.passClickId) body.pass_click_id = draft.passClickId;
    if (draft.trackingId !== initial.trackingId) body.tracking_id = draft.trackingId === '' ? null : draft.trackingId;
  }
  return body;
}

const CONTROL_PATH = new RegExp(
  `^(${[
    'title',
    'expires_at',
    'max_clicks',
    'expired_url',
    'password',
    `utm(\\.(${UTM_FIELDS.join('|')}))?`,
    'variants(\\.\\d+(\\.(url|weight))?)?',
    'preview(\\.(title|description|image))?',
    'localize',
    'open_in_app',
    'tracking_id',
  ].join('|')})$`,
);

/** The paths of a 422 the controls show at their own fields (e.g. variants.1.weight, utm.source). */
export function isControlPath(path: string): boolean {
  return CONTROL_PATH.test(path);
}
