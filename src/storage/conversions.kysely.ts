import { sql, type Kysely, type Selectable } from 'kysely';
import type { Conversion, ConversionRollupChange, ConversionSource, ConversionStatus } from '../core/conversions.ts';
import { isPostgres } from './engine.ts';
import { requireTransaction } from './errors.ts';
import { taggedLinkIds } from './stats.kysely.ts';
import type { ConversionsTable, Database } from './schema.ts';

/** A conversion's columns as a use case gives them. */
export type NewConversion = Omit<Conversion, 'id' | 'createdAt' | 'updatedAt'>;

function toConversion(row: Selectable<ConversionsTable>): Conversion {
  return {
    id: Number(row.id),
    workspaceId: row.workspace_id,
    linkId: row.link_id,
    clickId: row.click_id,
    orderId: row.order_id,
    amountMinor: Number(row.amount_minor),
    commissionMinor: row.commission_minor === null ? null : Number(row.commission_minor),
    currency: row.currency,
    status: row.status as ConversionStatus,
    source: row.source as ConversionSource,
    occurredAt: row.occurred_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    programId: row.program_id,
    trackingId: row.tracking_id === '' ? null : row.tracking_id,
  };
}

/**
 * Inserts the conversion unless the workspace has one with its order_id already: answers the new
 * row, or undefined. On PostgreSQL a second instance inserting the same order at the same moment
 * waits on the unique index for the first one's commit, then inserts nothing.
 */
