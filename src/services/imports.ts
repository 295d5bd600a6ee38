import { AppError } from '../core/errors.ts';
import { readImportRow, rowProblem, type ImportColumns, type ImportRow } from '../core/import-rows.ts';
import { tagKey } from '../core/tags.ts';
import type { Principal } from '../core/model.ts';
import { hasApiAccess } from '../core/plans.ts';
import { randomShortCode } from '../core/short-codes.ts';
import { timestamp } from '../core/time.ts';
import type { ImportedLink, ImportJob, ImportProgress, ImportRowError } from '../storage/imports.kysely.ts';
import type { ExportedLink } from '../storage/links.kysely.ts';
import type { Stores } from '../storage/stores.ts';
import { ownedOrThrow } from './ownership.ts';
import type { UnitOfWork, Work } from './unit-of-work.ts';

/** Inserts the rows that name their own code; answers those whose code was taken. */
async function insertOwnCodes<Row extends { link: ImportRow }>(
  work: Work,
  rows: readonly Row[],
  toInsert: (row: Row, code: string) => ImportedLink,
  created: InsertedLinks,
): Promise<Row[]> {
  const inserted = await work.stores.imports.insertLinks(rows.map((row) => toInsert(row, row.link.shortCode!)));
  const taken: Row[] = [];
  for (const row of rows) {
    const id = inserted.get(row.link.shortCode!);
    if (id === undefined) taken.push(row);
    else created.add(row.link.shortCode!, row.link, id);
  }
  return taken;
}

/** The links a chunk inserted, by code; those with tags are tagged together once they all exist. */
class InsertedLinks {
  readonly codes: string[] = [];
  readonly #tagged: { link: ImportRow; id: number }[] = [];

  add(code: string, link: ImportRow, id: number): void {
    this.codes.push(code);
    if (link.tags.length > 0) this.#tagged.push({ link, id });
  }

  async writeTags(work: Work, workspaceId: number): Promise<void> {
    const names = this.#tagged.flatMap(({ link }) => link.tags);
    const tags = await work.stores.tags.ensure(workspaceId, names);
    const pairs = this.#tagged.flatMap(({ link, id }) =>
      link.tags.map((name) => ({ linkId: id, tagId: tags.get(tagKey(name))!.id })),
    );
    await work.stores.tags.addPairs(pairs);
  }
}

/** Row errors an import keeps (the counters count them all). */
export const MAX_IMPORT_ERRORS = 100;
/** How many imports GET /imports lists, newest first. */
export const IMPORT_LIST_LIMIT = 100;
const RANDOM_CODE_ATTEMPTS = 5;

export async function getImportOrThrow(stores: Stores, principal: Principal, id: number): Promise<ImportJob> {
  return ownedOrThrow(await stores.imports.find(id), principal, 'import');
}

export function listUserImports(stores: Stores, principal: Principal): Promise<ImportJob[]> {
  return stores.imports.list(principal.workspace.id, IMPORT_LIST_LIMIT);
}

/** A data row as read: its 1-based number under the header, and its cells. */
export interface NumberedRecord {
  row: number;
  record: string[];
}

/** The job a chunk belongs to, and the lease under which this instance works it. */
export interface ChunkContext {
  jobId: number;
  workspaceId: number;
  lease: string;
  leaseMs: number;
  columns: ImportColumns;
}

/** The lease was taken over by another instance: this one must stop, its chunk rolled back. */
export class LeaseLostError extends Error {
  constructor(jobId: number) {
    super(`import ${jobId}: the lease was taken over by another instance`);
    this.name = 'LeaseLostError';
  }
}

/**
 * Imports one chunk of rows in the caller's transaction, and writes the job's counters and
 * resume position in that same transaction: after a crash the job resumes exactly after the last
 * committed chunk, with nothing written twice and nothing lost.
 *
 * Each row is validated like POST /links (destination, custom code, title); a bad row is counted
 * and reported and never stops the others. The valid rows go in with one multi-row INSERT ... ON
 * CONFLICT DO NOTHING; a custom code that is taken (already, or by an earlier row of the file) is
 * skipped with its reason, and a random code that collides is drawn again.
 *
 * Events: one `links-imported` event per chunk carrying its codes, not one `created` event per
 * link. The only cache entries a new link can make stale are negative ones (a code visited before
 * it existed), which that event clears; link.created webhooks are not sent for imported links
 * (a million deliveries for one upload would swamp every receiver).
 */
