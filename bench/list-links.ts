// The link list at 100,000 links: all of them sorted by clicks, and a search matching 1%, through
// the real store (the route adds serialization only). Used by bench/run.ts; runs alone too.
import type { Kysely } from 'kysely';
import { analyzeLinksAfterGrowth, listLinks } from '../src/storage/links.kysely.ts';
import type { Database } from '../src/storage/schema.ts';

export const LIST_LINKS = 100_000;
/** The list's query with a search matching 1% of the links (bench/run.ts, bench/ab.ts). */
export const SEARCH_QUERY = 'search=needle&sort=click_count&per_page=100';

const listCode = (i: number) => `list${i}`;
/** The code of the `i`th link visited (i < LIST_LINKS): each link once, in an order unlike the rows'. */
export const firstVisitCode = (i: number) => listCode((i * 331) % LIST_LINKS);
/** The `i`th unknown code: a new one each time, since the short host remembers unknown codes a while. */
export const unknownCode = (i: number) => `nosuch${i}`;

/**
 * Inserts `count` links for the workspace, 1% of them with "needle" in the destination, in chunks
 * of 1,000, each followed by what an import does after a chunk (fresh planner statistics when the
 * table grew by a tenth): the lists are then read as right after an import, with no manual ANALYZE.
 */
export async function seedLinks(db: Kysely<Database>, workspaceId: number, count = LIST_LINKS): Promise<void> {
  const now = new Date().toISOString();
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, j) => {
      const i = start + j;
      return {
        workspace_id: workspaceId,
        short_code: listCode(i),
        redirect_url: i % 100 === 0 ? `https://shop.example/needle/${i}` : `https://example.com/products/${i}?ref=x`,
        type: 'simple',
        is_active: 1,
        click_count: (i * 7919) % 10_007,
        conditions: '[]',
        title: i % 3 === 0 ? `Product ${i}` : null,
        created_at: now,
        updated_at: now,
      };
    });
    await db.insertInto('links').values(rows).execute();
    await analyzeLinksAfterGrowth(db, rows.length);
  }
}

export async function timeLists(db: Kysely<Database>, workspaceId: number, runs = 50) {
  const time = async (search: string | undefined) => {
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await listLinks(db, { workspaceId, sort: 'click_count', direction: 'desc', search, page: 1, perPage: 100 });
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    return samples[Math.floor(samples.length / 2)]!;
  };
  return { all: await time(undefined), search: await time('needle') };
}
