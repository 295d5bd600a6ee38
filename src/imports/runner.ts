import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { AppError, messageOf } from '../core/errors.ts';
import { isEarningsHeader, mapEarningsHeader, type EarningsColumns } from '../core/earnings-report.ts';
import { mapImportHeader, type ImportColumns } from '../core/import-rows.ts';
import { refreshLinkStatistics } from '../services/bulk-links.ts';
import { importEarningsChunk } from '../services/earnings-import.ts';
import { CsvRowCounter, csvRecords, EARNINGS_TITLE_LINES } from '../services/import-csv.ts';
import { purgeUpload, readUpload } from '../services/import-uploads.ts';
import { importChunk, LeaseLostError, type NumberedRecord } from '../services/imports.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import type { ImportJob, ImportProgress } from '../storage/imports.kysely.ts';

export interface RunOptions {
  leaseMs: number;
  /** Rows per transaction (default 5,000: see DEFAULT_CHUNK_SIZE). */
  chunkSize?: number;
  /** A job started this many times without finishing is failed instead of tried again (default 5). */
  maxAttempts?: number;
  /** Told after each committed chunk. */
  onProgress?: (progress: ImportProgress) => void;
  /** Asked between chunks: true lets the job go (released, resumed later) instead of going on. */
  stopping?: () => boolean;
  /**
   * Asked between chunks: true gives the worker to another account's job (this one is released
   * and resumed in its account's next turn, from its last chunk).
   */
  yielding?: () => Promise<boolean>;
}

/**
 * How a run ended: finished (done or failed with a reason), let go on shutdown, let go for
 * another account's turn, or taken over.
 */
export type RunOutcome = 'done' | 'failed' | 'released' | 'yielded' | 'lost';

/**
 * Rows per transaction. Measured on SQLite, 300,000 rows on 2 busy cores: 1,000 a chunk took 38 s
 * (each commit rewrites, in the WAL, a page of every index for nearly every row: codes and URLs
 * land on random pages), 5,000 took 9.5 s and 10,000 10.8 s. A 5,000-row chunk holds the write
 * lock for about 150 ms, well inside the click writer's 5 s busy timeout.
 */
export const DEFAULT_CHUNK_SIZE = 5000;
export const DEFAULT_MAX_ATTEMPTS = 5;
/** Links created by one run past which the planner's statistics are refreshed (PostgreSQL). */
const ANALYZE_AFTER_ROWS = 10_000;

/**
 * Runs a job this instance has claimed under `lease`, from its resume position to the end.
 * Every chunk commits its links together with the counters and the position, so a crash at any
 * point resumes after the last committed chunk; a job that keeps crashing its instance is failed
 * with the reason after `maxAttempts` starts, never retried forever nor left half-done in silence.
 * The file is read back from the database one stored chunk at a time, and deleted once the job
 * has ended (done or failed); the job's report stays.
 */
export async function runImport(
  uow: UnitOfWork,
  job: ImportJob,
  lease: string,
  options: RunOptions,
): Promise<RunOutcome> {
  const run: Run = { uow, job, lease, options, progress: progressOf(job) };
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (job.attempts > maxAttempts) {
    return fail(
      run,
      `The import was started ${maxAttempts} times without finishing (its instance stopped each time); ` +
        `the first ${job.processed} rows were imported.`,
    );
  }
  const source = await openUpload(run);
  if (typeof source === 'string') return source;
  let rows: RowsEnd;
  try {
    rows = await importRows(run, source);
  } catch (error) {
    if (error instanceof LeaseLostError) return 'lost';
    throw error;
  }
  if (rows.end === 'failed') return fail(run, rows.reason);
  if (rows.end !== 'read') return rows.end;
  const finished = await uow.transact(({ stores }) => stores.imports.finish(job.id, lease, 'done', null));
  if (!finished) return 'lost';
  await purgeUpload(uow, job.id);
  if (run.progress.created - job.created >= ANALYZE_AFTER_ROWS) {
    await uow.read((stores) => stores.imports.analyzeLinks());
  }
  return 'done';
}

/** One run of a job: what its steps share, and its progress as the last committed chunk left it. */
interface Run {
  uow: UnitOfWork;
  job: ImportJob;
  lease: string;
  options: RunOptions;
  progress: ImportProgress;
}

/** How reading the rows ended: every row imported, the job let go between chunks, or why it fails. */
type RowsEnd = { end: 'read' } | { end: 'released' | 'yielded' } | { end: 'failed'; reason: string };

function progressOf(job: ImportJob): ImportProgress {
  return {
    total: job.total,
    processed: job.processed,
    created: job.created,
    skipped: job.skipped,
    invalid: job.invalid,
    errors: job.errors,
  };
}

