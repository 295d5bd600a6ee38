import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { programForUrl } from '../core/affiliate.ts';
import { isClickId } from '../core/click-ids.ts';
import {
  CONVERSION_STATUSES,
  conversionChanged,
  rollupChanges,
  type Conversion,
  type ConversionSource,
  type ConversionStatus,
} from '../core/conversions.ts';
import { AppError, invalidField } from '../core/errors.ts';
import type { Principal } from '../core/model.ts';
import { formatMinor, isCurrency, parseAmount } from '../core/money.ts';
import { assertMay } from '../core/roles.ts';
import {
  MAX_ORDER_ID_LENGTH,
  POSTBACK_FIELDS,
  type ConversionRecord,
  type RecordConversionInput,
  type UpdatePostbackInput,
} from '../schemas/conversion.ts';
import type { ConversionFilters, PostbackEndpoint } from '../storage/conversions.kysely.ts';
import type { Stores } from '../storage/stores.ts';
import { audit } from './audit.ts';
import { decodeCursor, encodeCursor } from './raw-clicks.ts';
import type { Work } from './unit-of-work.ts';

/** A conversion as the API and the webhooks show it: amounts as decimal strings of its currency. */
export function conversionResource(conversion: Conversion): ConversionRecord {
  return {
    id: conversion.id,
    link_id: conversion.linkId,
    click_id: conversion.clickId,
    order_id: conversion.orderId,
    amount: formatMinor(conversion.amountMinor, conversion.currency),
    commission:
      conversion.commissionMinor === null ? null : formatMinor(conversion.commissionMinor, conversion.currency),
    currency: conversion.currency,
    status: conversion.status,
    source: conversion.source,
    attributed: conversion.linkId !== null,
    occurred_at: conversion.occurredAt,
    created_at: conversion.createdAt,
    updated_at: conversion.updatedAt,
  };
}

/** A conversion as reported, before it is checked: the API's body, or a postback's parameters. */
export interface ReportedConversion {
  click_id?: string | null;
  order_id?: string;
  amount?: string;
  commission?: string | null;
  currency?: string;
  status?: string;
  occurred_at?: string;
}

/** What writing a reported conversion did. */
export interface RecordedConversion {
  conversion: Conversion;
  created: boolean;
  /** False when the report repeated what was already recorded (a network sending it again). */
  changed: boolean;
}

/** The report checked and in minor units (422 for what cannot be a conversion). */
function checkedReport(report: ReportedConversion) {
  const orderId = report.order_id?.trim() ?? '';
  if (orderId === '' || orderId.length > MAX_ORDER_ID_LENGTH)
    throw invalidField('order_id', `The order id is required, at most ${MAX_ORDER_ID_LENGTH} characters.`);
  const currency = report.currency ?? '';
  if (!isCurrency(currency)) throw invalidField('currency', 'The currency must be an ISO 4217 code such as "EUR".');
  if (report.amount === undefined) throw invalidField('amount', 'The amount is required.');
  const status = (report.status ?? 'pending').toLowerCase();
  if (!(CONVERSION_STATUSES as readonly string[]).includes(status))
    throw invalidField('status', `The status must be one of ${CONVERSION_STATUSES.join(', ')}.`);
  let occurredAt: string | undefined;
  if (report.occurred_at !== undefined) {
    const at = Date.parse(report.occurred_at);
    if (!Number.isFinite(at)) throw invalidField('occurred_at', 'The occurred at field must be a date-time.');
    occurredAt = new Date(at).toISOString();
  }
  return {
    orderId,
    currency,
    amountMinor: parseAmount('amount', report.amount, currency),
    commissionMinor:
      report.commission === undefined || report.commission === null || report.commission === ''
        ? null
        : parseAmount('commission', report.commission, currency),
    status: status as ConversionStatus,
    occurredAt,
    // A click id that cannot be one of ours is no click id (a postback's may be anything).
    clickId: report.click_id && isClickId(report.click_id) ? report.click_id : null,
  };
}

