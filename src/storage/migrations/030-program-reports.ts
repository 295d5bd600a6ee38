import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

// Frozen in time: this file must never import application code or change once released.

/**
 * The affiliate catalog's hostnames as they were when this migration was written (program id ->
 * hostnames; a destination belongs to a program when its host is one of them or under one).
 */
const PROGRAM_HOSTS: ReadonlyArray<readonly [number, readonly string[]]> = [
  [1, ['amazon.com']],
  [2, ['amazon.co.uk']],
  [3, ['amazon.de']],
  [4, ['amazon.fr']],
  [5, ['amazon.it']],
  [6, ['amazon.es']],
  [7, ['amazon.ca']],
  [8, ['amazon.co.jp']],
  [9, ['ebay.com', 'ebay.co.uk', 'ebay.de', 'ebay.fr', 'ebay.it', 'ebay.es', 'ebay.ca', 'ebay.com.au']],
  [10, ['amazon.com.au']],
  [11, ['amazon.nl']],
  [12, ['amazon.in']],
  [13, ['amazon.com.mx']],
  [14, ['amazon.com.br']],
  [15, ['amazon.se']],
  [16, ['amazon.pl']],
  [17, ['amazon.com.be']],
  [18, ['amazon.sg']],
  [19, ['amazon.ae']],
  [20, ['amazon.sa']],
  [21, ['amazon.com.tr']],
  [22, ['amazon.eg']],
];
const programByHost = new Map(PROGRAM_HOSTS.flatMap(([id, hosts]) => hosts.map((host) => [host, id] as const)));

function programOf(url: string): number {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return 0;
  }
  for (;;) {
    const id = programByHost.get(host);
    if (id !== undefined) return id;
    const dot = host.indexOf('.');
    if (dot === -1) return 0;
    host = host.slice(dot + 1);
  }
}

/** Links are read this many at a time. */
const PAGE = 2_000;

/**
 * Reports per affiliate program and tracking id (docs/api.md, "Reporting").
 *
 * - Clicks: a `program` row in the daily breakdowns (`link_daily_dimension_stats`, and the
 *   account's `workspace_daily_dimension_stats`), valued `<program id>` or `<program id>
 *   <tracking id>`, which the click writer adds for each link whose destination is in a program.
 *   As a breakdown row it leaves the account's figures with its link like every other.
 * - Conversions: each keeps the program and tracking id of the link it was attributed to
 *   (`conversions.program_id`, 0 for none; `tracking_id`, '' for the program's own tag), so a
 *   later status change takes it out of the row it went into, and `workspace_daily_conversions`
 *   holds the account's attributed conversions not reversed per day, program, tracking id and
 *   currency, kept by the unit of work that writes a conversion.
 *
 * Filled here from the links' rollups and the conversions already recorded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const money = isPostgres(db) ? 'bigint' : 'integer';
  await db.schema
    .alterTable('conversions')
    .addColumn('program_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('conversions')
    .addColumn('tracking_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create table workspace_daily_conversions (
    workspace_id integer not null references workspaces (id) on delete cascade,
    day char(10) not null,
    program_id integer not null,
    tracking_id varchar(64) not null,
    currency char(3) not null,
    conversions integer not null default 0,
    revenue_minor ${sql.raw(money)} not null default 0,
    earnings_minor ${sql.raw(money)} not null default 0,
    constraint workspace_daily_conversions_pk primary key (workspace_id, day, program_id, tracking_id, currency)
  )`.execute(db);

  for (let after = 0; ;) {
    const { rows } = await sql<{ id: number; url: string; tracking_id: string | null }>`
      select id, redirect_url as url, tracking_id from links where id > ${after} order by id limit ${PAGE}`.execute(db);
    if (rows.length === 0) break;
    after = Number(rows.at(-1)!.id);
    await fillPage(db, rows);
  }
  await sql`insert into workspace_daily_dimension_stats (workspace_id, day, dimension, value, clicks)
    select links.workspace_id, stats.day, stats.dimension, stats.value, sum(stats.clicks)
    from link_daily_dimension_stats as stats join links on links.id = stats.link_id
    where stats.dimension = 'program'
    group by links.workspace_id, stats.day, stats.dimension, stats.value`.execute(db);
  await sql`insert into workspace_daily_conversions
      (workspace_id, day, program_id, tracking_id, currency, conversions, revenue_minor, earnings_minor)
    select workspace_id, substr(occurred_at, 1, 10), program_id, tracking_id, currency, count(*),
      sum(amount_minor), sum(coalesce(commission_minor, 0))
    from conversions where link_id is not null and status <> 'reversed'
    group by workspace_id, substr(occurred_at, 1, 10), program_id, tracking_id, currency`.execute(db);
}

/** A page of links: the program rows of their daily clicks, and their conversions' program. */
async function fillPage(
  db: Kysely<any>,
  rows: ReadonlyArray<{ id: number; url: string; tracking_id: string | null }>,
): Promise<void> {
  const byValue = new Map<string, { programId: number; trackingId: string; ids: number[] }>();
  for (const row of rows) {
    const programId = programOf(row.url);
    if (programId === 0) continue;
    const trackingId = row.tracking_id ?? '';
    const value = trackingId ? `${programId} ${trackingId}` : String(programId);
    let entry = byValue.get(value);
    if (!entry) byValue.set(value, (entry = { programId, trackingId, ids: [] }));
    entry.ids.push(Number(row.id));
  }
  for (const [value, { programId, trackingId, ids }] of byValue) {
    await sql`insert into link_daily_dimension_stats (link_id, day, dimension, value, clicks)
      select link_id, day, 'program', ${value}, clicks from link_daily_stats
      where link_id in (${sql.join(ids)}) and clicks > 0`.execute(db);
    await sql`update conversions set program_id = ${programId}, tracking_id = ${trackingId}
      where link_id in (${sql.join(ids)})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('workspace_daily_conversions').execute();
  await sql`delete from workspace_daily_dimension_stats where dimension = 'program'`.execute(db);
  await sql`delete from link_daily_dimension_stats where dimension = 'program'`.execute(db);
  await db.schema.alterTable('conversions').dropColumn('tracking_id').execute();
  await db.schema.alterTable('conversions').dropColumn('program_id').execute();
}
