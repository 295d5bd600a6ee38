import type { Kysely, SelectQueryBuilder } from 'kysely';
import { FILTER_DIMENSIONS } from '../core/clicks.ts';
import { taggedLinkIds, type DayCounts, type DayRange } from './stats.kysely.ts';
import type { Database } from './schema.ts';

/**
 * Statistics restricted to the visits that match filters ("countries among mobile visits"), from
 * link_daily_facets (migration 025): every figure is a sum over the rows of the link (or the
 * workspace's links) whose columns match every filter. No unique visitors: a facet row counts
 * clicks, not who made them.
 */

/** The columns a filter or a breakdown may name: the statistics' dimensions. */
export const FACET_DIMENSIONS = [...FILTER_DIMENSIONS, 'variant', 'storefront'] as const;
export type FacetDimension = (typeof FACET_DIMENSIONS)[number];

/** Each filter: the one value the visits must have. */
export type FacetFilters = Partial<Record<Exclude<FacetDimension, 'variant' | 'storefront'>, string>>;

/** Whose facets: one link, or every link of a workspace (those carrying any of `tagKeys`, when given). */
export type FacetScope = { linkId: number } | { workspaceId: number; tagKeys?: readonly string[] | undefined };

type FacetQuery = SelectQueryBuilder<Database, 'link_daily_facets', object>;

function facets(db: Kysely<Database>, scope: FacetScope, filters: FacetFilters, range?: DayRange): FacetQuery {
  let query = db.selectFrom('link_daily_facets') as FacetQuery;
  if ('linkId' in scope) query = query.where('link_daily_facets.link_id', '=', scope.linkId);
  else if (scope.tagKeys) {
    query = query.where('link_daily_facets.link_id', 'in', taggedLinkIds(db, scope.workspaceId, scope.tagKeys));
  } else {
    query = query.where('link_daily_facets.link_id', 'in', (eb) =>
      eb.selectFrom('links').select('links.id').where('links.workspace_id', '=', scope.workspaceId),
    );
  }
  if (range) query = query.where('day', '>=', range.from).where('day', '<=', range.to);
  for (const [column, value] of Object.entries(filters)) {
    if (value !== undefined) query = query.where(column as FacetDimension, '=', value);
  }
  return query;
}

/** The matching clicks of all time (or the range), since a day, and per day of `daily`. */
export async function facetTotals(
  db: Kysely<Database>,
  scope: FacetScope,
  filters: FacetFilters,
  range: DayRange | undefined,
  since: string,
  daily: DayRange,
): Promise<{ clicks: number; since: number; daily: Map<string, DayCounts> }> {
  const sum = (query: FacetQuery) =>
    query.select((eb) => eb.fn.coalesce(eb.fn.sum<number>('clicks'), eb.lit(0)).as('clicks')).executeTakeFirst();
  const [all, recent, days] = await Promise.all([
    sum(facets(db, scope, filters, range)),
    sum(facets(db, scope, filters).where('day', '>=', since)),
    facets(db, scope, filters, daily)
      .select((eb) => ['day', eb.fn.sum<number>('clicks').as('clicks')])
      .groupBy('day')
      .execute(),
  ]);
  return {
    clicks: Number(all?.clicks ?? 0),
    since: Number(recent?.clicks ?? 0),
    daily: new Map(days.map((row) => [row.day, { clicks: Number(row.clicks), unique: 0 }])),
  };
}

/** A breakdown of the matching clicks: most clicks first, ties by value; '' and -1 (none) left out. */
export async function facetBreakdown(
  db: Kysely<Database>,
  scope: FacetScope,
  filters: FacetFilters,
  dimension: FacetDimension,
  range: DayRange | undefined,
  limit?: number,
): Promise<Array<{ value: string; clicks: number }>> {
  let query = facets(db, scope, filters, range)
    .select((eb) => [eb.ref(dimension).as('value'), eb.fn.sum<number>('clicks').as('clicks')])
    .where(dimension, dimension === 'variant' ? '>=' : '<>', dimension === 'variant' ? 0 : '')
    .groupBy(dimension)
    .orderBy('clicks', 'desc')
    .orderBy(dimension, 'asc');
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map((row) => ({ value: String(row.value), clicks: Number(row.clicks) }));
}

/** The workspace's links with the most matching clicks over the range (ties: the newer link first). */
export async function facetTopLinks(
  db: Kysely<Database>,
  scope: FacetScope,
  filters: FacetFilters,
  range: DayRange,
  limit: number,
): Promise<Array<{ id: number; shortCode: string; clicks: number }>> {
  const rows = await facets(db, scope, filters, range)
    .innerJoin('links', 'links.id', 'link_daily_facets.link_id')
    .select((eb) => ['links.id as id', 'links.short_code as shortCode', eb.fn.sum<number>('clicks').as('clicks')])
    .groupBy(['links.id', 'links.short_code'])
    .orderBy('clicks', 'desc')
    .orderBy('links.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, shortCode: row.shortCode, clicks: Number(row.clicks) }));
}

export const facetStore = {
  totals: facetTotals,
  breakdown: facetBreakdown,
  topLinks: facetTopLinks,
};