/**
 * Records a conversion once per (workspace, order_id): a new order is inserted, a known one
 * updated (a later status, a corrected amount), and the link rollups follow. The click id is
 * looked up among the workspace's raw clicks; one that names none leaves the conversion
 * unattributed, never refused. Emits `conversion.created` or `conversion.updated` (webhooks) when
 * something changed.
 */
export async function upsertConversion(
  work: Work,
  workspaceId: number,
  report: ReportedConversion,
  source: ConversionSource,
  /** A link to credit when the click id names none (an earnings report's tracking id). */
  fallbackLinkId: number | null = null,
): Promise<RecordedConversion> {
  const checked = checkedReport(report);
  const now = new Date().toISOString();
  const click = checked.clickId === null ? undefined : await work.stores.clicks.byClickId(checked.clickId);
  const linkId = click && click.workspaceId === workspaceId ? click.linkId : fallbackLinkId;
  const conversions = work.stores.conversions;
  const fields = {
    workspaceId,
    orderId: checked.orderId,
    amountMinor: checked.amountMinor,
    commissionMinor: checked.commissionMinor,
    currency: checked.currency,
    status: checked.status,
    source,
  };
  const inserted = await conversions.insert(
    {
      ...fields,
      linkId,
      clickId: checked.clickId,
      occurredAt: checked.occurredAt ?? now,
      ...(await programOfLink(work.stores, linkId)),
    },
    now,
  );
  if (inserted) {
    await applyRollups(work.stores, undefined, inserted);
    work.emit({ kind: 'conversion', change: 'created', conversion: inserted });
    return { conversion: inserted, created: true, changed: true };
  }
  const before = (await conversions.ofOrder(workspaceId, checked.orderId))!;
  // A report without a click id (a status update) keeps the attribution the order already has.
  const attribution =
    checked.clickId === null && fallbackLinkId === null
      ? { linkId: before.linkId, clickId: before.clickId }
      : { linkId };
  const after: Conversion = {
    ...before,
    ...fields,
    source: before.source,
    clickId: checked.clickId ?? before.clickId,
    linkId: attribution.linkId,
    occurredAt: checked.occurredAt ?? before.occurredAt,
    updatedAt: now,
    // Attributed anew (another link): the program and tracking id are that link's now.
    ...(attribution.linkId === before.linkId ? {} : await programOfLink(work.stores, attribution.linkId)),
  };
  if (!conversionChanged(before, after)) return { conversion: before, created: false, changed: false };
  const updated = await conversions.update(after);
  await applyRollups(work.stores, before, updated);
  work.emit({ kind: 'conversion', change: 'updated', conversion: updated });
  return { conversion: updated, created: false, changed: true };
}

/** The program of the link's destination and the tracking id it chose (none for no link). */
async function programOfLink(
  stores: Stores,
  linkId: number | null,
): Promise<{ programId: number; trackingId: string | null }> {
  const link = linkId === null ? undefined : await stores.links.find(linkId);
  const program = link && programForUrl(link.redirectUrl);
  return program ? { programId: program.id, trackingId: link.trackingId } : { programId: 0, trackingId: null };
}

async function applyRollups(stores: Stores, before: Conversion | undefined, after: Conversion): Promise<void> {
  for (const change of rollupChanges(before, after)) await stores.conversions.addToDaily(change);
}

/** POST /conversions: a conversion recorded by a member (or a token of one) of a Business workspace. */
export async function recordConversion(
  work: Work,
  principal: Principal,
  input: RecordConversionInput,
): Promise<RecordedConversion> {
  assertMay(principal.role, 'links.write');
  const recorded = await upsertConversion(work, principal.workspace.id, input, 'api');
  if (recorded.changed) {
    await audit(work, principal, {
      action: recorded.created ? 'conversion.created' : 'conversion.updated',
      resourceType: 'conversion',
      resourceId: recorded.conversion.id,
      fields: Object.keys(input),
    });
  }
  return recorded;
}

