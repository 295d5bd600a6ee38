import { setImmediate } from 'node:timers/promises';
import { invalidField } from '../core/errors.ts';
import type { Principal } from '../core/model.ts';
import type { RawClick } from '../storage/clicks.kysely.ts';
import type { Stores } from '../storage/stores.ts';
import { getLinkOrThrow } from './links.ts';

/** A raw click as GET /links/{id}/clicks answers it: option and variant numbered from 1, as shown. */
export function rawClickResource(click: RawClick) {
  return {
    clicked_at: click.clickedAt,
    country: click.country,
    device: click.device,
    browser: click.browser,
    os: click.os,
    referrer_host: click.referrerHost,
    language: click.language,
    is_bot: click.isBot,
    option: click.optionIndex === null ? null : click.optionIndex + 1,
    variant: click.variantIndex === null ? null : click.variantIndex + 1,
    click_id: click.clickId,
  };
}

/** The cursor is opaque to clients: the id of the last click they were given. */
export function encodeCursor(id: number): string {
  return Buffer.from(`c${id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): number | null {
  if (cursor === undefined || cursor === '') return null;
  const decoded = /^c([1-9][0-9]{0,15})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!decoded) throw invalidField('cursor', 'The cursor is not one this API gave out.');
  return Number(decoded[1]);
}

/** One page of a link's raw clicks, newest first; `next_cursor` is null on the last page. */
export async function listRawClicks(
  stores: Stores,
  principal: Principal,
  linkId: number,
  cursor: string | undefined,
  limit: number,
) {
  const link = await getLinkOrThrow(stores, principal, linkId);
  const before = decodeCursor(cursor);
  // One more than asked tells whether another page follows.
  const rows = await stores.clicks.before(link.id, before, limit + 1);
  const page = rows.slice(0, limit);
  return {
    data: page.map(rawClickResource),
    next_cursor: rows.length > limit ? encodeCursor(page.at(-1)!.id) : null,
  };
}

/** Rows a page of the CSV download reads: one short indexed read each, a few milliseconds. */
export const RAW_CLICK_PAGE = 1000;

/**
 * Every raw click of a link, newest first, a page at a time: memory stays flat however many, and
 * each page is one read of the index in the order it returns (by id from the cursor, whatever its
 * depth), never a sort of the link's history. Between pages the event loop takes a turn, so
 * redirects and other requests run between them; the caller pulls the next page only when it
 * wants it (a stream's backpressure).
 */
export async function* rawClickPages(
  read: <T>(work: (stores: Stores) => Promise<T>) => Promise<T>,
  linkId: number,
  pageSize = RAW_CLICK_PAGE,
): AsyncGenerator<RawClick[]> {
  let before: number | null = null;
  for (;;) {
    const page = await read((stores) => stores.clicks.before(linkId, before, pageSize));
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    before = page.at(-1)!.id;
    await setImmediate();
  }
}
