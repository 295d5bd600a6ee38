import { createHash } from 'node:crypto';
import { isClickId } from './click-ids.ts';
import { invalidField } from './errors.ts';
import { normalizeHeader, parseImportDate } from './import-rows.ts';

// The Amazon Associates earnings report as an import (docs/api.md, "Earnings report import"):
// each row a product's shipped items under a tracking id, with their revenue and the fees
// (earnings) paid on them, and the sub-tag (`ascsubtag`: our click id) when the links carried one.
// Read from the report's documented columns; Amazon's exact export may name them a little
// differently, which the header matching below (case and punctuation ignored) allows for.

/** What an import's file holds: links (the default), or an Amazon Associates earnings report. */
export const IMPORT_FORMATS = ['links', 'amazon-earnings'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Where each field is; the currency is the one the amount columns name (`Revenue($)`). */
export interface EarningsColumns {
  trackingId: number;
  asin: number;
  items?: number;
  revenue: number;
  earnings: number;
  subtag?: number;
  date?: number;
  currency: string;
}

const HEADERS = {
  trackingId: ['trackingid', 'tag'],
  asin: ['asin', 'asinisbn'],
  items: ['itemsshipped', 'items', 'shippeditems'],
  revenue: ['revenue', 'shipmentrevenue', 'price'],
  earnings: ['earnings', 'adfees', 'advertisingfees', 'fees'],
  subtag: ['subtag', 'ascsubtag', 'subid', 'trackingsubtag'],
  date: ['dateshipped', 'date', 'shipdate'],
} as const;

/** The currency symbols the report puts in its amount headers. */
const SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR' };

/** Whether a record is the report's header (a title line above it is not). */
export function isEarningsHeader(record: readonly string[]): boolean {
  const names = record.map((name) => normalizeHeader(name.replace(/\(.*\)/, '')));
  return HEADERS.trackingId.some((name) => names.includes(name));
}

/** Maps the report's header; one without tracking id, ASIN, revenue and earnings is refused. */
export function mapEarningsHeader(header: readonly string[]): EarningsColumns {
  const names = header.map((name) => normalizeHeader(name.replace(/\(.*\)/, '')));
  const find = (field: keyof typeof HEADERS) => {
    for (const wanted of HEADERS[field]) {
      const index = names.indexOf(wanted);
      if (index >= 0) return index;
    }
    return undefined;
  };
  const [trackingId, asin, revenue, earnings] = [find('trackingId'), find('asin'), find('revenue'), find('earnings')];
  if (trackingId === undefined || asin === undefined || revenue === undefined || earnings === undefined) {
    throw invalidField(
      'file',
      'The file is not an earnings report: it needs the columns Tracking ID, ASIN, Revenue and Earnings (or Ad Fees).',
    );
  }
  const symbol = /\((.)\)/.exec(header[revenue] ?? '')?.[1];
  const columns: EarningsColumns = { trackingId, asin, revenue, earnings, currency: SYMBOLS[symbol ?? '$'] ?? 'USD' };
  for (const field of ['items', 'subtag', 'date'] as const) {
    const index = find(field);
    if (index !== undefined) columns[field] = index;
  }
  return columns;
}

/** What one report row records: a conversion, named by a key of its own (the report has no order ids). */
export interface EarningsRow {
  orderId: string;
  trackingId: string;
  clickId: string | null;
  amount: string;
  commission: string;
  currency: string;
  status: 'approved' | 'reversed';
  occurredAt: string | undefined;
}

/** "1,234.50" or "-3.20" as the report writes amounts: the decimal and whether it is negative. */
function amountCell(field: string, text: string): { amount: string; negative: boolean } {
  const cleaned = text.replace(/[,\s$€£¥₹]/g, '');
  const negative = cleaned.startsWith('-') || /^\(.*\)$/.test(cleaned);
  const amount = cleaned.replace(/^[-(]|\)$/g, '');
  if (!/^\d+(\.\d+)?$/.test(amount)) throw invalidField(field, `The ${field} "${text}" is not an amount.`);
  return { amount, negative };
}

/**
 * One row as a conversion: the revenue as `amount`, the fees as `commission`, the sub-tag as the
 * click id. A row of returns (negative amounts) is a reversed conversion of its own. The key is a
 * hash of the row's tracking id, sub-tag, ASIN, date and amounts, so importing the same report
 * again changes nothing.
 */
export function readEarningsRow(record: readonly string[], columns: EarningsColumns): EarningsRow {
  const cell = (index: number | undefined) => (index === undefined ? '' : (record[index] ?? '').trim());
  const trackingId = cell(columns.trackingId);
  if (trackingId === '') throw invalidField('tracking_id', 'The tracking id is empty.');
  const revenue = amountCell('revenue', cell(columns.revenue));
  const earnings = amountCell('earnings', cell(columns.earnings));
  const subtag = cell(columns.subtag);
  const date = cell(columns.date);
  const key = [trackingId, subtag, cell(columns.asin), date, cell(columns.items), cell(columns.revenue)].join('\n');
  return {
    orderId: `amazon:${createHash('sha256').update(key).digest('base64url').slice(0, 32)}`,
    trackingId,
    clickId: subtag !== '' && isClickId(subtag) ? subtag : null,
    amount: revenue.amount,
    commission: earnings.amount,
    currency: columns.currency,
    status: revenue.negative || earnings.negative ? 'reversed' : 'approved',
    occurredAt: date === '' ? undefined : parseImportDate(date),
  };
}
