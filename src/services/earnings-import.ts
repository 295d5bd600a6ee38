import { readEarningsRow, type EarningsColumns } from '../core/earnings-report.ts';
import { rowProblem } from '../core/import-rows.ts';
import type { ImportProgress, ImportRowError } from '../storage/imports.kysely.ts';
import { upsertConversion } from './conversions.ts';
import { LeaseLostError, MAX_IMPORT_ERRORS, type ChunkContext, type NumberedRecord } from './imports.ts';
import type { Work } from './unit-of-work.ts';

/**
 * One chunk of an Amazon earnings report, in the caller's transaction with the job's counters and
 * position, as a links import's chunk is (importChunk): each row becomes a conversion, attributed
 * through its sub-tag when that is one of the workspace's click ids, and kept once per row key,
 * so a report imported twice adds nothing. `created` counts new conversions, `skipped` rows the
 * workspace had already (updated if they changed), `invalid` rows refused.
 */
export async function importEarningsChunk(
  work: Work,
  context: Omit<ChunkContext, 'columns'> & { columns: EarningsColumns },
  rows: readonly NumberedRecord[],
  before: ImportProgress,
  now: Date = new Date(),
): Promise<ImportProgress> {
  const found: ImportRowError[] = [];
  let created = 0;
  let skipped = 0;
  let invalid = 0;
  for (const { row, record } of rows) {
    try {
      const earnings = readEarningsRow(record, context.columns);
      const recorded = await upsertConversion(
        work,
        context.workspaceId,
        {
          click_id: earnings.clickId,
          order_id: earnings.orderId,
          amount: earnings.amount,
          commission: earnings.commission,
          currency: earnings.currency,
          status: earnings.status,
          occurred_at: earnings.occurredAt,
        },
        'import',
        await linkOfTrackingId(work, context.workspaceId, earnings.trackingId),
      );
      if (recorded.created) created += 1;
      else skipped += 1;
    } catch (error) {
      const problem = rowProblem(error);
      if (problem === undefined) throw error;
      invalid += 1;
      found.push({ row, message: problem });
    }
  }
  const errors = [...before.errors, ...found.slice(0, Math.max(0, MAX_IMPORT_ERRORS - before.errors.length))];
  const progress: ImportProgress = {
    total: before.total,
    processed: before.processed + rows.length,
    created: before.created + created,
    skipped: before.skipped + skipped,
    invalid: before.invalid + invalid,
    errors,
  };
  const leaseUntil = new Date(now.getTime() + context.leaseMs);
  if (!(await work.stores.imports.saveProgress(context.jobId, context.lease, progress, leaseUntil))) {
    throw new LeaseLostError(context.jobId);
  }
  return progress;
}

/**
 * The link a report's tracking id credits when its sub-tag names no click: the one link of the
 * workspace that chose that tracking id, or none when no link or several did (the report does not
 * say which of them sold).
 */
async function linkOfTrackingId(work: Work, workspaceId: number, trackingId: string): Promise<number | null> {
  const ids = await work.stores.links.withTrackingId(workspaceId, trackingId);
  return ids.length === 1 ? ids[0]! : null;
}
