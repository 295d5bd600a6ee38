import { sql, type Kysely } from 'kysely';

// Frozen in time: this file must never import application code or change once released.

/**
 * The account's breakdowns per day (`workspace_daily_dimension_stats`): GET /stats read them by
 * summing every link's daily breakdown rows, which at a thousand links over 90 days took most of a
 * second (and on SQLite held the thread every redirect waits on). The click writer keeps this
 * table beside `workspace_daily_stats`; deleting a link takes its clicks out of both. Filled here
 * from the links' own rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('workspace_daily_dimension_stats')
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('day', 'char(10)', (c) => c.notNull())
    .addColumn('dimension', 'varchar(20)', (c) => c.notNull())
    .addColumn('value', 'varchar(255)', (c) => c.notNull())
    .addColumn('clicks', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('workspace_daily_dimension_stats_pk', ['workspace_id', 'dimension', 'day', 'value'])
    .execute();
  await sql`insert into workspace_daily_dimension_stats (workspace_id, day, dimension, value, clicks)
    select links.workspace_id, stats.day, stats.dimension, stats.value, sum(stats.clicks)
    from link_daily_dimension_stats as stats join links on links.id = stats.link_id
    group by links.workspace_id, stats.day, stats.dimension, stats.value`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('workspace_daily_dimension_stats').execute();
}
