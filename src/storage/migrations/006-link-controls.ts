import type { Kysely } from 'kysely';

// Frozen in time: this file must never import application code or change once released.

// Link controls (docs/api.md). JSON fields are text, like `conditions`: both engines read them
// the same way and no query looks inside them. One column per statement: SQLite adds one at a time.
const LINK_COLUMNS = [
  ['title', 'varchar(255)'],
  ['expires_at', 'varchar(30)'],
  ['max_clicks', 'integer'],
  ['expired_url', 'varchar(2048)'],
  ['password_hash', 'text'],
  ['utm', 'text'],
  ['variants', 'text'],
  ['preview', 'text'],
  // Storefront localisation (docs/api.md): 1 or 0, or null to follow the owner's default.
  ['localize', 'integer'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of LINK_COLUMNS) await db.schema.alterTable('links').addColumn(name, type).execute();
  // Which A/B variant a visit was sent to (0-based); null for a link without variants.
  await db.schema.alterTable('clicks').addColumn('variant_index', 'integer').execute();
  // The account's default for links that do not say whether to localise.
  await db.schema
    .alterTable('users')
    .addColumn('localize_default', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('localize_default').execute();
  await db.schema.alterTable('clicks').dropColumn('variant_index').execute();
  for (const [name] of LINK_COLUMNS.toReversed()) await db.schema.alterTable('links').dropColumn(name).execute();
}
