import type { ImportFormat } from '../core/earnings-report.ts';
import { sql, type Kysely } from 'kysely';
import { timestamp } from '../core/time.ts';
import { isPostgres } from './engine.ts';
import { requireTransaction } from './errors.ts';
import type { Database } from './schema.ts';

/** `uploading`: the file is still arriving; the job is neither listed nor claimed until it has all of it. */
export type ImportStatus = 'uploading' | 'queued' | 'running' | 'done' | 'failed';

/** What counts against an account's limit of imports under way. */
const UNDER_WAY: ImportStatus[] = ['uploading', 'queued', 'running'];

export interface ImportRowError {
  /** 1-based data row number: the header is not counted, the first row under it is 1. */
  row: number;
  message: string;
}

/** An import job without its file (stored apart, in chunks). */
export interface ImportJob {
  id: number;
  workspaceId: number;
  status: ImportStatus;
  total: number | null;
  processed: number;
  created: number;
  skipped: number;
  invalid: number;
  errors: ImportRowError[];
  failureReason: string | null;
  format: ImportFormat;
  attempts: number;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

/** Counters written with each chunk; `processed` is where a resumed job starts again. */
export interface ImportProgress {
  total: number | null;
  processed: number;
  created: number;
  skipped: number;
  invalid: number;
  errors: ImportRowError[];
}

/** One link an import writes: the import's own multi-row insert, not insertLink's one by one. */
export interface ImportedLink {
  workspaceId: number;
  shortCode: string;
  redirectUrl: string;
  title: string | null;
  categoryId: number | null;
  createdAt: string;
}

const JOB_COLUMNS = [
  'id',
  'workspace_id',
  'status',
  'total',
  'processed',
  'created',
  'skipped',
  'invalid',
  'errors',
  'failure_reason',
  'format',
  'attempts',
  'created_at',
  'updated_at',
  'finished_at',
] as const;

type JobRow = {
  id: number;
  workspace_id: number;
  status: string;
  total: number | null;
  processed: number;
  created: number;
  skipped: number;
  invalid: number;
  errors: string;
  failure_reason: string | null;
  format: string;
  attempts: number;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
};

function toJob(row: JobRow): ImportJob {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    status: row.status as ImportStatus,
    total: row.total === null ? null : Number(row.total),
    processed: Number(row.processed),
    created: Number(row.created),
    skipped: Number(row.skipped),
    invalid: Number(row.invalid),
    errors: JSON.parse(row.errors) as ImportRowError[],
    failureReason: row.failure_reason,
    format: row.format === 'amazon-earnings' ? 'amazon-earnings' : 'links',
    attempts: Number(row.attempts),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
  };
}

/**
 * A new job for `workspaceId` whose file is still to arrive (`uploading`, not claimable): the upload
 * holds it until `uploadUntil`, extended with every chunk; past it the worker's sweep deletes it.
 */
export async function beginImportUpload(
  db: Kysely<Database>,
  workspaceId: number,
  uploadUntil: Date,
  format: ImportFormat = 'links',
): Promise<ImportJob> {
  const now = timestamp();
  const row = await db
    .insertInto('imports')
    .values({
      workspace_id: workspaceId,
      status: 'uploading',
      format,
      total: null,
      locked_until: timestamp(uploadUntil),
      created_at: now,
      updated_at: now,
    })
    .returning(JOB_COLUMNS)
    .executeTakeFirstOrThrow();
  return toJob(row);
}

/**
 * Serializes the uploads of one account until the caller's transaction ends, so that two of them
 * cannot both count the imports under way before either is inserted. SQLite's write transaction
 * already runs alone; PostgreSQL locks the account's row.
 */
export async function lockAccountImports(db: Kysely<Database>, workspaceId: number): Promise<void> {
  requireTransaction(db, 'lockAccountImports');
  if (isPostgres(db))
    await db.selectFrom('workspaces').select('id').where('id', '=', workspaceId).forUpdate().execute();
}

