import { describe, expect, it } from 'vitest';
import { fromSpreadsheetSafe, spreadsheetSafe } from './spreadsheet-safe.ts';

describe('spreadsheet-safe CSV cells', () => {
  it.each(['=importxml("https://x/")', '+1+2', '-3', '@SUM(A1)', '\tx', '\rx'])(
    'a cell starting a formula (%j) gets a leading quote',
    (cell) => {
      expect(spreadsheetSafe(cell)).toBe(`'${cell}`);
    },
  );

  it.each(['https://example.com/=x', 'plain', '', "'quoted already", '5 - 3'])(
    'other cells (%j) are unchanged',
    (cell) => {
      expect(spreadsheetSafe(cell)).toBe(cell);
    },
  );

  it.each(['=1+1', '-3', '@x', 'plain', "'not a formula", "'=x", "''+x"])(
    'reading back gives what was written (%j)',
    (cell) => {
      expect(fromSpreadsheetSafe(spreadsheetSafe(cell))).toBe(cell);
    },
  );
});
