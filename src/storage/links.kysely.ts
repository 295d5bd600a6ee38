import { CompiledQuery, sql, type Insertable, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import { AppError } from '../core/errors.ts';
import { HEALTH_STATUSES, type HealthStatus } from '../core/link-health.ts';
import type { Link, LinkControls, LinkSort, LinkType } from '../core/model.ts';
import type { Condition } from '../core/targeting.ts';
import { timestamp } from '../core/time.ts';
import { isSqlite } from './engine.ts';
import { isUniqueViolation } from './errors.ts';
import { tagKey, type LinkTag } from '../core/tags.ts';
import { linkTagsColumn, linkTagsOf, tagsOfLinks } from './tags.kysely.ts';
import type { Database, LinksTable } from './schema.ts';

export interface LinkListQuery {
  workspaceId: number;
  sort: LinkSort;
  direction: 'asc' | 'desc';
  categoryId?: number | undefined;
  search?: string | undefined;
  health?: HealthStatus | undefined;
  /** Links carrying any of these tags (names, compared without case). */
  tags?: readonly string[] | undefined;
  page: number;
  perPage: number;
}

/** The link controls are optional: unset ones start null. */
export interface NewLink extends Partial<LinkControls> {
  workspaceId: number;
  shortCode: string;
  redirectUrl: string;
  isActive: boolean;
  categoryId: number | null;
  domainId: number | null;
  conditions: Condition[];
}

export interface LinkChanges extends Partial<LinkControls> {
  redirectUrl?: string;
  isActive?: boolean;
  categoryId?: number | null;
  domainId?: number | null;
  conditions?: Condition[];
  type?: LinkType;
}

/**
 * A link's columns with its category's name, domain's hostname and workspace's localize default,
 * each a subquery, not a join: SQLite (built with STAT4) plans a join again on every run when a
 * bound parameter meets the links' id, 8.5 µs a run against 0.7 (findLink went from 100 to 46 µs).
 */
const LINK_COLUMNS = sql`links.*,
  (select name from categories where categories.id = links.category_id) as category_name,
  (select hostname from domains where domains.id = links.domain_id) as domain_hostname,
  (select localize_default from workspaces where workspaces.id = links.workspace_id) as workspace_localize_default`;

type LinkRow = Selectable<LinksTable> & {
  category_name: string | null;
  domain_hostname: string | null;
  workspace_localize_default?: number | null;
  /** linkTagsColumn; absent where a link was just inserted, with no tags yet. */
  tags_json?: string | LinkTag[] | null;
};

/**
 * One link's row with its tags (linkTagsColumn): one statement, where reading its tags apart took
 * a second (one round trip more on PostgreSQL; on SQLite a join that STAT4 planned again on every
 * run). A template, not the builder: it runs on every request about a link (its ownership check),
 * and Kysely's builder took 18 µs to build and compile it against 1 µs for a template. Prepared on
 * PostgreSQL (postgres-statements.ts): a lookup by the primary key.
 */
async function linkRow(db: Kysely<Database>, id: number): Promise<LinkRow | undefined> {
  const { rows } = await sql<LinkRow>`/* prepared */
    select ${LINK_COLUMNS}, ${linkTagsColumn(db)} from links where links.id = ${id}`.execute(db);
  return rows[0];
}

/**
 * The links of these rows with their tags, in the rows' order: the tags of all of them in one
 * statement (a tags subquery for each of a page's 100 rows cost more).
 */
async function linksWithTags(db: Kysely<Database>, rows: readonly LinkRow[]): Promise<Link[]> {
  const tags = await tagsOfLinks(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toLink(row, tags.get(row.id) ?? []));
}

/** The link of a row, its tags those given, or those of its linkTagsColumn (none when it has none). */
function toLink(row: LinkRow, tags: LinkTag[] = linkTagsOf(row.tags_json)): Link {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    shortCode: row.short_code,
    redirectUrl: row.redirect_url,
    type: row.type === 'choice_page' ? 'choice_page' : 'simple',
    isActive: Boolean(row.is_active),
    clickCount: Number(row.click_count),
    category:
      row.category_id !== null && row.category_name !== null ? { id: row.category_id, name: row.category_name } : null,
    domain:
      row.domain_id !== null && row.domain_hostname !== null
        ? { id: row.domain_id, hostname: row.domain_hostname }
        : null,
    conditions: JSON.parse(row.conditions) as Condition[],
    title: row.title,
    expiresAt: row.expires_at,
    maxClicks: row.max_clicks === null ? null : Number(row.max_clicks),
    expiredUrl: row.expired_url,
    passwordHash: row.password_hash,
    utm: parseJson(row.utm),
    variants: parseJson(row.variants),
    preview: parseJson(row.preview),
    localize: row.localize === null ? null : Boolean(row.localize),
    localizeDefault: Boolean(row.workspace_localize_default),
    tags,
    passClickId: Boolean(row.pass_click_id),
    openInApp: Boolean(row.open_in_app),
    trackingId: row.tracking_id,
    health: {
      status: isHealthStatus(row.health_status) ? row.health_status : 'unknown',
      checkedAt: row.health_checked_at,
      httpStatus: row.health_http_status === null ? null : Number(row.health_http_status),
      error: row.health_error,
      affiliateTagLost: row.health_affiliate_tag_lost === null ? null : Boolean(row.health_affiliate_tag_lost),
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const isHealthStatus = (value: string): value is HealthStatus => (HEALTH_STATUSES as readonly string[]).includes(value);

function parseJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

const jsonOrNull = (value: unknown) => (value === null ? null : JSON.stringify(value));

/** The columns of the link controls that `changes` sets (undefined: left as they are). */
function controlColumns(changes: Partial<LinkControls>) {
  const columns: Record<string, unknown> = {};
  if (changes.title !== undefined) columns.title = changes.title;
  if (changes.expiresAt !== undefined) columns.expires_at = changes.expiresAt;
  if (changes.maxClicks !== undefined) columns.max_clicks = changes.maxClicks;
  if (changes.expiredUrl !== undefined) columns.expired_url = changes.expiredUrl;
  if (changes.passwordHash !== undefined) columns.password_hash = changes.passwordHash;
  if (changes.utm !== undefined) columns.utm = jsonOrNull(changes.utm);
  if (changes.variants !== undefined) columns.variants = jsonOrNull(changes.variants);
  if (changes.preview !== undefined) columns.preview = jsonOrNull(changes.preview);
  if (changes.localize !== undefined) columns.localize = changes.localize === null ? null : Number(changes.localize);
  if (changes.passClickId !== undefined) columns.pass_click_id = Number(changes.passClickId);
  if (changes.openInApp !== undefined) columns.open_in_app = Number(changes.openInApp);
  if (changes.trackingId !== undefined) columns.tracking_id = changes.trackingId;
  return columns;
}

function shortCodeTaken(): AppError {
  const message = 'The short code has already been taken.';
  return new AppError('short-code-taken', message, { short_code: [message] });
}

/** The text of a link insert, by engine and column list (`insertLink`). */
const insertTexts = new Map<string, string>();

/**
 * Compiled once for each engine and set of columns, then kept: every link created comes through
 * here, and even as a template Kysely took longer to build and compile the insert than SQLite took
 * to run it (side by side, 5 - 10% more links created a second without it). The columns that vary
 * are the optional link controls, so there are a few hundred lists at the very most. Prepared on
 * PostgreSQL (postgres-statements.ts): an insert's plan does not depend on its values.
 */
function insertText(db: Kysely<Database>, columns: readonly string[]): string {
  const key = `${isSqlite(db) ? 'sqlite' : 'postgres'}:${columns.join(',')}`;
  let text = insertTexts.get(key);
  if (text === undefined) {
    text = sql`/* prepared */
    insert into links (${sql.join(columns.map((column) => sql.id(column)))})
    values (${sql.join(columns.map(() => null))})
    on conflict do nothing returning *,
      (select localize_default from workspaces where workspaces.id = links.workspace_id) as workspace_localize_default
    `.compile(db).sql;
    insertTexts.set(key, text);
  }
  return text;
}

/**
 * Inserts one link; a duplicate (domain, code) becomes short-code-taken. ON CONFLICT DO NOTHING
 * instead of catching the violation keeps an enclosing PostgreSQL transaction usable (bulk).
 */
export async function insertLink(db: Kysely<Database>, input: NewLink): Promise<Link> {
  const now = timestamp();
  const values: Insertable<LinksTable> = {
    workspace_id: input.workspaceId,
    short_code: input.shortCode,
    redirect_url: input.redirectUrl,
    is_active: input.isActive ? 1 : 0,
    category_id: input.categoryId,
    domain_id: input.domainId,
    conditions: JSON.stringify(input.conditions),
    type: 'simple',
    click_count: 0,
    ...controlColumns(input),
    created_at: now,
    updated_at: now,
  };
  // (As the builder does, a column left undefined is left out.)
  const columns = Object.entries(values).filter(([, value]) => value !== undefined);
  const names = columns.map(([column]) => column);
  const text = insertText(db, names);
  const parameters = columns.map(([, value]) => value);
  type Inserted = Selectable<LinksTable> & { workspace_localize_default: number };
  const { rows } = await db.executeQuery<Inserted>(CompiledQuery.raw(text, parameters));
  const inserted = rows[0];
  if (!inserted) throw shortCodeTaken();
  // Most links have neither a category nor a domain: the inserted row is then the whole link,
  // without a second query for names (an eighth of `POST /links`' database time).
  if (inserted.category_id === null && inserted.domain_id === null)
    return toLink({ ...inserted, category_name: null, domain_hostname: null });
  return (await findLink(db, inserted.id))!;
}

/**
 * The ids of the workspace's links that chose `trackingId` (at most two: the caller only needs to
 * know whether exactly one did).
 */
export async function linksWithTrackingId(
  db: Kysely<Database>,
  workspaceId: number,
  trackingId: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom('links')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('tracking_id', '=', trackingId)
    .limit(2)
    .execute();
  return rows.map((row) => row.id);
}

export async function findLink(db: Kysely<Database>, id: number): Promise<Link | undefined> {
  const row = await linkRow(db, id);
  return row && toLink(row);
}

/** The trigram index answers searches of at least three characters; shorter ones scan. */
const TRIGRAM = 3;

/** `%<search>%`, lower case, with \, % and _ escaped so they match themselves. */
const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A list of all the workspace's links: its total is the count the triggers keep (migration 029). */
const unfiltered = (query: LinkListQuery) =>
  query.categoryId === undefined && query.health === undefined && !query.tags?.length && !query.search;

/**
 * PostgreSQL plans by the statistics ANALYZE gathers, and autovacuum gathers them only once a
 * tenth of a table has changed, some time later: right after an import of 100,000 links into a
 * table the statistics called nearly empty, a list page sorted every link of the workspace
 * (p50 0.4 to 1.7 s). Analyzes `links` at once when it holds more than a tenth more rows than the
 * statistics last counted. The growth is the table's since its last ANALYZE, not one chunk's: 100
 * chunks of 1,000 into a table of 20,000 each grew it by less than a tenth, the statistics stayed
 * at 20,000 and a new workspace's list page sorted all its 100,000 links again. The rows there are
 * come from the counts the triggers keep (migration 029), exact at once, where PostgreSQL's
 * activity statistics lag by up to a second. Run after the commit that added them; SQLite's
 * planner needs no statistics for these queries.
 */
export async function analyzeLinksAfterGrowth(db: Kysely<Database>, added: number): Promise<boolean> {
  if (isSqlite(db) || added === 0) return false;
  const { rows } = await sql<{ counted: number; held: number | string | null }>`
    select (select reltuples from pg_class where oid = 'links'::regclass) as counted,
      (select sum(links) from workspace_link_counts) as held`.execute(db);
  const counted = Math.max(Number(rows[0]?.counted ?? 0), 0);
  if (Number(rows[0]?.held ?? 0) - counted <= counted / 10) return false;
  await sql`analyze links`.execute(db);
  return true;
}

/** The workspace's links, from the count its triggers keep (migration 029). */
async function workspaceLinkCount(db: Kysely<Database>, workspaceId: number): Promise<number> {
  const { total } = await db
    .selectFrom('workspace_link_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('links'), eb.lit(0)).as('total'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * A page of a filtered list, each link whole, in one statement: the page's ids down the filter,
 * then their rows by key. With `counted`, each row also carries the number of matches. Counting
 * reads every match whatever the plan, so the matches are then found first, through whichever
 * index serves the filter (the trigram index for a search), and only they are sorted and counted.
 * Left to one plain statement, PostgreSQL costed a count window as if the page's limit stopped it
 * early and walked all the workspace's links down the sort's index, filtering each: 110 ms a search
 * at 100,000 links, where the matches first take a few milliseconds.
 */
async function pageOfFilteredLinks(
  db: Kysely<Database>,
  filtered: SelectQueryBuilder<Database, 'links', object>,
  query: LinkListQuery,
  counted: boolean,
): Promise<(LinkRow & { matching: number | null })[]> {
  const rows = await db
    .with(
      (cte) => (counted ? cte('matches').materialized() : cte('matches')),
      () => filtered.select(['links.id', sql.ref<unknown>(`links.${query.sort}`).as('sort_key')]),
    )
    .with('page', (cte) =>
      cte
        .selectFrom('matches')
        .select(['matches.id', 'matches.sort_key'])
        .orderBy('matches.sort_key', query.direction)
        .orderBy('matches.id', query.direction)
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage),
    )
    .selectFrom('page')
    .innerJoin('links', 'links.id', 'page.id')
    // The link's columns, then the count under its own name.
    .select(sql<number>`${LINK_COLUMNS}, ${counted ? sql`(select count(*) from matches)` : sql`null`}`.as('matching'))
    .orderBy('page.sort_key', query.direction)
    .orderBy('page.id', query.direction)
    .execute();
  return rows as unknown as (LinkRow & { matching: number | null })[];
}

/**
 * SQLite: the ids of the links whose code, destination or title contain `search` (at least a
 * trigram long), in any workspace. The trigram index (migration 010) answers it with a quoted
 * phrase of the search's trigrams, a case-folded substring match in any of its three columns
 * (FTS5 names its match column after the table). Links changed since the last indexing pass wait
 * in the queue (migration 011, a quarter second at most while the service runs) and are matched on
 * their rows: `cross join` keeps the queue the outer loop (the planner scanned all the links
 * otherwise).
 */
function sqliteSearchMatches(search: string) {
  const phrase = `"${search.replace(/"/g, '""')}"`;
  const pattern = likePattern(search);
  return sql<{ id: number }>`(
    select rowid as id from links_search
    where links_search match ${phrase} and rowid not in (select link_id from links_search_queue)
    union all
    select queued.id from links_search_queue cross join links queued on queued.id = links_search_queue.link_id
    where lower(queued.redirect_url) like ${pattern} escape '\\'
      or lower(queued.short_code) like ${pattern} escape '\\'
      or lower(queued.title) like ${pattern} escape '\\'
  )`.as('found');
}

/**
 * The links a list's filters select, before sorting. A SQLite search starts from the trigram
 * index's matches and looks each link up (`cross join` keeps them the outer loop): given the
 * matches as a set to test instead, SQLite walked every link of the workspace down the sort's
 * index (1.3 ms a page at 100,000 links, against 0.6 ms from the matches).
 */
function filteredLinks(db: Kysely<Database>, query: LinkListQuery): SelectQueryBuilder<Database, 'links', object> {
  const searchIndexed = query.search !== undefined && isSqlite(db) && [...query.search].length >= TRIGRAM;
  let filtered = searchIndexed
    ? // The other builder's type: the search's matches add no column the list reads.
      (db
        .selectFrom(sqliteSearchMatches(query.search!))
        .crossJoin('links')
        .whereRef('links.id', '=', 'found.id') as unknown as SelectQueryBuilder<Database, 'links', object>)
    : db.selectFrom('links');
  filtered = filtered.where('links.workspace_id', '=', query.workspaceId);
  if (query.categoryId !== undefined) filtered = filtered.where('links.category_id', '=', query.categoryId);
  if (query.health !== undefined) filtered = filtered.where('links.health_status', '=', query.health);
  if (query.tags !== undefined && query.tags.length > 0) {
    // Through `link_tags_tag` (tag, link): the tags' links, never a scan of the workspace's links.
    const keys = query.tags.map(tagKey);
    filtered = filtered.where('links.id', 'in', (eb) =>
      eb
        .selectFrom('link_tags')
        .innerJoin('tags', 'tags.id', 'link_tags.tag_id')
        .select('link_tags.link_id')
        .where('tags.workspace_id', '=', query.workspaceId)
        .where('tags.name_key', 'in', keys),
    );
  }
  if (query.search && !isSqlite(db)) {
    // Exactly the expression of the pg_trgm index (migration 010), so the index serves it.
    filtered = filtered.where(
      sql`lower(links.redirect_url || chr(10) || links.short_code || chr(10) || coalesce(links.title, ''))`,
      'like',
      sql`${likePattern(query.search)} escape '\\'`,
    );
  } else if (query.search && !searchIndexed) {
    // A search shorter than a trigram scans: lower() on both sides folds case; the escape keeps
    // % and _ in the search literal.
    const pattern = likePattern(query.search);
    filtered = filtered.where((eb) =>
      eb.or([
        eb(sql`lower(links.redirect_url)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(links.short_code)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(links.title)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return filtered;
}

/**
 * A page of all the workspace's links, each whole, down the sort's index. Prepared on PostgreSQL
 * (postgres-statements.ts), a text for each sort and direction: the plan is the sort's index
 * whatever the workspace.
 */
async function pageOfAllLinks(db: Kysely<Database>, query: LinkListQuery): Promise<LinkRow[]> {
  const direction = sql.raw(query.direction === 'asc' ? 'asc' : 'desc');
  const { rows } = await sql<LinkRow>`/* prepared */
    select ${LINK_COLUMNS} from links where links.workspace_id = ${query.workspaceId}
    order by ${sql.ref(`links.${query.sort}`)} ${direction}, links.id ${direction}
    limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`.execute(db);
  return rows;
}

/**
 * A page of the list and the number of links it lists. The unfiltered list reads the workspace's
 * count instead of counting every link. A search, and any filter on PostgreSQL, counts its matches
 * in the statement that sorts them (pageOfFilteredLinks). SQLite's other filters count on their own: a
 * materialized set of them made SQLite walk every link of the workspace in the sort's order (a
 * filtered list went from 8.7 to 150 ms under load); a page that is not full says the count itself.
 */
export async function listLinks(db: Kysely<Database>, query: LinkListQuery): Promise<{ links: Link[]; total: number }> {
  if (unfiltered(query)) {
    const rows = await pageOfAllLinks(db, query);
    return { links: await linksWithTags(db, rows), total: await workspaceLinkCount(db, query.workspaceId) };
  }
  const filtered = filteredLinks(db, query);
  const offset = (query.page - 1) * query.perPage;
  const counted = !isSqlite(db) || query.search !== undefined;
  const rows = await pageOfFilteredLinks(db, filtered, query, counted);
  const total =
    counted && rows.length > 0
      ? rows[0]!.matching!
      : rows.length > 0 && rows.length < query.perPage
        ? offset + rows.length
        : // A full page, or a page past the end (no row carries the count).
          (await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total;
  return { links: await linksWithTags(db, rows), total: Number(total) };
}

export async function updateLink(db: Kysely<Database>, id: number, changes: LinkChanges): Promise<Link> {
  const set: Record<string, unknown> = { updated_at: timestamp() };
  if (changes.redirectUrl !== undefined) set.redirect_url = changes.redirectUrl;
  if (changes.isActive !== undefined) set.is_active = changes.isActive ? 1 : 0;
  if (changes.categoryId !== undefined) set.category_id = changes.categoryId;
  if (changes.domainId !== undefined) set.domain_id = changes.domainId;
  if (changes.conditions !== undefined) set.conditions = JSON.stringify(changes.conditions);
  if (changes.type !== undefined) set.type = changes.type;
  Object.assign(set, controlColumns(changes));
  try {
    await db.updateTable('links').set(set).where('id', '=', id).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw shortCodeTaken();
    throw error;
  }
  return (await findLink(db, id))!;
}

/**
 * Brings the trigram index up to date for up to `limit` queued links (SQLite; migration 011), in
 * the caller's transaction, and returns how many it took (0 on PostgreSQL, whose index is kept by
 * the database itself).
 */
export async function indexQueuedLinks(db: Kysely<Database>, limit: number): Promise<number> {
  if (!isSqlite(db)) return 0;
  const last = await sql<{ link_id: number }>`
    select link_id from links_search_queue order by link_id limit 1 offset ${limit - 1}`.execute(db);
  const upTo = last.rows[0]?.link_id ?? Number.MAX_SAFE_INTEGER;
  const queued = sql`(select link_id from links_search_queue where link_id <= ${upTo})`;
  await sql`delete from links_search where rowid in ${queued}`.execute(db);
  await sql`insert into links_search (rowid, redirect_url, short_code, title)
    select id, redirect_url, short_code, coalesce(title, '') from links where id in ${queued}`.execute(db);
  const taken = await sql`delete from links_search_queue where link_id <= ${upTo}`.execute(db);
  return Number(taken.numAffectedRows ?? 0);
}

/** Whether any link waits for the trigram index (always false on PostgreSQL). */
export async function hasQueuedLinks(db: Kysely<Database>): Promise<boolean> {
  if (!isSqlite(db)) return false;
  const { rows } = await sql`select 1 from links_search_queue limit 1`.execute(db);
  return rows.length > 0;
}

/**
 * Deletes a link and what it owns. Its counted visitors go by name on both engines: they have no
 * foreign key (migrations 013 and 014). On PostgreSQL its raw clicks do too; SQLite's cascade
 * takes them, and its other rows, through indexes that lead with the link. The link goes first:
 * its row lock waits for a click batch that counted it (writeClickBatch) to commit, so what is
 * deleted after it includes that batch's rows.
 */
export async function deleteLink(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('links').where('id', '=', id).execute();
  if (!isSqlite(db)) await db.deleteFrom('clicks').where('link_id', '=', id).execute();
  await linkVisitorsDeletion(db, id).execute(db);
}

/**
 * The statement that deletes a link's counted visitors (deleteLink). Their key starts with the
 * day, and only today and yesterday are kept (retention.ts): each day present is found by one
 * seek from the one before, and the link's visitors by one seek a day. `where link_id = ?` alone
 * read every visitor of every link (100 ms a million on SQLite). PostgreSQL plans `in (select)`
 * as a scan of all of them against the days; an array it seeks.
 */
export function linkVisitorsDeletion(db: Kysely<Database>, id: number) {
  const days = sql`select day from days where day is not null`;
  return sql`with recursive days (day) as (
      select min(day) from link_daily_visitors
      union all
      select (select min(day) from link_daily_visitors where day > days.day) from days where days.day is not null
    )
    delete from link_daily_visitors
    where link_id = ${id} and day ${isSqlite(db) ? sql`in (${days})` : sql`= any(array(${days}))`}`;
}

/** Who owns each of these links (deleted ones are left out). */
export async function linkOwners(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('links')
    .select(['id', 'workspace_id'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.workspace_id]));
}

/** A link as the CSV export writes it. */
export interface ExportedLink {
  id: number;
  shortCode: string;
  redirectUrl: string;
  title: string | null;
  category: string | null;
  domain: string | null;
  isActive: boolean;
  clickCount: number;
  expiresAt: string | null;
  createdAt: string;
}

/** One page of the user's links after `afterId`, by id (keyset on links_user_id: constant cost per page). */
export async function exportLinksPage(
  db: Kysely<Database>,
  workspaceId: number,
  afterId: number,
  limit: number,
): Promise<ExportedLink[]> {
  const rows = await db
    .selectFrom('links')
    .leftJoin('categories', 'categories.id', 'links.category_id')
    .leftJoin('domains', 'domains.id', 'links.domain_id')
    .select([
      'links.id',
      'links.short_code',
      'links.redirect_url',
      'links.title',
      'links.is_active',
      'links.click_count',
      'links.expires_at',
      'links.created_at',
      'categories.name as category_name',
      'domains.hostname as domain_hostname',
    ])
    .where('links.workspace_id', '=', workspaceId)
    .where('links.id', '>', afterId)
    .orderBy('links.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    shortCode: row.short_code,
    redirectUrl: row.redirect_url,
    title: row.title,
    category: row.category_name,
    domain: row.domain_hostname,
    isActive: Boolean(row.is_active),
    clickCount: Number(row.click_count),
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  }));
}

/** Up to `limit` of the workspace's link ids (a workspace's deletion takes them a chunk at a time). */
export async function linkIdsOf(db: Kysely<Database>, workspaceId: number, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('links').select('id').where('workspace_id', '=', workspaceId).limit(limit).execute();
  return rows.map((row) => row.id);
}

export const linkStore = {
  idsOf: linkIdsOf,
  owners: linkOwners,
  exportPage: exportLinksPage,
  insert: insertLink,
  find: findLink,
  withTrackingId: linksWithTrackingId,
  list: listLinks,
  analyzeAfterGrowth: analyzeLinksAfterGrowth,
  update: updateLink,
  delete: deleteLink,
  indexQueued: indexQueuedLinks,
  hasQueued: hasQueuedLinks,
};
