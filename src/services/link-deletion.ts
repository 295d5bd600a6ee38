import { AppError } from '../core/errors.ts';
import type { Principal } from '../core/model.ts';
import { getLinkOrThrow } from './links.ts';
import type { UnitOfWork } from './unit-of-work.ts';

/** Raw clicks deleted per transaction before a link goes. */
const CLICK_PURGE_CHUNK = 5_000;

/**
 * Deletes the raw clicks of those of `ids` the principal may delete, `chunk` at a time, each chunk
 * in a transaction of its own; the caller then deletes the links in one unit of work as before.
 * Deleting a link takes its clicks (a cascade on SQLite, deleteLink's own statement on
 * PostgreSQL), and on SQLite that runs on the thread that answers every request: a link with
 * 200,000 clicks held it for 0.9 s, a popular link's millions for many seconds. A chunk takes
 * about 10 ms, and the deletion finds only the clicks recorded meanwhile. Links the principal
 * may not delete are left alone here: deleting them fails afterwards as it always did (not
 * found, forbidden).
 */
export async function purgeClicksBeforeDeletion(
  uow: UnitOfWork,
  principal: Principal,
  ids: readonly number[],
  chunk = CLICK_PURGE_CHUNK,
): Promise<void> {
  for (const id of new Set(ids)) {
    if (!(await mayDelete(uow, principal, id))) continue;
    while ((await uow.transact(({ stores }) => stores.clicks.deleteOfLink(id, chunk))) === chunk);
  }
}

async function mayDelete(uow: UnitOfWork, principal: Principal, id: number): Promise<boolean> {
  try {
    await uow.read((stores) => getLinkOrThrow(stores, principal, id));
    return true;
  } catch (error) {
    if (error instanceof AppError && ['not-found', 'forbidden'].includes(error.code)) return false;
    throw error;
  }
}
