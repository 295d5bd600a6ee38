import type { Kysely } from 'kysely';
import { DomainError } from '../core/errors.ts';
import type { Link, Principal } from '../core/model.ts';
import { assertBusiness } from '../core/plans.ts';
import { randomShortCode, validateCustomCode } from '../core/short-codes.ts';
import { validateConditions } from '../core/targeting.ts';
import type { Database } from '../storage/schema.ts';
import { deleteLink, findLink, insertLink, listLinks, updateLink, type LinkChanges, type LinkListQuery } from '../storage/links.kysely.ts';
import { assertCategoryUsable } from './categories.ts';
import type { LinkEvents } from './link-events.ts';

export interface LinkServiceDeps {
  db: Kysely<Database>;
  events: LinkEvents;
  /** Resolves a domain_id to a usable (the owner's, active) domain or throws a 422. */
  assertDomainUsable?: (userId: number, domainId: number) => Promise<void>;
}

export interface CreateLinkInput {
  redirect_url: string;
  category_id?: number | null | undefined;
  short_code?: string | undefined;
  domain_id?: number | null | undefined;
  is_active?: boolean | undefined;
  conditions?: unknown[] | undefined;
}

export interface UpdateLinkInput {
  redirect_url?: string | undefined;
  category_id?: number | null | undefined;
  domain_id?: number | null | undefined;
  is_active?: boolean | undefined;
  conditions?: unknown[] | undefined;
}

const RANDOM_CODE_ATTEMPTS = 5;

/** 404 when missing, then 403 when it belongs to someone else (decisions §2 order). */
export async function getLinkOrThrow(deps: LinkServiceDeps, principal: Principal, id: number): Promise<Link> {
  const link = await findLink(deps.db, id);
  if (!link) throw new DomainError('link-not-found', 'Link not found.');
  if (link.userId !== principal.user.id) throw new DomainError('forbidden', 'This link does not belong to you.');
  return link;
}

async function checkReferences(deps: LinkServiceDeps, principal: Principal, input: { category_id?: number | null | undefined; domain_id?: number | null | undefined; conditions?: unknown[] | undefined }): Promise<void> {
  if (input.conditions !== undefined) assertBusiness(principal.user.plan, 'Targeting conditions');
  if (input.domain_id !== undefined && input.domain_id !== null) {
    assertBusiness(principal.user.plan, 'Custom domains');
    if (!deps.assertDomainUsable) throw new DomainError('validation-failed', 'The selected domain id is invalid.', { domain_id: ['The selected domain id is invalid.'] });
    await deps.assertDomainUsable(principal.user.id, input.domain_id);
  }
  if (input.category_id !== undefined && input.category_id !== null) await assertCategoryUsable(deps.db, principal.user.id, input.category_id);
}

/** Validates and stores one link (used by create and by each bulk item). */
export async function createLink(deps: LinkServiceDeps, principal: Principal, input: CreateLinkInput): Promise<Link> {
  await checkReferences(deps, principal, input);
  const conditions = input.conditions === undefined ? [] : validateConditions(input.conditions);
  const base = {
    userId: principal.user.id,
    redirectUrl: input.redirect_url,
    isActive: input.is_active ?? true,
    categoryId: input.category_id ?? null,
    domainId: input.domain_id ?? null,
    conditions,
  };
  let link: Link;
  if (input.short_code !== undefined) {
    link = await insertLink(deps.db, { ...base, shortCode: validateCustomCode(input.short_code) });
  } else {
    link = await insertWithRandomCode(deps, base);
  }
  deps.events.emit({ kind: 'created', link });
  return link;
}

async function insertWithRandomCode(deps: LinkServiceDeps, base: Omit<Parameters<typeof insertLink>[1], 'shortCode'>): Promise<Link> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertLink(deps.db, { ...base, shortCode: randomShortCode() });
    } catch (error) {
      // A random collision is retried with a fresh code; after a few, something else is wrong.
      if (!(error instanceof DomainError && error.code === 'short-code-taken') || attempt >= RANDOM_CODE_ATTEMPTS) throw error;
    }
  }
}

export async function listUserLinks(deps: LinkServiceDeps, query: LinkListQuery): Promise<{ links: Link[]; total: number }> {
  return listLinks(deps.db, query);
}

/** Only the fields sent change. */
export async function updateUserLink(deps: LinkServiceDeps, principal: Principal, link: Link, input: UpdateLinkInput): Promise<Link> {
  await checkReferences(deps, principal, input);
  const changes: LinkChanges = {};
  if (input.redirect_url !== undefined) changes.redirectUrl = input.redirect_url;
  if (input.is_active !== undefined) changes.isActive = input.is_active;
  if (input.category_id !== undefined) changes.categoryId = input.category_id;
  if (input.domain_id !== undefined) changes.domainId = input.domain_id;
  if (input.conditions !== undefined) changes.conditions = validateConditions(input.conditions);
  const updated = await updateLink(deps.db, link.id, changes);
  deps.events.emit({ kind: 'updated', link: updated });
  return updated;
}

export async function deleteUserLink(deps: LinkServiceDeps, link: Link): Promise<void> {
  await deleteLink(deps.db, link.id);
  deps.events.emit({ kind: 'deleted', link });
}
