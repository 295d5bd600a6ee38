// Conversions (docs/api.md, "Affiliate money"): a sale a network reported, named by its order,
// attributed to a link through the click id the redirect put in the destination.

export const CONVERSION_STATUSES = ['pending', 'approved', 'reversed'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/** How the conversion arrived: the API, a network's postback, or an earnings report import. */
export type ConversionSource = 'api' | 'postback' | 'import';

export interface Conversion {
  id: number;
  workspaceId: number;
  /** The link whose click the click id names; null: unattributed (unknown or no click id). */
  linkId: number | null;
  clickId: string | null;
  orderId: string;
  /** Revenue: the sale's amount, in the currency's minor units. */
  amountMinor: number;
  /** Earnings: the commission the network pays on it, in minor units; null when not reported. */
  commissionMinor: number | null;
  currency: string;
  status: ConversionStatus;
  source: ConversionSource;
  occurredAt: string;
  createdAt: string;
  updatedAt: string;
  /** The affiliate program of the link it was attributed to, when it was (catalog id); 0: none. */
  programId: number;
  /** The tracking id that link chose then; null: the program's own tag. */
  trackingId: string | null;
}

/**
 * What a conversion adds to its link's rollup of a day and currency, and to its workspace's of the
 * same day, program and tracking id.
 */
export interface ConversionRollupChange {
  linkId: number;
  workspaceId: number;
  programId: number;
  trackingId: string | null;
  day: string;
  currency: string;
  conversions: number;
  revenue: number;
  earnings: number;
}

/**
 * What writing `after` over `before` (undefined: a new conversion) changes in the link rollups: a
 * conversion counts while it is attributed and not reversed, on the UTC day it occurred, in its
 * currency, under the program and tracking id it was attributed with. A change of status, amount,
 * day or link takes the old contribution out and puts the new one in; nothing changes when neither
 * counts.
 */
export function rollupChanges(before: Conversion | undefined, after: Conversion): ConversionRollupChange[] {
  const changes: ConversionRollupChange[] = [];
  const contribution = (conversion: Conversion, sign: 1 | -1) => {
    if (conversion.linkId === null || conversion.status === 'reversed') return;
    changes.push({
      linkId: conversion.linkId,
      workspaceId: conversion.workspaceId,
      programId: conversion.programId,
      trackingId: conversion.trackingId,
      day: conversion.occurredAt.slice(0, 10),
      currency: conversion.currency,
      conversions: sign,
      revenue: sign * conversion.amountMinor,
      earnings: sign * (conversion.commissionMinor ?? 0),
    });
  };
  if (before) contribution(before, -1);
  contribution(after, 1);
  // A change that takes out exactly what it puts back is no change.
  if (changes.length === 2) {
    const [out, back] = changes as [ConversionRollupChange, ConversionRollupChange];
    const same =
      out.linkId === back.linkId &&
      out.programId === back.programId &&
      out.trackingId === back.trackingId &&
      out.day === back.day &&
      out.currency === back.currency &&
      out.revenue === -back.revenue &&
      out.earnings === -back.earnings;
    if (same) return [];
  }
  return changes;
}

/** Whether anything a client sees changed between two versions of a conversion. */
export function conversionChanged(before: Conversion, after: Conversion): boolean {
  return (
    before.linkId !== after.linkId ||
    before.clickId !== after.clickId ||
    before.amountMinor !== after.amountMinor ||
    before.commissionMinor !== after.commissionMinor ||
    before.currency !== after.currency ||
    before.status !== after.status ||
    before.occurredAt !== after.occurredAt
  );
}
