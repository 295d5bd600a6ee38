import { AppError, invalidField } from '../core/errors.ts';
import type { Principal } from '../core/model.ts';
import { assertBusiness } from '../core/plans.ts';
import type { ImportJob } from '../storage/imports.kysely.ts';
import type { ImportFormat } from '../core/earnings-report.ts';
import { CsvRowCounter, readEarningsHeader, readImportHeader } from './import-csv.ts';
import type { UnitOfWork, Work } from './unit-of-work.ts';
import { assertMay } from '../core/roles.ts';

/**
 * Imports an account may have under way at once (uploading, queued or running); one more is a
 * 429. One worker per instance runs one job at a time, so an account's third file would only
 * wait behind its first two, holding its upload's bytes in the database meanwhile.
 */
export const MAX_IMPORTS_UNDER_WAY = 2;
/**
 * The bytes of an upload stored per chunk (a row of its own): the unit in which the service holds
 * a file, on the way in and on the way out.
 */
export const UPLOAD_CHUNK_BYTES = 256 * 1024;
/** An upload that has stored no chunk for this long is taken for abandoned (its instance stopped). */
export const UPLOAD_HOLD_MS = 120_000;
/** Seconds a 429 for too many imports under way suggests waiting (Retry-After). */
export const IMPORTS_UNDER_WAY_RETRY_SECONDS = 60;
/**
 * Chunks one transaction writes at most, and how many may be read ahead while it runs: an upload
 * holds at most 4 MB in memory (a batch being written and the next), and a transaction writes 2 MB.
 */
const WRITE_BATCH_CHUNKS = 8;
/** The header must be within this much of the start of the file (as the parser's first slice). */
const HEADER_PROBE_BYTES = 64 * 1024;
/** Chunks deleted per transaction: 8 MB of pages freed, a few milliseconds of the write lock. */
const PURGE_CHUNKS_PER_TRANSACTION = 32;
/** Leftovers one sweep takes at most (each deleted in bounded transactions). */
const SWEEP_BATCH = 20;

export interface UploadOptions {
  /** Past this many bytes the upload is refused (413) and what was stored of it deleted. */
  maxBytes: number;
  /** Held to MAX_IMPORTS_UNDER_WAY (default); the operator's CLI, which runs its job itself, is not. */
  limitUnderWay?: boolean;
  /** Claims the job in the transaction that queues it, so no worker starts it (the CLI runs it itself). */
  claim?: { lease: string; leaseMs: number };
  /** Bytes per stored chunk (UPLOAD_CHUNK_BYTES); at least the header's 64 KB. */
  chunkBytes?: number;
  /** What the file holds: links (the default) or an Amazon earnings report. */
  format?: ImportFormat;
}

/**
 * The new job of an upload (Business), held as `uploading` until its file has arrived. Over the
 * account's limit of imports under way it is a 429 that says how many there are.
 */
export async function beginUpload(
  work: Work,
  principal: Principal,
  limitUnderWay: boolean,
  format: ImportFormat = 'links',
): Promise<ImportJob> {
  assertBusiness(principal.workspace.plan, 'Imports');
  assertMay(principal.role, 'links.write');
  if (limitUnderWay) {
    await work.stores.imports.lockAccount(principal.workspace.id);
    const underWay = await work.stores.imports.countUnderWay(principal.workspace.id);
    if (underWay >= MAX_IMPORTS_UNDER_WAY) {
      throw new AppError(
        'rate-limited',
        `You have ${underWay} imports under way (uploading, queued or running); an account may have at most ` +
          `${MAX_IMPORTS_UNDER_WAY} at once. Send this file again when one of them has finished.`,
      );
    }
  }
  return work.stores.imports.beginUpload(principal.workspace.id, new Date(Date.now() + UPLOAD_HOLD_MS), format);
}

/**
 * Stores an uploaded CSV as it arrives and queues its import: `body` is read piece by piece and
 * written in chunks of `chunkBytes`, a few chunks per short transaction, so the service never
 * holds more than a few chunks of the file whatever its size, and a transaction never holds the
 * write lock for more than a few chunks. The header is checked with the first chunk (422 without a
 * destination column), every chunk for NUL bytes (422: not a text file), the size as it grows
 * (413 past `maxBytes`), and the data rows counted on the way (the job's `total`). A refused,
 * failed or interrupted upload leaves nothing stored: its chunks and its job are deleted.
 */
