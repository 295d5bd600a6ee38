import { sql, type Kysely } from 'kysely';
import { timestamp } from '../core/time.ts';
import { isPostgres } from './engine.ts';
import { requireTransaction } from './errors.ts';
import type { Database } from './schema.ts';

export type ImportStatus = 'queued' | 'running' | 'done' | 'failed';

export interface ImportRowError {
  /** 1-based data row number: the header is not counted, the first row under it is 1. */
  row: number;
  message: string;
}

/** An import job without its CSV (read apart: it can be 50 MB). */
export interface ImportJob {
  id: number;
  userId: number;
  status: ImportStatus;
  total: number | null;
  processed: number;
  created: number;
  skipped: number;
  invalid: number;
  errors: ImportRowError[];
  failureReason: string | null;
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
  userId: number;
  shortCode: string;
  redirectUrl: string;
  title: string | null;
  categoryId: number | null;
  createdAt: string;
}

const JOB_COLUMNS = [
  'id',
  'user_id',
  'status',
  'total',
  'processed',
  'created',
  'skipped',
  'invalid',
  'errors',
  'failure_reason',
  'attempts',
  'created_at',
  'updated_at',
  'finished_at',
] as const;

type JobRow = {
  id: number;
  user_id: number;
  status: string;
  total: number | null;
  processed: number;
  created: number;
  skipped: number;
  invalid: number;
  errors: string;
  failure_reason: string | null;
  attempts: number;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
};

function toJob(row: JobRow): ImportJob {
  return {
    id: row.id,
    userId: row.user_id,
    status: row.status as ImportStatus,
    total: row.total === null ? null : Number(row.total),
    processed: Number(row.processed),
    created: Number(row.created),
    skipped: Number(row.skipped),
    invalid: Number(row.invalid),
    errors: JSON.parse(row.errors) as ImportRowError[],
    failureReason: row.failure_reason,
    attempts: Number(row.attempts),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
  };
}

/** The job and its CSV: two rows, so it needs the caller's transaction. */
export async function insertImport(db: Kysely<Database>, userId: number, source: string): Promise<ImportJob> {
  requireTransaction(db, 'insertImport');
  const now = timestamp();
  const row = await db
    .insertInto('imports')
    .values({ user_id: userId, status: 'queued', total: null, created_at: now, updated_at: now })
    .returning(JOB_COLUMNS)
    .executeTakeFirstOrThrow();
  await db.insertInto('import_sources').values({ import_id: row.id, source }).execute();
  return toJob(row);
}

export async function findImport(db: Kysely<Database>, id: number): Promise<ImportJob | undefined> {
  const row = await db.selectFrom('imports').select(JOB_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toJob(row);
}

/** The user's imports, newest first. */
export async function listImports(db: Kysely<Database>, userId: number, limit: number): Promise<ImportJob[]> {
  const rows = await db
    .selectFrom('imports')
    .select(JOB_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toJob);
}

export async function readImportSource(db: Kysely<Database>, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('import_sources').select('source').where('import_id', '=', id).executeTakeFirst();
  return row?.source;
}

/** Whether any job waits to be claimed: a plain read, so an idle poll never takes a write lock. */
export async function hasClaimableImport(db: Kysely<Database>, now: Date): Promise<boolean> {
  const at = timestamp(now);
  const row = await db
    .selectFrom('imports')
    .select('id')
    .where('status', 'in', ['queued', 'running'])
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims the oldest job that is queued, or running with an expired lease (its instance died or
 * stalled), for `leaseMs` under the token `lease`. The conditional update is what only one
 * instance can win, as for webhook deliveries; `attempts` counts the starts.
 */
export async function claimImport(
  db: Kysely<Database>,
  now: Date,
  leaseMs: number,
  lease: string,
  only?: number,
): Promise<ImportJob | undefined> {
  const at = timestamp(now);
  let candidates = db
    .selectFrom('imports')
    .select('id')
    .where('status', 'in', ['queued', 'running'])
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]));
  if (only !== undefined) candidates = candidates.where('id', '=', only);
  const due = await candidates.orderBy('id').limit(5).execute();
  for (const { id } of due) {
    const result = await db
      .updateTable('imports')
      .set((eb) => ({
        status: 'running',
        lease,
        locked_until: timestamp(new Date(now.getTime() + leaseMs)),
        attempts: eb('attempts', '+', 1),
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
          user_id: link.userId,
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
  insert: insertImport,
  find: findImport,
  list: listImports,
  source: readImportSource,
  claim: claimImport,
  hasClaimable: hasClaimableImport,
  saveProgress: saveImportProgress,
  finish: finishImport,
  release: releaseImport,
  insertLinks: insertImportedLinks,
};
