import type { Kysely } from 'kysely';
import { insertLink } from '../src/storage/links.kysely.ts';
import type { Database } from '../src/storage/schema.ts';

/** The benches' plain link: `/plain`, one destination, no targeting, recording on. */
export function insertPlainLink(db: Kysely<Database>, workspaceId: number) {
  return insertLink(db, {
    workspaceId,
    shortCode: 'plain',
    redirectUrl: 'https://example.com/landing',
    isActive: true,
    categoryId: null,
    domainId: null,
    conditions: [],
  });
}