export interface ConversionListRequest {
  cursor?: string;
  limit?: number;
  status?: ConversionStatus;
  currency?: string;
  link_id?: number;
  click_id?: string;
  attributed?: boolean;
}

/** A page of the workspace's conversions, newest first; `next_cursor` is null on the last page. */
export async function listConversions(stores: Stores, principal: Principal, request: ConversionListRequest) {
  const limit = request.limit ?? 25;
  const filters: ConversionFilters = {
    status: request.status,
    currency: request.currency,
    linkId: request.link_id,
    clickId: request.click_id,
    attributed: request.attributed,
  };
  const page = await stores.conversions.list(principal.workspace.id, filters, decodeCursor(request.cursor), limit);
  const last = page.length === limit ? page[page.length - 1] : undefined;
  return { data: page.map(conversionResource), next_cursor: last ? encodeCursor(last.id) : null };
}

// The postback: a network calls {APP_URL}/postback/{secret} with the sale in its parameters.

const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The workspace's postback settings as the API shows them (never the secret: only its hash is kept). */
export function postbackResource(endpoint: PostbackEndpoint | undefined) {
  return {
    configured: endpoint !== undefined,
    parameter_names: endpoint?.parameterNames ?? {},
    updated_at: endpoint?.updatedAt ?? null,
  };
}

export async function getPostbackSettings(stores: Stores, principal: Principal) {
  return postbackResource(await stores.conversions.postbackOf(principal.workspace.id));
}

/** A new secret, shown once; the old one stops working with this commit. */
export async function rotatePostbackSecret(work: Work, principal: Principal) {
  assertMay(principal.role, 'settings.manage');
  const secret = `pbs_${randomBytes(24).toString('base64url')}`;
  const endpoint = await work.stores.conversions.savePostback(
    principal.workspace.id,
    { secretHash: secretHash(secret) },
    new Date().toISOString(),
  );
  await audit(work, principal, { action: 'postback.secret_rotated', resourceType: 'workspace', resourceId: null });
  return { endpoint, secret };
}

/** The network's names of the parameters. A workspace without a secret yet gets one nobody knows: rotate to see it. */
export async function updatePostbackSettings(work: Work, principal: Principal, input: UpdatePostbackInput) {
  assertMay(principal.role, 'settings.manage');
  const names = Object.fromEntries(Object.entries(input.parameter_names).filter(([, name]) => name !== undefined));
  const existing = await work.stores.conversions.postbackOf(principal.workspace.id);
  const endpoint = await work.stores.conversions.savePostback(
    principal.workspace.id,
    {
      parameterNames: names as Record<string, string>,
      ...(existing ? {} : { secretHash: secretHash(`pbs_${randomBytes(24).toString('base64url')}`) }),
    },
    new Date().toISOString(),
  );
  await audit(work, principal, {
    action: 'postback.updated',
    resourceType: 'workspace',
    resourceId: null,
    fields: ['parameter_names'],
  });
  return endpoint;
}

/**
 * A network's postback: the workspace is the one whose secret's hash matches (looked up by the
 * hash, then compared in constant time), and each field is read from the parameter the workspace
 * named for it, or from its own name. An unknown secret is not found.
 */
export async function receivePostback(
  work: Work,
  secret: string,
  parameters: Readonly<Record<string, string | undefined>>,
): Promise<RecordedConversion> {
  const hash = secretHash(secret);
  const endpoint = await work.stores.conversions.postbackBySecretHash(hash);
  if (!endpoint || !timingSafeEqual(Buffer.from(hash), Buffer.from(endpoint.secretHash))) {
    throw new AppError('not-found', 'No postback endpoint has this secret.');
  }
  const report: Record<string, string | undefined> = {};
  for (const field of POSTBACK_FIELDS) report[field] = parameters[endpoint.parameterNames[field] ?? field];
  return upsertConversion(work, endpoint.workspaceId, report, 'postback');
}
