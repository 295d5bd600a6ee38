import type { Link } from '../core/model.ts';
import { clearLandingOptions, listLandingOptions, replaceLandingOptions } from '../storage/landing-options.kysely.ts';
import { findLink } from '../storage/links.kysely.ts';
import type { LinkServiceDeps } from './links.ts';

export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 8;

export function getLandingOptions(deps: LinkServiceDeps, link: Link): Promise<string[]> {
  return listLandingOptions(deps.db, link.id);
}

/** single -> choice page, or choice page -> choice page with the full set replaced. */
export async function setLandingOptions(deps: LinkServiceDeps, link: Link, urls: readonly string[]): Promise<string[]> {
  await replaceLandingOptions(deps.db, link.id, urls);
  deps.events.emit({ kind: 'updated', link: (await findLink(deps.db, link.id))! });
  return [...urls];
}

/** choice page -> single-destination link. */
export async function removeLandingOptions(deps: LinkServiceDeps, link: Link): Promise<void> {
  await clearLandingOptions(deps.db, link.id);
  deps.events.emit({ kind: 'updated', link: (await findLink(deps.db, link.id))! });
}