/** The account's imports uploading, queued or running. */
export async function countImportsUnderWay(db: Kysely<Database>, workspaceId: number): Promise<number> {
  const { n } = await db
    .selectFrom('imports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('status', 'in', UNDER_WAY)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Stores the upload's chunk number `seq` and extends the upload's hold to `uploadUntil`; false
 * (nothing written) when the job is no longer uploading (the sweep took it for abandoned).
 */
export async function appendUploadChunk(
  db: Kysely<Database>,
  id: number,
  seq: number,
  data: Uint8Array,
  uploadUntil: Date,
): Promise<boolean> {
  requireTransaction(db, 'appendUploadChunk');
  const result = await db
    .updateTable('imports')
    .set({ locked_until: timestamp(uploadUntil) })
    .where('id', '=', id)
    .where('status', '=', 'uploading')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await db.insertInto('import_upload_chunks').values({ import_id: id, seq, data }).execute();
  return true;
}

/** The whole file has arrived: the job is queued with its row count. False if it was no longer uploading. */
export async function completeImportUpload(db: Kysely<Database>, id: number, total: number): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set({ status: 'queued', total, locked_until: null, updated_at: timestamp() })
    .where('id', '=', id)
    .where('status', '=', 'uploading')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Chunk number `seq` of the job's file, or undefined past its last one. */
export async function readUploadChunk(db: Kysely<Database>, id: number, seq: number): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom('import_upload_chunks')
    .select('data')
    .where('import_id', '=', id)
    .where('seq', '=', seq)
    .executeTakeFirst();
  return row?.data;
}

/** Deletes at most `limit` chunks of the job's file (the first ones); answers how many went. */
export async function deleteUploadChunks(db: Kysely<Database>, id: number, limit: number): Promise<number> {
  const first = db
    .selectFrom('import_upload_chunks')
    .select('seq')
    .where('import_id', '=', id)
    .orderBy('seq')
    .limit(limit);
  const result = await db
    .deleteFrom('import_upload_chunks')
    .where('import_id', '=', id)
    .where('seq', 'in', first)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the file of a job queued before uploads were chunked, if it has one. */
export async function deleteLegacyImportSource(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('import_sources').where('import_id', '=', id).execute();
}

/** Deletes a job that never finished uploading (its chunks must be gone first: see purgeUpload). */
export async function deleteUnfinishedUpload(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('imports').where('id', '=', id).where('status', '=', 'uploading').execute();
}

const ENDED_STATUSES: ImportStatus[] = ['done', 'failed'];

/**
 * What the worker's sweep deletes: uploads abandoned mid-way (their hold expired: the instance
 * receiving them stopped), and the files still stored for jobs that have ended (the instance that
 * ended one stopped before it had deleted the file).
 */
export async function findUploadLeftovers(
  db: Kysely<Database>,
  now: Date,
  limit: number,
): Promise<{ abandoned: number[]; ended: number[] }> {
  const abandoned = await db
    .selectFrom('imports')
    .select('id')
    .where('status', '=', 'uploading')
    .where('locked_until', '<', timestamp(now))
    .orderBy('id')
    .limit(limit)
    .execute();
  // Driven by the stored files (few rows), never by the jobs (every import there ever was).
  const endedJobsIn = (table: 'import_upload_chunks' | 'import_sources') =>
    db
      .selectFrom(table)
      .select(`${table}.import_id`)
      .distinct()
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('imports')
            .select('imports.id')
            .whereRef('imports.id', '=', `${table}.import_id`)
            .where('imports.status', 'in', ENDED_STATUSES),
        ),
      )
      .limit(limit)
      .execute();
  const chunked = await endedJobsIn('import_upload_chunks');
  const legacy = await endedJobsIn('import_sources');
  const ended = [...new Set([...chunked, ...legacy].map((r) => r.import_id))];
  return { abandoned: abandoned.map((r) => r.id), ended };
}

