import { AppError, invalidField } from '../core/errors.ts';
import { controlChanges } from '../core/link-controls.ts';
import type { Link, Principal } from '../core/model.ts';
import { assertBusiness, assertPro } from '../core/plans.ts';
import { randomShortCode, validateCustomCode } from '../core/short-codes.ts';
import { normalizeConditions } from '../core/targeting.ts';
import type { CreateLinkInput, UpdateLinkInput } from '../schemas/link.ts';
import type { LinkChanges, LinkListQuery, NewLink } from '../storage/links.kysely.ts';
import type { Stores } from '../storage/stores.ts';
import type { WithPasswordHash } from './link-passwords.ts';
import { ownedOrThrow } from './ownership.ts';
import { assertCategoryUsable, assertDomainUsable } from './references.ts';
import { trackingIdChange } from './tracking-ids.ts';
import type { Work } from './unit-of-work.ts';
import { assertMay } from '../core/roles.ts';
import { audit, fieldNames } from './audit.ts';
import { changeLinkTags, type TagChange } from './tags.ts';

const RANDOM_CODE_ATTEMPTS = 5;

export async function getLinkOrThrow(stores: Stores, principal: Principal, id: number): Promise<Link> {
  return ownedOrThrow(await stores.links.find(id), principal, 'link');
}

/** What POST /links and each bulk item carry, the password already hashed (link-passwords.ts). */
export type NewLinkInput = WithPasswordHash<CreateLinkInput>;
export type LinkUpdateInput = WithPasswordHash<UpdateLinkInput>;

type References = Omit<NewLinkInput, 'redirect_url'>;

// Who may send each field of a link (docs/api.md, "Link controls" and "Order of checks").
const PRO_FIELDS = [
  ['title', 'Link titles'],
  ['expires_at', 'Link expiry'],
  ['max_clicks', 'Click limits'],
  ['expired_url', 'Expired-link destinations'],
  ['utm', 'UTM parameters'],
  ['tags', 'Tags'],
] as const;
const BUSINESS_FIELDS = [
  ['password', 'Password protection'],
  ['variants', 'A/B variants'],
  ['preview', 'Social previews'],
  ['localize', 'Storefront localisation'],
  ['pass_click_id', 'Click ids'],
  ['open_in_app', 'Open in app'],
  ['tracking_id', 'Tracking ids'],
  ['conditions', 'Targeting conditions'],
  // Any value, null too: a Business-only field from a Pro token is 403 whatever it says.
  ['domain_id', 'Custom domains'],
] as const;

/**
 * 403 for a field the plan lacks, checked on the body as sent: routes call it before the body is
 * validated, so a plan's 403 comes before a 422 (docs/api.md, "Order of checks").
 */
export function assertLinkFieldPlans(principal: Principal, body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const fields = body as Record<string, unknown>;
  const { plan } = principal.workspace;
  for (const [field, feature] of PRO_FIELDS) if (fields[field] !== undefined) assertPro(plan, feature);
  for (const [field, feature] of BUSINESS_FIELDS) if (fields[field] !== undefined) assertBusiness(plan, feature);
}

/** Plan-gated fields (403), then the references they name (422). */
async function checkReferences(stores: Stores, principal: Principal, input: References): Promise<void> {
  assertLinkFieldPlans(principal, { ...input, password: input.passwordHash });
  if (input.domain_id !== undefined && input.domain_id !== null) {
    await assertDomainUsable(stores, principal.workspace.id, input.domain_id);
  }
  if (input.category_id !== undefined && input.category_id !== null) {
    await assertCategoryUsable(stores, principal.workspace.id, input.category_id);
  }
}

/** Validates and stores one link (POST /links, and each bulk item). */
export async function createLink(work: Work, principal: Principal, input: NewLinkInput): Promise<Link> {
  assertMay(principal.role, 'links.write');
  await checkReferences(work.stores, principal, input);
  const base: Omit<NewLink, 'shortCode'> = {
    ...controlChanges(input, Date.now()),
    passwordHash: input.passwordHash ?? null,
    workspaceId: principal.workspace.id,
    redirectUrl: input.redirect_url,
    isActive: input.is_active ?? true,
    categoryId: input.category_id ?? null,
    domainId: input.domain_id ?? null,
    conditions: input.conditions === undefined ? [] : normalizeConditions(input.conditions),
  };
  if (input.tracking_id !== undefined) {
    base.trackingId = await trackingIdChange(work.stores, principal.workspace.id, {
      sent: input.tracking_id,
      destination: input.redirect_url,
      destinationChanged: false,
      current: null,
    });
  }
  const link =
    input.short_code === undefined
      ? await insertWithRandomCode(work.stores, base)
      : await work.stores.links.insert({ ...base, shortCode: validateCustomCode(input.short_code) });
  const created = input.tags?.length ? await withTags(work, principal, link, { set: input.tags }) : link;
  await audit(work, principal, { action: 'link.created', resourceType: 'link', resourceId: link.id });
  work.emit({ kind: 'created', link: created });
  return created;
}

