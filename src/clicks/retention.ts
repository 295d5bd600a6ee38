import { dayBefore } from '../core/visitors.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';

const DAY_MS = 86_400_000;
const CHUNK = 5_000;

/** Deletes raw clicks older than the retention, in chunks so no transaction grows large. Rollups stay. */
export async function pruneClicks(uow: UnitOfWork, retentionDays: number, now: Date): Promise<number> {
  if (retentionDays <= 0) return 0;
  const before = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  const lastId = await uow.read((stores) => stores.clicks.lastIdBefore(before));
  let total = 0;
  for (;;) {
    const deleted = await uow.transact(({ stores }) => stores.clicks.deleteUpTo(lastId, CHUNK));
    total += deleted;
    if (deleted < CHUNK) return total;
  }
}

/**
 * Forgets the visitors counted on days before yesterday (whatever the retention: they are not
 * clicks), in chunks as `pruneClicks` does.
 */
export async function pruneVisitors(uow: UnitOfWork, now: Date, chunk = CHUNK): Promise<number> {
  const yesterday = dayBefore(now.toISOString().slice(0, 10));
  let total = 0;
  for (;;) {
    const forgotten = await uow.transact(({ stores }) => stores.clicks.forgetVisitorsBefore(yesterday, chunk));
    total += forgotten;
    if (forgotten < chunk) return total;
  }
}

/**
 * Prunes a minute after start and then hourly, with the `others` passes of other rooms (the audit
 * log's) after the clicks'; returns a stop function.
 */
export function startRetention(
  uow: UnitOfWork,
  retentionDays: number,
  onError: (error: unknown) => void,
  others: ReadonlyArray<(now: Date) => Promise<unknown>> = [],
): () => void {
  const run = () => {
    const now = new Date();
    void pruneVisitors(uow, now)
      .then(() => pruneClicks(uow, retentionDays, now))
      .then(async () => {
        for (const pass of others) await pass(now);
      })
      .catch(onError);
  };
  const first = setTimeout(run, 60_000);
  const hourly = setInterval(run, 3_600_000);
  first.unref();
  hourly.unref();
  return () => {
    clearTimeout(first);
    clearInterval(hourly);
  };
}
