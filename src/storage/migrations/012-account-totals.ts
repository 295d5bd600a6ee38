import { sql, type Kysely } from 'kysely';

// Frozen in time: this file must never import application code or change once released.

/**
 * The account's daily totals (`user_daily_stats`, migration 009) kept the clicks of deleted
 * links, which the links' own rollups had dropped: deleting a link now takes them out in its
 * transaction, and this recomputes every account's days from its links' rollups once, so the
 * totals of links deleted before it agree too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`delete from user_daily_stats`.execute(db);
  await sql`insert into user_daily_stats (user_id, day, clicks, unique_clicks)
    select links.user_id, link_daily_stats.day, sum(link_daily_stats.clicks), sum(link_daily_stats.unique_clicks)
    from link_daily_stats join links on links.id = link_daily_stats.link_id
    group by links.user_id, link_daily_stats.day`.execute(db);
}

/** Nothing to undo: the recomputed totals are what the old code would have kept had no link been deleted. */
export async function down(): Promise<void> {}