/** Ends the job as failed with `reason`, and deletes its file; 'lost' if the lease was taken over. */
async function fail({ uow, job, lease }: Run, reason: string): Promise<RunOutcome> {
  const finished = await uow.transact(({ stores }) => stores.imports.finish(job.id, lease, 'failed', reason));
  if (!finished) return 'lost';
  await purgeUpload(uow, job.id);
  return 'failed';
}

/**
 * The job's stored file to read from the start, its rows counted first if they were not yet:
 * or how the run ended instead (the file gone, the lease lost).
 */
async function openUpload(run: Run): Promise<AsyncIterable<string> | RunOutcome> {
  const { uow, job, lease, options } = run;
  const source = await readUpload(uow, job.id);
  if (source === undefined) return fail(run, 'The uploaded file is no longer stored.');
  if (run.progress.total !== null) return source;
  // Counted on upload; a job queued before that was is counted here, in one pass over its file.
  const counter = new CsvRowCounter();
  for await (const text of source) counter.push(text);
  run.progress = { ...run.progress, total: counter.end() };
  const again = await readUpload(uow, job.id);
  if (again === undefined) return fail(run, 'The uploaded file is no longer stored.');
  const leaseUntil = new Date(Date.now() + options.leaseMs);
  if (!(await uow.transact(({ stores }) => stores.imports.saveProgress(job.id, lease, run.progress, leaseUntil)))) {
    return 'lost';
  }
  options.onProgress?.(run.progress);
  return again;
}

/**
 * Imports the rows past the job's position, a chunk per transaction; between chunks the job may be
 * let go (shutdown, another account's turn). Throws LeaseLostError when the lease was taken over.
 */
async function importRows(run: Run, source: AsyncIterable<string>): Promise<RowsEnd> {
  const { uow, job, lease, options } = run;
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  let columns: ImportColumns | EarningsColumns | undefined;
  let titleLines = 0;
  let row = 0;
  let chunk: NumberedRecord[] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const rows = chunk;
    chunk = [];
    const before = run.progress;
    const context = { jobId: job.id, workspaceId: job.workspaceId, lease, leaseMs: options.leaseMs };
    run.progress = await uow.transact((work) =>
      job.format === 'amazon-earnings'
        ? importEarningsChunk(work, { ...context, columns: columns as EarningsColumns }, rows, before)
        : importChunk(work, { ...context, columns: columns as ImportColumns }, rows, before),
    );
    if (job.format !== 'amazon-earnings') {
      const added = run.progress.created - before.created;
      await uow.read((stores) => refreshLinkStatistics(stores, added));
    }
    options.onProgress?.(run.progress);
  };
  try {
    for await (const record of csvRecords(source)) {
      if (columns === undefined) {
        // An earnings report may have a title line or two above its header: not rows.
        const title = job.format === 'amazon-earnings' && !isEarningsHeader(record as string[]);
        if (title && ++titleLines <= EARNINGS_TITLE_LINES) {
          // The upload counted it as a row; a job that committed rows already saved the count without it.
          const { total } = run.progress;
          if (job.processed === 0 && total !== null) run.progress = { ...run.progress, total: Math.max(0, total - 1) };
          continue;
        }
        columns =
          job.format === 'amazon-earnings'
            ? mapEarningsHeader(record as string[])
            : mapImportHeader(record as string[]);
        continue;
      }
      row += 1;
      if (row <= job.processed) continue; // committed by an earlier run
      chunk.push({ row, record: record as string[] });
      if (chunk.length >= chunkSize) {
        await flush();
        if (options.stopping?.()) {
          await uow.transact(({ stores }) => stores.imports.release(job.id, lease));
          return { end: 'released' };
        }
        if (await options.yielding?.()) {
          await uow.transact(({ stores }) => stores.imports.release(job.id, lease));
          return { end: 'yielded' };
        }
        await yieldToOthers(); // let requests in between chunks
      }
    }
  } catch (error) {
    if (error instanceof LeaseLostError) throw error;
    if (error instanceof AppError) return { end: 'failed', reason: error.message }; // the header
    if (isParseError(error)) {
      await flush();
      return { end: 'failed', reason: `The CSV could not be read after data row ${row}: ${messageOf(error)}` };
    }
    throw error;
  }
  if (columns === undefined) return { end: 'failed', reason: 'The file is empty.' };
  await flush();
  return { end: 'read' };
}

/** csv-parse's errors carry a `CSV_...` code (CSV_QUOTE_NOT_CLOSED, CSV_MAX_RECORD_SIZE, ...). */
function isParseError(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('CSV_');
}