export async function findImport(db: Kysely<Database>, id: number): Promise<ImportJob | undefined> {
  const row = await db
    .selectFrom('imports')
    .select(JOB_COLUMNS)
    .where('id', '=', id)
    .where('status', '!=', 'uploading')
    .executeTakeFirst();
  return row && toJob(row);
}

/** The user's imports, newest first. */
export async function listImports(db: Kysely<Database>, workspaceId: number, limit: number): Promise<ImportJob[]> {
  const rows = await db
    .selectFrom('imports')
    .select(JOB_COLUMNS)
    .where('workspace_id', '=', workspaceId)
    .where('status', '!=', 'uploading')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toJob);
}

/** The file of a job queued before uploads were chunked (one text row), if it has one. */
export async function readLegacyImportSource(db: Kysely<Database>, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('import_sources').select('source').where('import_id', '=', id).executeTakeFirst();
  return row?.source;
}

/** Jobs waiting to be claimed: queued, or running under a lease that has expired. */
function claimable(db: Kysely<Database>, now: Date) {
  const at = timestamp(now);
  return db
    .selectFrom('imports')
    .select('id')
    .where('status', 'in', ['queued', 'running'])
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
    .limit(1);
}

/** Whether any job waits to be claimed: a plain read, so an idle poll never takes a write lock. */
export async function hasClaimableImport(db: Kysely<Database>, now: Date): Promise<boolean> {
  return (await claimable(db, now).executeTakeFirst()) !== undefined;
}

/** Whether another account than `workspaceId` has a job waiting to be claimed (a running job then yields its turn). */
export async function otherAccountWaiting(db: Kysely<Database>, workspaceId: number, now: Date): Promise<boolean> {
  return (await claimable(db, now).where('workspace_id', '!=', workspaceId).executeTakeFirst()) !== undefined;
}

/**
 * The due jobs (queued, or running with an expired lease: its instance died or stalled) an
 * instance should try, best first, accounts in turn: each account's oldest due job, the account
 * whose last claim is the oldest (never served: first) ahead. One account's many big files thus
 * hold another's small one for one turn at most, not for all of them.
 */
