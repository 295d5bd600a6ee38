/**
 * CSV cells that a spreadsheet would read as a formula are written with a leading `'` (OWASP's
 * rule for CSV injection): a cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return.
 * Every CSV the product writes (the links export, a link's raw clicks) passes its text cells
 * through here, and the importer takes the mark off again (`fromSpreadsheetSafe`), so an exported
 * file imports back as what was exported. A cell that already starts with quotes before a formula
 * start gets one more, so that reading back is exact for every text.
 */
const MARKED = /^'*[=+\-@\t\r]/;
const UNMARK = /^'+[=+\-@\t\r]/;

/** The cell as it is safe to write: unchanged unless a spreadsheet would evaluate it. */
export function spreadsheetSafe(value: string): string {
  return MARKED.test(value) ? `'${value}` : value;
}

/** The cell as it was before `spreadsheetSafe` marked it. */
export function fromSpreadsheetSafe(value: string): string {
  return UNMARK.test(value) ? value.slice(1) : value;
}
