import type { UnitOfWork } from './unit-of-work.ts';

/** How often queued links are indexed: the longest a search reads a changed link from its row. */
export const SEARCH_INDEX_PASS_MS = 250;
/** Links indexed per transaction, so an import's queue never makes one long write. */
const CHUNK = 5_000;

/** Indexes every queued link, a chunk a transaction; returns how many. */
export async function drainSearchQueue(uow: UnitOfWork): Promise<number> {
  let total = 0;
  while (await uow.read((stores) => stores.links.hasQueued())) {
    const taken = await uow.transact(({ stores }) => stores.links.indexQueued(CHUNK));
    total += taken;
    if (taken < CHUNK) break;
  }
  return total;
}

/**
 * SQLite's trigram index is brought up to date in batches (migration 011): a pass every
 * SEARCH_INDEX_PASS_MS, the next one timed from the end of the last so passes never overlap.
 * `close` stops the passes and waits for one under way.
 */
export function startSearchIndexing(uow: UnitOfWork, onError: (error: unknown) => void): { close(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<unknown> = Promise.resolve();
  let closed = false;
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => {
      pass = drainSearchQueue(uow).catch(onError).finally(schedule);
    }, SEARCH_INDEX_PASS_MS);
    timer.unref();
  };
  schedule();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      await pass;
    },
  };
}
