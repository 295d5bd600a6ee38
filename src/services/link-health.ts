import { randomUUID } from 'node:crypto';
import { turnedBroken, type LinkHealth } from '../core/link-health.ts';
import type { Link } from '../core/model.ts';
import type { TagsByProgram } from '../core/affiliate.ts';
import type { Stores } from '../storage/stores.ts';
import type { Work } from './unit-of-work.ts';

/** A link taken by one checker: what to fetch, and the lease token that lets it record the result. */
export interface HealthCheckTarget {
  link: Link;
  /** Landing options (choice pages), in order. */
  options: string[];
  /** The owner's affiliate tags, to know which tag the first request carries. */
  tags: TagsByProgram;
  lease: string;
}

async function targetOf(stores: Stores, id: number, lease: string): Promise<HealthCheckTarget | undefined> {
  const link = await stores.links.find(id);
  if (!link) return undefined;
  const options = link.type === 'choice_page' ? await stores.landingOptions.list(id) : [];
  const owner = await stores.redirect.owner(link.workspaceId);
  return { link, options, tags: owner?.tags ?? new Map(), lease };
}

/** Takes one link under a new lease, due or not; undefined when another checker holds it. */
export async function claimCheck(
  work: Work,
  linkId: number,
  now: Date,
  leaseMs: number,
  /** A background pass's claim: only while the check is still due. */
  onlyIfDue = false,
): Promise<HealthCheckTarget | undefined> {
  const lease = randomUUID();
  if (!(await work.stores.linkHealth.claim(linkId, now, leaseMs, lease, onlyIfDue))) return undefined;
  return targetOf(work.stores, linkId, lease);
}

/**
 * Records a finished check if the lease still holds, and tells of a link that has just turned
 * broken (`link.broken` goes out once per turn, after the commit, not on every failing check).
 */
export async function recordCheck(
  work: Work,
  target: HealthCheckTarget,
  health: LinkHealth,
  nextDueAt: Date | null,
): Promise<boolean> {
  const previous = await work.stores.linkHealth.record(target.link.id, target.lease, health, nextDueAt);
  if (previous === undefined) return false;
  if (turnedBroken(previous, health.status)) {
    const link = await work.stores.links.find(target.link.id);
    if (link) work.emit({ kind: 'link-broken', link });
  }
  return true;
}