async function claimCandidates(db: Kysely<Database>, at: string, limit: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    with due as (
      select id, workspace_id, row_number() over (partition by workspace_id order by id) as turn
      from imports
      where status in ('queued', 'running') and (locked_until is null or locked_until < ${at})
    )
    select due.id from due
    where due.turn = 1
    order by coalesce(
        (select max(served.claimed_at) from imports served where served.workspace_id = due.workspace_id), ''),
      due.id
    limit ${limit}`.execute(db);
  return rows.map((row) => Number(row.id));
}

/**
 * Claims a due job (see claimCandidates; only `only` when given) for `leaseMs` under the token
 * `lease`. The conditional update is what only one instance can win, as for webhook deliveries;
 * an instance that loses one tries the next account's. `attempts` counts the starts.
 */
export async function claimImport(
  db: Kysely<Database>,
  now: Date,
  leaseMs: number,
  lease: string,
  only?: number,
): Promise<ImportJob | undefined> {
  const at = timestamp(now);
  const due = only === undefined ? await claimCandidates(db, at, 5) : [only];
  for (const id of due) {
    const result = await db
      .updateTable('imports')
      .set((eb) => ({
        status: 'running',
        lease,
        locked_until: timestamp(new Date(now.getTime() + leaseMs)),
        attempts: eb('attempts', '+', 1),
        claimed_at: at,
        updated_at: at,
      }))
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) continue;
    return findImport(db, id);
  }
  return undefined;
}

/**
 * Writes the counters and extends the lease, only while `lease` still holds the job; false when
 * another instance has taken it over (the caller's transaction must then roll back).
 */
export async function saveImportProgress(
  db: Kysely<Database>,
  id: number,
  lease: string,
  progress: ImportProgress,
  lockedUntil: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set({
      total: progress.total,
      processed: progress.processed,
      created: progress.created,
      skipped: progress.skipped,
      invalid: progress.invalid,
      errors: JSON.stringify(progress.errors),
      locked_until: timestamp(lockedUntil),
      updated_at: timestamp(),
    })
    .where('id', '=', id)
    .where('lease', '=', lease)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends the job (done or failed, with the reason); false when the lease was lost. */
export async function finishImport(
  db: Kysely<Database>,
  id: number,
  lease: string | null,
  status: 'done' | 'failed',
  failureReason: string | null,
): Promise<boolean> {
  const now = timestamp();
  let query = db
    .updateTable('imports')
    .set((eb) => ({
      status,
      // Done: the total is what was read (the first count is a fast scan for the progress bar).
      ...(status === 'done' ? { total: eb.ref('processed') } : {}),
      failure_reason: failureReason,
      lease: null,
      locked_until: null,
      finished_at: now,
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running']);
  if (lease !== null) query = query.where('lease', '=', lease);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Lets the job go without finishing it (a shutdown): another instance, or this one restarted, resumes it. */
export async function releaseImport(db: Kysely<Database>, id: number, lease: string): Promise<void> {
  await db
    .updateTable('imports')
    // A shutdown is not a failed start: it does not count towards the job's attempts.
    .set((eb) => ({ lease: null, locked_until: null, attempts: eb('attempts', '-', 1), updated_at: timestamp() }))
    .where('id', '=', id)
    .where('lease', '=', lease)
    .execute();
}

const INSERT_ROWS_PER_STATEMENT = 2000;

/**
 * Inserts the links, 2,000 a statement; a code already taken is left out (ON CONFLICT DO NOTHING,
 * which keeps a PostgreSQL transaction usable). Answers the codes that were inserted.
 */
export async function insertImportedLinks(
  db: Kysely<Database>,
  links: readonly ImportedLink[],
): Promise<Map<string, number>> {
  const inserted = new Map<string, number>();
  const now = timestamp();
  // 12 parameters a row: 2,000 rows stay under SQLite's 32,766 and PostgreSQL's 65,535 per statement.
  for (let at = 0; at < links.length; at += INSERT_ROWS_PER_STATEMENT) {
    const rows = await db
      .insertInto('links')
      .values(
        links.slice(at, at + INSERT_ROWS_PER_STATEMENT).map((link) => ({
          workspace_id: link.workspaceId,
          short_code: link.shortCode,
          redirect_url: link.redirectUrl,
          is_active: 1,
          category_id: link.categoryId,
          domain_id: null,
          conditions: '[]',
          type: 'simple',
          click_count: 0,
          title: link.title,
          created_at: link.createdAt,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'short_code'])
      .execute();
    for (const row of rows) inserted.set(row.short_code, row.id);
  }
  return inserted;
}

/**
 * After a large import on PostgreSQL, refreshes the planner's statistics of `links` at once
 * rather than at autovacuum's next pass: with the estimates of the table before it (a few rows),
 * the export's keyset page became a sort of every remaining link, 0.6 s a page at 1,000,000.
 */
export async function analyzeLinks(db: Kysely<Database>): Promise<void> {
  if (isPostgres(db)) await sql`analyze links`.execute(db);
}

export const importStore = {
  analyzeLinks,
  beginUpload: beginImportUpload,
  lockAccount: lockAccountImports,
  countUnderWay: countImportsUnderWay,
  appendChunk: appendUploadChunk,
  completeUpload: completeImportUpload,
  readChunk: readUploadChunk,
  deleteChunks: deleteUploadChunks,
  deleteLegacySource: deleteLegacyImportSource,
  deleteUnfinishedUpload,
  uploadLeftovers: findUploadLeftovers,
  find: findImport,
  list: listImports,
  legacySource: readLegacyImportSource,
  claim: claimImport,
  hasClaimable: hasClaimableImport,
  otherAccountWaiting,
  saveProgress: saveImportProgress,
  finish: finishImport,
  release: releaseImport,
  insertLinks: insertImportedLinks,
};
