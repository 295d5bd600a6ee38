import { createHash, createHmac } from 'node:crypto';

/**
 * Who a visit came from, for counting unique visitors (docs/api.md): a hash of the client
 * address and user agent. It lives only in memory, on its way to the batch writer, which stores
 * nothing but `saltedVisitor` of it under the day's salt.
 */
export function visitorKey(ip: string, userAgent: string | undefined): string {
  return createHash('sha256')
    .update(`${ip}\n${userAgent ?? ''}`)
    .digest('base64url');
}

/**
 * The visitor as the day's rollups know them: 128 bits of an HMAC keyed by that UTC day's random
 * salt. Salts are deleted two days later, and with them any way to link one day's visitors to
 * another's or back to an address.
 */
export function saltedVisitor(daySalt: string, key: string): string {
  return createHmac('sha256', daySalt).update(key).digest('base64url').slice(0, 22);
}

/**
 * Visitors are counted on today and yesterday only: older days' salts are gone, so a visit
 * written more than a day late (a replayed backlog) counts as a click but not as a unique visitor.
 */
export function countsAsVisitorDay(day: string, now: number): boolean {
  return day >= dayBefore(new Date(now).toISOString().slice(0, 10));
}

/** The UTC day `days` before `day` (YYYY-MM-DD). */
export function dayBefore(day: string, days = 1): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}
