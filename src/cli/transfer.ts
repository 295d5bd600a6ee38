import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { SingleBar } from 'cli-progress';
import { linksCsv } from '../api/export-csv.ts';
import { importResource } from '../api/serializers.ts';
import { abilitiesUnderRole } from '../core/roles.ts';
import { ABILITIES } from '../core/plans.ts';
import { AppError } from '../core/errors.ts';
import type { Principal } from '../core/model.ts';
import { runImport } from '../imports/runner.ts';
import { storeUpload, UPLOAD_CHUNK_BYTES } from '../services/import-uploads.ts';
import { workspaceForUser } from '../services/workspaces.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import type { ImportProgress } from '../storage/imports.kysely.ts';

/** The CLI reads files bigger than the API's 50 MB (an operator's migration), up to this. */
export const MAX_CLI_IMPORT_BYTES = 512 * 1024 * 1024;

/** Where progress goes: a bar on a terminal, a plain line every few seconds otherwise, nothing with --json. */
export interface ProgressOutput {
  json: boolean;
  terminal?: NodeJS.WritableStream | undefined;
  line(text: string): void;
}

async function principalFor(uow: UnitOfWork, email: string, workspaceSlug?: string): Promise<Principal> {
  return uow.read(async (stores) => {
    const found = await stores.users.findByEmail(email);
    if (!found) throw new AppError('not-found', `No user with the email ${email}.`);
    const { passwordHash: _hash, personalWorkspaceId: _personal, ...user } = found;
    // The operator acts as the user in their personal workspace (or the one named), with every
    // ability their role there allows; the workspace's plan still decides (imports: Business).
    const { workspace, role } = await workspaceForUser(stores, user, workspaceSlug);
    const abilities = abilitiesUnderRole(ABILITIES, role);
    return { user, workspace, role, abilities, via: 'session', tokenId: null, sessionId: null, address: null };
  });
}

/**
 * `hoplink import`: the same job and the same runner as POST /imports, run here in-process. The
 * file is stored in chunks as it is read, as an upload is, so this process never holds it whole;
 * the job is queued already claimed (one transaction), so a service running on the same database
 * never starts it too; if this process is stopped, the service resumes it once the lease expires.
 * The operator's import is not held to the account's limit of imports under way.
 */
export async function importFile(
  uow: UnitOfWork,
  options: { email: string; file: string; leaseMs: number; chunkRows: number },
  output: ProgressOutput,
) {
  const principal = await principalFor(uow, options.email);
  const { size } = await stat(options.file);
  if (size > MAX_CLI_IMPORT_BYTES) {
    throw new AppError('validation-failed', `${options.file} is larger than ${MAX_CLI_IMPORT_BYTES / 1024 / 1024} MB.`);
  }
  const lease = randomUUID();
  const job = await storeUpload(
    uow,
    principal,
    createReadStream(options.file, { highWaterMark: UPLOAD_CHUNK_BYTES }) as AsyncIterable<Buffer>,
    { maxBytes: MAX_CLI_IMPORT_BYTES, limitUnderWay: false, claim: { lease, leaseMs: options.leaseMs } },
  );
  if (job.status !== 'running') throw new Error('The new import could not be claimed.');
  const report = progressReporter(output);
  const outcome = await runImport(uow, job, lease, {
    leaseMs: options.leaseMs,
    chunkSize: options.chunkRows,
    onProgress: report.update,
  });
  report.stop();
  const final = await uow.read((stores) => stores.imports.find(job.id));
  if (!final) throw new Error('The import disappeared.');
  return { outcome, record: importResource(final) };
}

function progressReporter(output: ProgressOutput) {
  const started = Date.now();
  if (output.json) return { update: () => {}, stop: () => {} };
  if (output.terminal) {
    const bar = new SingleBar({
      stream: output.terminal,
      format: 'Importing [{bar}] {percentage}% | {value}/{total} rows | {rate} rows/s | ETA {eta_formatted}',
      hideCursor: true,
      etaBuffer: 20,
    });
    let started_ = false;
    return {
      update: (progress: ImportProgress) => {
        const rate = Math.round(progress.processed / Math.max(0.001, (Date.now() - started) / 1000));
        if (!started_) {
          bar.start(progress.total ?? 0, progress.processed, { rate });
          started_ = true;
        } else bar.update(progress.processed, { rate });
      },
      stop: () => bar.stop(),
    };
  }
  let lastLine = 0;
  return {
    update: (progress: ImportProgress) => {
      const now = Date.now();
      if (now - lastLine < 2000 && progress.processed !== progress.total) return;
      lastLine = now;
      const seconds = (now - started) / 1000;
      const rate = Math.round(progress.processed / Math.max(0.001, seconds));
      output.line(
        `imported ${progress.processed}/${progress.total ?? '?'} rows: ${progress.created} created, ` +
          `${progress.skipped} skipped, ${progress.invalid} invalid (${rate} rows/s)`,
      );
    },
    stop: () => {},
  };
}

/** `hoplink export`: the CSV of GET /links/export, to a file or to stdout. */
export async function exportLinks(
  uow: UnitOfWork,
  options: { email: string; out?: string | undefined; shortUrl: string },
  stdout: NodeJS.WritableStream,
): Promise<void> {
  const principal = await principalFor(uow, options.email);
  let failure: unknown;
  const csv = linksCsv(uow, principal, options.shortUrl, (error) => (failure = error));
  if (options.out) await pipeline(csv, createWriteStream(options.out, { flags: 'wx' }));
  else await pipeline(csv, stdout, { end: false });
  if (failure) throw failure;
}