export async function insertConversion(db: Kysely<Database>, conversion: NewConversion, at: string) {
  const row = await db
    .insertInto('conversions')
    .values({
      workspace_id: conversion.workspaceId,
      link_id: conversion.linkId,
      click_id: conversion.clickId,
      order_id: conversion.orderId,
      amount_minor: conversion.amountMinor,
      commission_minor: conversion.commissionMinor,
      currency: conversion.currency,
      status: conversion.status,
      source: conversion.source,
      occurred_at: conversion.occurredAt,
      created_at: at,
      updated_at: at,
      program_id: conversion.programId,
      tracking_id: conversion.trackingId ?? '',
    })
    .onConflict((oc) => oc.columns(['workspace_id', 'order_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row && toConversion(row);
}

/** The workspace's conversion of an order, its row locked to the transaction on PostgreSQL. */
export async function conversionOfOrder(
  db: Kysely<Database>,
  workspaceId: number,
  orderId: string,
): Promise<Conversion | undefined> {
  requireTransaction(db, 'conversionOfOrder');
  let query = db
    .selectFrom('conversions')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('order_id', '=', orderId);
  if (isPostgres(db)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toConversion(row);
}

export async function updateConversion(db: Kysely<Database>, conversion: Conversion): Promise<Conversion> {
  const row = await db
    .updateTable('conversions')
    .set({
      link_id: conversion.linkId,
      click_id: conversion.clickId,
      amount_minor: conversion.amountMinor,
      commission_minor: conversion.commissionMinor,
      currency: conversion.currency,
      status: conversion.status,
      occurred_at: conversion.occurredAt,
      updated_at: conversion.updatedAt,
      program_id: conversion.programId,
      tracking_id: conversion.trackingId ?? '',
    })
    .where('id', '=', conversion.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toConversion(row);
}

export interface ConversionFilters {
  status?: ConversionStatus;
  currency?: string;
  linkId?: number;
  clickId?: string;
  attributed?: boolean;
}

/** The workspace's conversions newest first, ids below `beforeId` (keyset paging on (workspace_id, id)). */
export async function listConversions(
  db: Kysely<Database>,
  workspaceId: number,
  filters: ConversionFilters,
  beforeId: number | null,
  limit: number,
): Promise<Conversion[]> {
  let query = db.selectFrom('conversions').selectAll().where('workspace_id', '=', workspaceId);
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  if (filters.status !== undefined) query = query.where('status', '=', filters.status);
  if (filters.currency !== undefined) query = query.where('currency', '=', filters.currency);
  if (filters.linkId !== undefined) query = query.where('link_id', '=', filters.linkId);
  if (filters.clickId !== undefined) query = query.where('click_id', '=', filters.clickId);
  if (filters.attributed !== undefined) query = query.where('link_id', filters.attributed ? 'is not' : 'is', null);
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toConversion);
}

/**
 * Adds a conversion's change (negative to take one out) to its link's row of the day and currency,
 * and to its workspace's of the day, program, tracking id and currency.
 */
export async function addToDailyConversions(db: Kysely<Database>, change: ConversionRollupChange): Promise<void> {
  const amounts = {
    currency: change.currency,
    conversions: change.conversions,
    revenue_minor: change.revenue,
    earnings_minor: change.earnings,
  };
  const summed = (table: 'link_daily_conversions' | 'workspace_daily_conversions') => ({
    conversions: sql<number>`${sql.ref(`${table}.conversions`)} + excluded.conversions`,
    revenue_minor: sql<number>`${sql.ref(`${table}.revenue_minor`)} + excluded.revenue_minor`,
    earnings_minor: sql<number>`${sql.ref(`${table}.earnings_minor`)} + excluded.earnings_minor`,
  });
  await db
    .insertInto('link_daily_conversions')
    .values({ link_id: change.linkId, day: change.day, ...amounts })
    .onConflict((oc) => oc.columns(['link_id', 'day', 'currency']).doUpdateSet(summed('link_daily_conversions')))
    .execute();
  await db
    .insertInto('workspace_daily_conversions')
    .values({
      workspace_id: change.workspaceId,
      day: change.day,
      program_id: change.programId,
      tracking_id: change.trackingId ?? '',
      ...amounts,
    })
    .onConflict((oc) =>
      oc
        .columns(['workspace_id', 'day', 'program_id', 'tracking_id', 'currency'])
        .doUpdateSet(summed('workspace_daily_conversions')),
    )
    .execute();
}

/**
 * Takes a link's conversions out of its workspace's rollup, in the transaction that deletes the
 * link: they become unattributed (the foreign key clears their link), and unattributed
 * conversions count nowhere.
 */
export async function forgetLinkConversions(trx: Kysely<Database>, linkId: number): Promise<void> {
  requireTransaction(trx, 'forgetLinkConversions');
  await sql`
    update workspace_daily_conversions as account
    set conversions = account.conversions - gone.conversions,
      revenue_minor = account.revenue_minor - gone.revenue,
      earnings_minor = account.earnings_minor - gone.earnings
    from (
      select workspace_id, substr(occurred_at, 1, 10) as day, program_id, tracking_id, currency,
        count(*) as conversions, sum(amount_minor) as revenue, sum(coalesce(commission_minor, 0)) as earnings
      from conversions where link_id = ${linkId} and status <> 'reversed'
      group by workspace_id, substr(occurred_at, 1, 10), program_id, tracking_id, currency
    ) as gone
    where account.workspace_id = gone.workspace_id and account.day = gone.day
      and account.program_id = gone.program_id and account.tracking_id = gone.tracking_id
      and account.currency = gone.currency
  `.execute(trx);
}

/** A day's conversions in a currency, summed over a scope's rows. */
export interface ConversionDay {
  day: string;
  currency: string;
  conversions: number;
  revenueMinor: bigint;
  earningsMinor: bigint;
}

/** Where a scope's conversions are counted: a link's rows, its workspace's, or those of the tagged links. */
export type ConversionScope = { linkId: number } | { workspaceId: number; tagKeys?: readonly string[] | undefined };

/** Per day and currency, the conversions of a scope over days [from, to], oldest first. */
export async function conversionDays(
  db: Kysely<Database>,
  scope: ConversionScope,
  from: string,
  to: string,
): Promise<ConversionDay[]> {
  const source =
    'linkId' in scope
      ? sql`link_daily_conversions where link_id = ${scope.linkId}`
      : scope.tagKeys
        ? sql`link_daily_conversions where link_id in (${taggedLinkIds(db, scope.workspaceId, scope.tagKeys)})`
        : sql`workspace_daily_conversions where workspace_id = ${scope.workspaceId}`;
  const { rows } = await sql<{ day: string; currency: string; conversions: Sum; revenue: Sum; earnings: Sum }>`
    select day, currency, sum(conversions) as conversions, sum(revenue_minor) as revenue,
      sum(earnings_minor) as earnings
    from ${source} and day >= ${from} and day <= ${to}
    group by day, currency having sum(conversions) <> 0 order by day, currency`.execute(db);
  return rows.map((row) => ({
    day: row.day,
    currency: row.currency,
    conversions: Number(row.conversions),
    revenueMinor: BigInt(row.revenue),
    earningsMinor: BigInt(row.earnings),
  }));
}

/** A sum as the drivers give it: a number (SQLite) or a string (PostgreSQL's numeric). */
type Sum = number | string;

/** Per program, tracking id and currency, the workspace's conversions over days [from, to] (programs only). */
export async function programConversions(
  db: Kysely<Database>,
  workspaceId: number,
  from: string,
  to: string,
): Promise<Array<{ programId: number; trackingId: string | null } & Omit<ConversionDay, 'day'>>> {
  const { rows } = await sql<{
    program_id: number;
    tracking_id: string;
    currency: string;
    conversions: Sum;
    revenue: Sum;
    earnings: Sum;
  }>`
    select program_id, tracking_id, currency, sum(conversions) as conversions, sum(revenue_minor) as revenue,
      sum(earnings_minor) as earnings
    from workspace_daily_conversions
    where workspace_id = ${workspaceId} and program_id <> 0 and day >= ${from} and day <= ${to}
    group by program_id, tracking_id, currency having sum(conversions) <> 0
    order by program_id, tracking_id, currency`.execute(db);
  return rows.map((row) => ({
    programId: Number(row.program_id),
    trackingId: row.tracking_id === '' ? null : row.tracking_id,
    currency: row.currency,
    conversions: Number(row.conversions),
    revenueMinor: BigInt(row.revenue),
    earningsMinor: BigInt(row.earnings),
  }));
}

/** A scope's conversions in a currency, summed over a range of days. */
export type ConversionSums = Omit<ConversionDay, 'day'>;

/**
 * A link's conversions per currency over `totals` (most often all time), and per day and currency
 * over `days` (its trend, oldest first), in one statement: one round trip on PostgreSQL instead of
 * two. A template, prepared on PostgreSQL (postgres-statements.ts): it runs on every request for a
 * link's statistics and seeks the link's rows by key.
 */
export async function linkConversions(
  db: Kysely<Database>,
  linkId: number,
  totals: { from: string; to: string },
  days: { from: string; to: string },
): Promise<{ totals: ConversionSums[]; days: ConversionDay[] }> {
  const { rows } = await sql<{ day: string | null; currency: string; conversions: Sum; revenue: Sum; earnings: Sum }>`
    /* prepared */
    select null as day, currency, sum(conversions) as conversions, sum(revenue_minor) as revenue,
      sum(earnings_minor) as earnings
    from link_daily_conversions where link_id = ${linkId} and day >= ${totals.from} and day <= ${totals.to}
    group by currency
    union all
    select day, currency, sum(conversions), sum(revenue_minor), sum(earnings_minor)
    from link_daily_conversions where link_id = ${linkId} and day >= ${days.from} and day <= ${days.to}
    group by day, currency having sum(conversions) <> 0
    order by day, currency`.execute(db);
  const sums = rows.map((row) => ({
    day: row.day,
    currency: row.currency,
    conversions: Number(row.conversions),
    revenueMinor: BigInt(row.revenue),
    earningsMinor: BigInt(row.earnings),
  }));
  return {
    totals: sums.filter((row) => row.day === null).map(({ day: _all, ...total }) => total),
    days: sums.filter((row): row is ConversionDay => row.day !== null),
  };
}

/** A workspace's postback endpoint. */
export interface PostbackEndpoint {
  workspaceId: number;
  secretHash: string;
  parameterNames: Record<string, string>;
  updatedAt: string;
}

function toEndpoint(row: Selectable<Database['postback_endpoints']>): PostbackEndpoint {
  return {
    workspaceId: row.workspace_id,
    secretHash: row.secret_hash,
    parameterNames: JSON.parse(row.parameter_names) as Record<string, string>,
    updatedAt: row.updated_at,
  };
}

export async function postbackOfWorkspace(db: Kysely<Database>, workspaceId: number) {
  const row = await db
    .selectFrom('postback_endpoints')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row && toEndpoint(row);
}

export async function postbackBySecretHash(db: Kysely<Database>, secretHash: string) {
  const row = await db
    .selectFrom('postback_endpoints')
    .selectAll()
    .where('secret_hash', '=', secretHash)
    .executeTakeFirst();
  return row && toEndpoint(row);
}

/** Sets the workspace's secret (a new one replaces the old at once) and parameter names, whichever are given. */
export async function savePostback(
  db: Kysely<Database>,
  workspaceId: number,
  changes: { secretHash?: string; parameterNames?: Record<string, string> },
  at: string,
): Promise<PostbackEndpoint> {
  const existing = await postbackOfWorkspace(db, workspaceId);
  const names = JSON.stringify(changes.parameterNames ?? existing?.parameterNames ?? {});
  if (!existing) {
    if (changes.secretHash === undefined) throw new Error('a new postback endpoint needs its secret');
    const row = await db
      .insertInto('postback_endpoints')
      .values({
        workspace_id: workspaceId,
        secret_hash: changes.secretHash,
        parameter_names: names,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toEndpoint(row);
  }
  const row = await db
    .updateTable('postback_endpoints')
    .set({ secret_hash: changes.secretHash ?? existing.secretHash, parameter_names: names, updated_at: at })
    .where('workspace_id', '=', workspaceId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toEndpoint(row);
}

export const conversionStore = {
  insert: insertConversion,
  ofOrder: conversionOfOrder,
  update: updateConversion,
  list: listConversions,
  addToDaily: addToDailyConversions,
  forgetLink: forgetLinkConversions,
  ofLink: linkConversions,
  days: conversionDays,
  programs: programConversions,
  postbackOf: postbackOfWorkspace,
  postbackBySecretHash,
  savePostback,
};
