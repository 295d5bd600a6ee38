import type { Kysely } from 'kysely';
import { timestamp } from '../core/time.ts';
import { requireTransaction } from './errors.ts';
import type { Database } from './schema.ts';

export async function listLandingOptions(db: Kysely<Database>, linkId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('landing_options')
    .select('url')
    .where('link_id', '=', linkId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.url);
}

/**
 * Replaces the full option set and makes the link a choice page. An option whose URL was
 * already there keeps its pick count, wherever it moves, so reordering loses no statistics.
 */
export async function replaceLandingOptions(
  db: Kysely<Database>,
  linkId: number,
  urls: readonly string[],
): Promise<void> {
  requireTransaction(db, 'replaceLandingOptions');
  const previous = await db
    .selectFrom('landing_options')
    .select(['url', 'picks'])
    .where('link_id', '=', linkId)
    .execute();
  const picksByUrl = new Map(previous.map((row) => [row.url, Number(row.picks)]));
  await db.deleteFrom('landing_options').where('link_id', '=', linkId).execute();
  await db
    .insertInto('landing_options')
    .values(urls.map((url, position) => ({ link_id: linkId, position, url, picks: picksByUrl.get(url) ?? 0 })))
    .execute();
  await db
    .updateTable('links')
    .set({ type: 'choice_page', updated_at: timestamp() })
    .where('id', '=', linkId)
    .execute();
}

/** Removes the options: the link is a single-destination link again. */
export async function clearLandingOptions(db: Kysely<Database>, linkId: number): Promise<void> {
  requireTransaction(db, 'clearLandingOptions');
  await db.deleteFrom('landing_options').where('link_id', '=', linkId).execute();
  await db.updateTable('links').set({ type: 'simple', updated_at: timestamp() }).where('id', '=', linkId).execute();
}

export const landingOptionStore = {
  list: listLandingOptions,
  replace: replaceLandingOptions,
  clear: clearLandingOptions,
};
