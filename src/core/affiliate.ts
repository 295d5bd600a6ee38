import catalog from './affiliate-programs.json' with { type: 'json' };
import { invalidField } from './errors.ts';

export interface AffiliateProgram {
  id: number;
  name: string;
  hostnames: string[];
  param: string;
  tag_pattern: string;
  /** Where the program takes a sub-id of the publisher's own (a click id: src/core/click-ids.ts). */
  subid_param?: string;
}

/** The catalog is data (affiliate-programs.json); ids are stable and never reused. */
export const affiliatePrograms: readonly AffiliateProgram[] = catalog;

const byId = new Map(affiliatePrograms.map((program) => [program.id, program]));
const byHostname = new Map(
  affiliatePrograms.flatMap((program) => program.hostnames.map((host) => [host, program] as const)),
);
const patterns = new Map(affiliatePrograms.map((program) => [program.id, new RegExp(program.tag_pattern)]));

export function findProgram(id: number): AffiliateProgram | undefined {
  return byId.get(id);
}

export function validateTag(program: AffiliateProgram, tag: string): void {
  if (!patterns.get(program.id)!.test(tag)) throw invalidField('tag', `The tag format is invalid for ${program.name}.`);
}

/** How many tracking ids one tag record may carry besides its tag. */
export const MAX_TRACKING_IDS = 20;

/**
 * A tag record's tracking ids (docs/api.md, "Tracking ids"): each in the program's tag format,
 * none twice, none the record's own tag. Returns them as given.
 */
export function validateTrackingIds(program: AffiliateProgram, tag: string, ids: readonly string[]): string[] {
  if (ids.length > MAX_TRACKING_IDS) {
    throw invalidField('tracking_ids', `At most ${MAX_TRACKING_IDS} tracking ids per tag.`);
  }
  const pattern = patterns.get(program.id)!;
  const seen = new Set([tag]);
  ids.forEach((id, index) => {
    if (!pattern.test(id)) {
      throw invalidField(`tracking_ids.${index}`, `The tracking id format is invalid for ${program.name}.`);
    }
    if (seen.has(id))
      throw invalidField(`tracking_ids.${index}`, 'Each tracking id must differ from the tag and the others.');
    seen.add(id);
  });
  return [...ids];
}

/** The link owner's tags: program id -> tag. */
export type TagsByProgram = ReadonlyMap<number, string>;

/** The program whose hostname is the host or one of its parent domains (www.amazon.com -> amazon.com). */
export function programForHost(host: string): AffiliateProgram | undefined {
  let candidate = host.toLowerCase();
  for (;;) {
    const program = byHostname.get(candidate);
    if (program) return program;
    const dot = candidate.indexOf('.');
    if (dot === -1) return undefined;
    candidate = candidate.slice(dot + 1);
  }
}

/** The program of a destination URL's host; undefined for none, or for a URL that does not parse. */
export function programForUrl(url: string): AffiliateProgram | undefined {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return undefined;
  }
  return programForHost(host);
}

/**
 * Sets the program's parameter to the owner's tag when the destination belongs to a program.
 * The raw query string is edited in place so every other parameter keeps its order and exact
 * encoding (URLSearchParams would re-encode them); existing values of the parameter are replaced.
 */
export function applyAffiliateTag(destination: string, tags: TagsByProgram): string {
  if (tags.size === 0) return destination;
  let host: string;
  try {
    host = new URL(destination).hostname;
  } catch {
    return destination;
  }
  const program = programForHost(host);
  const tag = program && tags.get(program.id);
  if (!program || tag === undefined) return destination;
  const hashAt = destination.indexOf('#');
  const beforeHash = hashAt === -1 ? destination : destination.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : destination.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt === -1 ? '' : beforeHash.slice(queryAt + 1);
  const pair = `${encodeURIComponent(program.param)}=${encodeURIComponent(tag)}`;
  const parts = query === '' ? [] : query.split('&');
  let replaced = false;
  const kept: string[] = [];
  for (const part of parts) {
    const name = part.split('=', 1)[0]!;
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      /* keep the raw name */
    }
    if (decoded !== program.param) kept.push(part);
    else if (!replaced) {
      kept.push(pair);
      replaced = true;
    }
  }
  if (!replaced) kept.push(pair);
  return `${base}?${kept.join('&')}${hash}`;
}
