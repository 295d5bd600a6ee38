import { invalidField } from '../core/errors.ts';
import type { Principal } from '../core/model.ts';
import type { Stores } from '../storage/stores.ts';
import { getLinkOrThrow } from './links.ts';
import type { Work } from './unit-of-work.ts';
import { assertMay } from '../core/roles.ts';

export async function getLandingOptions(stores: Stores, principal: Principal, linkId: number): Promise<string[]> {
  const link = await getLinkOrThrow(stores, principal, linkId);
  return stores.landingOptions.list(link.id);
}

/** single -> choice page, or choice page -> choice page with the full set replaced. */
export async function setLandingOptions(
  work: Work,
  principal: Principal,
  linkId: number,
  urls: readonly string[],
): Promise<string[]> {
  const link = await getLinkOrThrow(work.stores, principal, linkId);
  assertMay(principal.role, 'links.write');
  // Variants and choice-page options exclude each other; the one sent second is refused (docs/api.md,
  // "Link controls").
  if (link.variants !== null) {
    throw invalidField(
      'options',
      'A link with A/B variants cannot have choice-page options: remove the variants first.',
    );
  }
  await work.stores.landingOptions.replace(link.id, urls);
  work.emit({ kind: 'updated', link: (await work.stores.links.find(link.id))! });
  return [...urls];
}

/** choice page -> single-destination link. */
export async function removeLandingOptions(work: Work, principal: Principal, linkId: number): Promise<void> {
  const link = await getLinkOrThrow(work.stores, principal, linkId);
  assertMay(principal.role, 'links.write');
  await work.stores.landingOptions.clear(link.id);
  work.emit({ kind: 'updated', link: (await work.stores.links.find(link.id))! });
}