export async function importChunk(
  work: Work,
  context: ChunkContext,
  rows: readonly NumberedRecord[],
  before: ImportProgress,
  now: Date = new Date(),
): Promise<ImportProgress> {
  const found: ImportRowError[] = [];
  const report = (row: number, message: string) => found.push({ row, message });
  let invalid = 0;
  let skipped = 0;
  const valid: Array<{ row: number; link: ImportRow }> = [];
  const customCodes = new Set<string>();
  for (const { row, record } of rows) {
    let link: ImportRow;
    try {
      link = readImportRow(record, context.columns);
    } catch (error) {
      const problem = rowProblem(error);
      if (problem === undefined) throw error;
      invalid += 1;
      report(row, problem);
      continue;
    }
    if (link.shortCode !== null) {
      if (customCodes.has(link.shortCode)) {
        skipped += 1;
        report(row, takenMessage(link.shortCode));
        continue;
      }
      customCodes.add(link.shortCode);
    }
    valid.push({ row, link });
  }

  const categoryNames = valid.flatMap(({ link }) => (link.category === null ? [] : [link.category]));
  const categories = await work.stores.categories.ensure(context.workspaceId, categoryNames);
  const importedAt = timestamp(now);
  const toInsert = (row: { link: ImportRow }, code: string) => ({
    workspaceId: context.workspaceId,
    shortCode: code,
    redirectUrl: row.link.redirectUrl,
    title: row.link.title,
    categoryId: row.link.category === null ? null : (categories.get(row.link.category) ?? null),
    createdAt: row.link.createdAt ?? importedAt,
  });

  const created = new InsertedLinks();
  const custom = valid.filter(({ link }) => link.shortCode !== null);
  for (const { row, link } of await insertOwnCodes(work, custom, toInsert, created)) {
    skipped += 1;
    report(row, takenMessage(link.shortCode!));
  }
  let pending = valid.filter(({ link }) => link.shortCode === null);
  for (let attempt = 1; pending.length > 0; attempt++) {
    const drawn = pending.map((row) => ({ row, code: randomShortCode() }));
    const inserted = await work.stores.imports.insertLinks(drawn.map(({ row, code }) => toInsert(row, code)));
    const collided: typeof pending = [];
    const seen = new Set<string>();
    for (const { row, code } of drawn) {
      // A code drawn twice in one chunk was inserted once: the later row draws again.
      if (inserted.has(code) && !seen.has(code)) {
        seen.add(code);
        created.add(code, row.link, inserted.get(code)!);
      } else collided.push(row);
    }
    pending = collided;
    if (attempt >= RANDOM_CODE_ATTEMPTS) {
      for (const { row } of pending) {
        invalid += 1;
        report(row, 'No free random short code was found; import the row again.');
      }
      break;
    }
  }

  await created.writeTags(work, context.workspaceId);

  // In file order, whichever step found them; the first 100 of the whole file are kept.
  found.sort((a, b) => a.row - b.row);
  const errors = [...before.errors, ...found.slice(0, Math.max(0, MAX_IMPORT_ERRORS - before.errors.length))];
  const progress: ImportProgress = {
    total: before.total,
    processed: before.processed + rows.length,
    created: before.created + created.codes.length,
    skipped: before.skipped + skipped,
    invalid: before.invalid + invalid,
    errors,
  };
  const stillOurs = await work.stores.imports.saveProgress(
    context.jobId,
    context.lease,
    progress,
    new Date(now.getTime() + context.leaseMs),
  );
  if (!stillOurs) throw new LeaseLostError(context.jobId);
  if (created.codes.length > 0)
    work.emit({ kind: 'links-imported', workspaceId: context.workspaceId, codes: created.codes });
  return progress;
}

function takenMessage(code: string): string {
  return `The short code "${code}" has already been taken; the row was skipped.`;
}

/** Pro and Business (a dashboard session on another plan gets the same 403 as a token would). */
export function assertCanExport(principal: Principal): void {
  if (!hasApiAccess(principal.workspace.plan)) {
    throw new AppError('plan-required', 'Exporting links requires the Pro or Business plan.');
  }
}

export const EXPORT_PAGE_SIZE = 1000;

/**
 * The user's links in pages by id, each page its own short read: memory stays one page whatever
 * the number of links, and no read holds a snapshot (or SQLite's WAL) for the whole download.
 * Links created while it runs appear if their id is past the page being read.
 */
export async function* exportUserLinks(
  uow: UnitOfWork,
  principal: Principal,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<ExportedLink[]> {
  assertCanExport(principal);
  let afterId = 0;
  for (;;) {
    const page = await uow.read((stores) => stores.links.exportPage(principal.workspace.id, afterId, pageSize));
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    afterId = page.at(-1)!.id;
  }
}
