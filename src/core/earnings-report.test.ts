import { describe, expect, it } from 'vitest';
import { isEarningsHeader, mapEarningsHeader, readEarningsRow } from './earnings-report.ts';

const HEADER = [
  'Category',
  'Name',
  'ASIN',
  'Seller',
  'Tracking ID',
  'Date Shipped',
  'Price($)',
  'Items Shipped',
  'Returns',
  'Revenue($)',
  'Ad Fees($)',
  'Device Type Group',
  'Sub Tag',
];
const row = (revenue: string, fees: string, subtag = 'q3ZkB1tX0m9cP2wLrVn8aA') => [
  'Books',
  'A Field Guide',
  'B000000002',
  'Amazon.com',
  'mysite-20',
  '2026-11-21 08:00:00',
  '24.00',
  '1',
  '0',
  revenue,
  fees,
  'PHONE',
  subtag,
];

describe('the Amazon earnings report', () => {
  it('finds its header under a title line, and the currency its amount columns name', () => {
    expect(isEarningsHeader(['Fee-Earnings reports from 2026-11-01 to 2026-11-30'])).toBe(false);
    expect(isEarningsHeader(HEADER)).toBe(true);
    expect(mapEarningsHeader(HEADER)).toMatchObject({ trackingId: 4, asin: 2, revenue: 9, earnings: 10, subtag: 12 });
    expect(mapEarningsHeader(HEADER).currency).toBe('USD');
    expect(mapEarningsHeader(HEADER.map((name) => name.replace('($)', '(€)'))).currency).toBe('EUR');
    expect(() => mapEarningsHeader(['Category', 'Name'])).toThrow(/not an earnings report/);
  });

  it('reads a row as a conversion: revenue, fees as earnings, the sub-tag as click id', () => {
    const read = readEarningsRow(row('24.00', '1.20'), mapEarningsHeader(HEADER));
    expect(read).toMatchObject({
      trackingId: 'mysite-20',
      clickId: 'q3ZkB1tX0m9cP2wLrVn8aA',
      amount: '24.00',
      commission: '1.20',
      currency: 'USD',
      status: 'approved',
      occurredAt: '2026-11-21T08:00:00.000Z',
    });
    expect(read.orderId).toMatch(/^amazon:[A-Za-z0-9_-]{32}$/);
  });

  it('names a row the same each time, and two rows differently', () => {
    const columns = mapEarningsHeader(HEADER);
    expect(readEarningsRow(row('24.00', '1.20'), columns).orderId).toBe(
      readEarningsRow(row('24.00', '1.20'), columns).orderId,
    );
    expect(readEarningsRow(row('24.00', '1.20'), columns).orderId).not.toBe(
      readEarningsRow(row('12.00', '0.60'), columns).orderId,
    );
  });

  it('takes returns as reversed, and no sub-tag as no click id', () => {
    const read = readEarningsRow(row('-9.99', '-0.40', ''), mapEarningsHeader(HEADER));
    expect(read).toMatchObject({ amount: '9.99', commission: '0.40', status: 'reversed', clickId: null });
  });

  it('refuses a row without an amount', () => {
    expect(() => readEarningsRow(row('n/a', '1.20'), mapEarningsHeader(HEADER))).toThrow(/not an amount/);
  });
});