export async function storeUpload(
  uow: UnitOfWork,
  principal: Principal,
  body: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  options: UploadOptions,
): Promise<ImportJob> {
  const chunkBytes = Math.max(options.chunkBytes ?? UPLOAD_CHUNK_BYTES, HEADER_PROBE_BYTES);
  const format = options.format ?? 'links';
  const job = await uow.transact((work) => beginUpload(work, principal, options.limitUnderWay ?? true, format));
  const readHeader = format === 'links' ? readImportHeader : readEarningsHeader;
  // Chunks cut and checked, waiting to be written (at most WRITE_BATCH_CHUNKS of them are read ahead).
  const ready: Array<{ seq: number; data: Buffer }> = [];
  let writing: Promise<void> | undefined;
  let written = false;
  try {
    const counter = new CsvRowCounter();
    const decoder = new TextDecoder();
    let seq = 0;
    const cut = (data: Buffer) => {
      if (data.includes(0)) throw invalidField('file', 'The file is not a text CSV file.');
      const text = decoder.decode(data, { stream: true });
      if (seq === 0) readHeader(text.slice(0, HEADER_PROBE_BYTES));
      counter.push(text);
      ready.push({ seq, data });
      seq += 1;
    };
    // The file is read on while a batch is being written, and the next batch takes every chunk
    // read meanwhile: on SQLite a write waits for its turn behind the import running on the same
    // thread (a fraction of a second), and one chunk a turn made a 50 MB upload take a minute.
    const pump = async (final: boolean) => {
      for (;;) {
        if (writing) {
          if (!written && !final && ready.length < WRITE_BATCH_CHUNKS) return;
          await writing;
          writing = undefined;
        }
        if (ready.length === 0) return;
        const batch = ready.splice(0, WRITE_BATCH_CHUNKS);
        written = false;
        writing = uow
          .transact(async ({ stores }) => {
            const hold = new Date(Date.now() + UPLOAD_HOLD_MS);
            for (const chunk of batch) {
              if (!(await stores.imports.appendChunk(job.id, chunk.seq, chunk.data, hold))) return false;
            }
            return true;
          })
          .then((stored) => {
            if (!stored) throw interrupted();
          })
          .finally(() => (written = true));
        writing.catch(() => {}); // awaited above, or before the upload is discarded
      }
    };
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    for await (const piece of body) {
      const bytes =
        typeof piece === 'string' ? Buffer.from(piece) : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
      size += bytes.length;
      if (size > options.maxBytes) {
        throw new AppError('too-large', `The file is larger than ${Math.floor(options.maxBytes / 1024 / 1024)} MB.`);
      }
      let offset = 0;
      while (pendingBytes + bytes.length - offset >= chunkBytes) {
        const take = chunkBytes - pendingBytes;
        pending.push(bytes.subarray(offset, offset + take));
        offset += take;
        cut(Buffer.concat(pending, chunkBytes));
        pending = [];
        pendingBytes = 0;
        await pump(false);
      }
      if (offset < bytes.length) {
        pending.push(bytes.subarray(offset));
        pendingBytes += bytes.length - offset;
      }
    }
    // The last piece of the file; an empty file is one empty chunk, refused by the header check.
    if (pendingBytes > 0 || seq === 0) cut(Buffer.concat(pending, pendingBytes));
    await pump(true);
    counter.push(decoder.decode());
    const total = counter.end();
    const queued = await uow.transact(async ({ stores }) => {
      if (!(await stores.imports.completeUpload(job.id, total))) return undefined;
      if (options.claim) return stores.imports.claim(new Date(), options.claim.leaseMs, options.claim.lease, job.id);
      return stores.imports.find(job.id);
    });
    if (!queued) throw interrupted();
    return queued;
  } catch (error) {
    await writing?.catch(() => {});
    // A database that fails here too leaves the upload to the sweep, once its hold has expired.
    await discardUpload(uow, job.id).catch(() => {});
    throw error;
  }
}

function interrupted(): AppError {
  return new AppError('unavailable', 'The upload was interrupted. Send the file again.');
}

/**
 * Deletes the stored file of a job (a chunk of chunks per transaction: a 50 MB file is 200 rows of
 * pages to free), keeping the job and its report. On SQLite the freed pages go to the database's
 * free list, where later writes take them: the file does not shrink, and does not grow again.
 */
export async function purgeUpload(uow: UnitOfWork, jobId: number): Promise<void> {
  while ((await uow.transact(({ stores }) => stores.imports.deleteChunks(jobId, PURGE_CHUNKS_PER_TRANSACTION))) > 0);
  await uow.transact(({ stores }) => stores.imports.deleteLegacySource(jobId));
}

/** Deletes an upload that did not complete: its chunks, then its job. */
export async function discardUpload(uow: UnitOfWork, jobId: number): Promise<void> {
  await purgeUpload(uow, jobId);
  await uow.transact(({ stores }) => stores.imports.deleteUnfinishedUpload(jobId));
}

/**
 * Deletes what a stopped instance left behind: uploads abandoned half-way (after UPLOAD_HOLD_MS
 * without a chunk), and the files of jobs that ended before their file was deleted. Answers how
 * many of each it took.
 */
export async function sweepUploads(
  uow: UnitOfWork,
  now: Date = new Date(),
): Promise<{ abandoned: number; ended: number }> {
  const { abandoned, ended } = await uow.read(({ imports }) => imports.uploadLeftovers(now, SWEEP_BATCH));
  for (const id of abandoned) await discardUpload(uow, id);
  for (const id of ended) await purgeUpload(uow, id);
  return { abandoned: abandoned.length, ended: ended.length };
}

/**
 * The text of a job's file, read back one chunk (one short read) at a time and decoded as UTF-8
 * across chunk boundaries; a job queued before uploads were chunked gives its one text.
 * Undefined when the job has no file stored.
 */
export async function readUpload(uow: UnitOfWork, jobId: number): Promise<AsyncIterable<string> | undefined> {
  const first = await uow.read(({ imports }) => imports.readChunk(jobId, 0));
  if (first === undefined) {
    const legacy = await uow.read(({ imports }) => imports.legacySource(jobId));
    if (legacy === undefined) return undefined;
    return (async function* () {
      yield legacy;
    })();
  }
  return (async function* () {
    const decoder = new TextDecoder();
    let chunk: Uint8Array | undefined = first;
    for (let seq = 1; chunk !== undefined; seq++) {
      const text = decoder.decode(chunk, { stream: true });
      if (text !== '') yield text;
      const next = seq;
      chunk = await uow.read(({ imports }) => imports.readChunk(jobId, next));
    }
    const rest = decoder.decode();
    if (rest !== '') yield rest;
  })();
}