/** The link after `change` to its tags, read back with them. */
async function withTags(work: Work, principal: Principal, link: Link, change: TagChange): Promise<Link> {
  await changeLinkTags(work, principal, link, change);
  return { ...link, tags: (await work.stores.tags.ofLinks([link.id])).get(link.id) ?? [] };
}

async function insertWithRandomCode(stores: Stores, base: Omit<NewLink, 'shortCode'>): Promise<Link> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await stores.links.insert({ ...base, shortCode: randomShortCode() });
    } catch (error) {
      // A random collision is retried with a fresh code; after a few, something else is wrong.
      const collided = error instanceof AppError && error.code === 'short-code-taken';
      if (!collided || attempt >= RANDOM_CODE_ATTEMPTS) throw error;
    }
  }
}

/** What GET /links asks for; the owner comes from the principal. */
export type LinkListRequest = Omit<LinkListQuery, 'workspaceId'>;

export function listUserLinks(stores: Stores, principal: Principal, request: LinkListRequest) {
  return stores.links.list({ ...request, workspaceId: principal.workspace.id });
}

/** Only the fields sent change; `tagChange` adds and removes tags (bulk update) where `tags` replaces them. */
export async function updateUserLink(
  work: Work,
  principal: Principal,
  id: number,
  input: LinkUpdateInput,
  tagChange?: TagChange,
): Promise<Link> {
  const link = await getLinkOrThrow(work.stores, principal, id);
  assertMay(principal.role, 'links.write');
  await checkReferences(work.stores, principal, tagChange ? { ...input, tags: [] } : input);
  // Variants and choice-page options exclude each other (docs/api.md); the one sent second is refused.
  if (input.variants && link.type === 'choice_page') {
    throw invalidField('variants', 'A link with choice-page options cannot have variants: remove the options first.');
  }
  const changes: LinkChanges = controlChanges(input, Date.now());
  if (input.passwordHash !== undefined) changes.passwordHash = input.passwordHash;
  if (input.redirect_url !== undefined) changes.redirectUrl = input.redirect_url;
  if (input.is_active !== undefined) changes.isActive = input.is_active;
  if (input.category_id !== undefined) changes.categoryId = input.category_id;
  if (input.domain_id !== undefined) changes.domainId = input.domain_id;
  if (input.conditions !== undefined) changes.conditions = normalizeConditions(input.conditions);
  const tags = tagChange ?? (input.tags === undefined ? undefined : { set: input.tags });
  if (tags) await changeLinkTags(work, principal, link, tags);
  const trackingId = await trackingIdChange(work.stores, principal.workspace.id, {
    sent: input.tracking_id,
    destination: input.redirect_url ?? link.redirectUrl,
    destinationChanged: input.redirect_url !== undefined && input.redirect_url !== link.redirectUrl,
    current: link.trackingId,
  });
  if (trackingId !== undefined) changes.trackingId = trackingId;
  const updated = await work.stores.links.update(link.id, changes);
  const fields = fieldNames(tagChange ? { ...input, tags } : input).map((name) =>
    name === 'passwordHash' ? 'password' : name,
  );
  await audit(work, principal, { action: 'link.updated', resourceType: 'link', resourceId: link.id, fields });
  work.emit({ kind: 'updated', link: updated });
  return updated;
}

export async function deleteUserLink(work: Work, principal: Principal, id: number): Promise<void> {
  const link = await getLinkOrThrow(work.stores, principal, id);
  assertMay(principal.role, 'links.write');
  await work.stores.stats.forgetLinkClicks(link.id);
  await work.stores.conversions.forgetLink(link.id);
  await work.stores.links.delete(link.id);
  await audit(work, principal, { action: 'link.deleted', resourceType: 'link', resourceId: link.id });
  work.emit({ kind: 'deleted', link });
}
