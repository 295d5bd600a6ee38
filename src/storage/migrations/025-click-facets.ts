import { sql, type Kysely } from 'kysely';

// Frozen in time: this file must never import application code or change once released.

/**
 * `link_daily_facets`: a link's counted clicks per UTC day and combination of everything the
 * statistics break down by, so that a breakdown can be restricted to the visits of another
 * ("countries among mobile visits") from a rollup. The per-dimension rollups count each dimension
 * alone and cannot answer that. One row per link, day and combination seen; a missing UTM value is
 * '' and a missing variant -1, so that the key has no NULL and an upsert always finds its row.
 *
 * The backfill is from the raw clicks kept (human, not a choice-page pick): filtered statistics
 * of the days before this migration cover only those.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('link_daily_facets')
    .addColumn('link_id', 'integer', (c) => c.notNull().references('links.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('browser', 'text', (c) => c.notNull())
    .addColumn('os', 'text', (c) => c.notNull())
    .addColumn('referrer', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('utm_source', 'text', (c) => c.notNull())
    .addColumn('utm_medium', 'text', (c) => c.notNull())
    .addColumn('utm_campaign', 'text', (c) => c.notNull())
    .addColumn('variant', 'integer', (c) => c.notNull())
    .addColumn('storefront', 'text', (c) => c.notNull())
    .addColumn('clicks', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('link_daily_facets_pk', [
      'link_id',
      'day',
      'country',
      'device',
      'browser',
      'os',
      'referrer',
      'language',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'variant',
      'storefront',
    ])
    .execute();
  const day = sql`substr(clicked_at, 1, 10)`;
  await sql`
    insert into link_daily_facets (link_id, day, country, device, browser, os, referrer, language,
      utm_source, utm_medium, utm_campaign, variant, storefront, clicks)
    select clicks.link_id, ${day}, country, device, browser, os, coalesce(referrer_host, 'direct'),
      coalesce(language, 'unknown'), coalesce(utm_source, ''), coalesce(utm_medium, ''),
      coalesce(utm_campaign, ''), coalesce(variant_index, -1), '', count(*)
    from clicks join links on links.id = clicks.link_id
    where is_bot = 0 and option_index is null
    group by clicks.link_id, ${day}, country, device, browser, os, coalesce(referrer_host, 'direct'),
      coalesce(language, 'unknown'), coalesce(utm_source, ''), coalesce(utm_medium, ''),
      coalesce(utm_campaign, ''), coalesce(variant_index, -1)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('link_daily_facets').execute();
}
