// The audit log page's filters, kept in the hash route's query (#/w/acme/audit-log?action=link.updated
// &from=2026-05-01) so reload, Back and a shared address show the same entries, and its words for an
// entry's actor. Days are the person's own: `from` is the start of that day where they are, `to` its end.
import type { AuditEntry, AuditQuery } from './types.ts';

export interface AuditFilters {
  action: string;
  resourceType: string;
  /** A member's user id, or '' for anyone. */
  actor: string;
  /** YYYY-MM-DD, or ''. */
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { action: '', resourceType: '', actor: '', from: '', to: '' };

/** The actions the server writes (src/services), offered as suggestions; any other can be typed. */
export const AUDIT_ACTIONS = [
  'link.created',
  'link.updated',
  'link.deleted',
  'member.invited',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'invitation.revoked',
  'workspace.updated',
  'workspace.settings_changed',
  'workspace.ownership_transferred',
  'workspace.plan_changed',
  'workspace.qr_logo_set',
  'workspace.qr_logo_removed',
  'token.created',
  'token.revoked',
  'domain.created',
  'domain.deleted',
  'affiliate_tag.created',
  'affiliate_tag.updated',
  'affiliate_tag.deleted',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
];

export const RESOURCE_TYPES = [
  'link',
  'member',
  'invitation',
  'workspace',
  'token',
  'domain',
  'affiliate_tag',
  'webhook',
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
// The API's bounds (src/schemas/workspace.ts AuditQuery): longer values are not asked for.
const bounded = (value: string | null, max: number) => (value && value.length <= max ? value : '');

/** The filters in an address's query; anything malformed is left out. */
export function parseAuditFilters(query: URLSearchParams): AuditFilters {
  const day = (key: string) => (DAY.test(query.get(key) ?? '') ? query.get(key)! : '');
  return {
    action: bounded(query.get('action'), 40),
    resourceType: bounded(query.get('resource_type'), 20),
    actor: /^[1-9]\d{0,14}$/.test(query.get('actor') ?? '') ? query.get('actor')! : '',
    from: day('from'),
    to: day('to'),
  };
}

/** The address's query for the filters: only those set. */
export function auditFiltersQuery(filters: AuditFilters): URLSearchParams {
  const query = new URLSearchParams();
  const set = (key: string, value: string) => value && query.set(key, value);
  set('action', filters.action.trim());
  set('resource_type', filters.resourceType);
  set('actor', filters.actor);
  set('from', filters.from);
  set('to', filters.to);
  return query;
}

/** The start of a day in the browser's time zone, as the API's date-time. */
const startOf = (day: string) => new Date(`${day}T00:00:00`);

/** The API's query for the filters: days become the instants that bound them where the person is. */
export function auditApiQuery(filters: AuditFilters): AuditQuery {
  const end = filters.to ? startOf(filters.to) : undefined;
  end?.setDate(end.getDate() + 1);
  return {
    action: filters.action.trim() || undefined,
    resource_type: filters.resourceType || undefined,
    actor: filters.actor ? Number(filters.actor) : undefined,
    from: filters.from ? startOf(filters.from).toISOString() : undefined,
    to: end?.toISOString(),
  };
}

/** Who made a change: a person's email, with the token they used; "operator" for the CLI. */
export function actorText(actor: AuditEntry['actor']): string {
  const token = actor.token_id === null ? '' : `token #${actor.token_id}`;
  if (actor.email) return token ? `${actor.email} (${token})` : actor.email;
  if (token) return token;
  return actor.user_id === null ? 'operator' : `user #${actor.user_id}`;
}
