import { parse, type Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { invalidField } from '../core/errors.ts';
import { mapImportHeader, type ImportColumns } from '../core/import-rows.ts';

/**
 * csv-parse as imports use it: a UTF-8 BOM dropped, rows of any length (a short row simply lacks
 * the missing cells), a stray quote inside an unquoted cell kept as a character, and one record
 * at most 64 KB (a row that is more is a broken file, not a link).
 */
const OPTIONS: Options = {
  bom: true,
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  max_record_size: 64 * 1024,
};

/** The text is fed to the parser in slices so records come out as they are read, never all at once. */
const SLICE_CHARS = 64 * 1024;

/** The header of an uploaded file, mapped; a file with no header or no destination column is a 422. */
export function readImportHeader(source: string): ImportColumns {
  let header: string[] | undefined;
  try {
    [header] = parseSync(source.slice(0, SLICE_CHARS), { ...OPTIONS, to: 1 }) as string[][];
  } catch {
    header = undefined;
  }
  if (!header || header.every((name) => name.trim() === '')) {
    throw invalidField('file', 'The file is empty or its first line is not a CSV header.');
  }
  return mapImportHeader(header);
}

/**
 * The records of `source`, header first, one slice of text parsed at a time (memory: one slice's
 * records). The parser is driven by hand rather than piped: a stream that fails (a quote never
 * closed, found only at the end of the file) throws away the records it still buffers, and each
 * of those is a link the user expects to see imported before the error.
 */
export async function* csvRecords(source: string): AsyncGenerator<string[]> {
  const parser = parse(OPTIONS);
  let failure: unknown;
  let ended = false;
  parser.on('error', (error) => (failure = error));
  parser.on('end', () => (ended = true));
  const drain = function* () {
    for (let record = parser.read() as string[] | null; record !== null; record = parser.read() as string[] | null)
      yield record;
  };
  try {
    for (let at = 0; at < source.length && failure === undefined; at += SLICE_CHARS) {
      parser.write(source.slice(at, at + SLICE_CHARS));
      yield* drain();
    }
    if (failure === undefined) parser.end();
    for (;;) {
      yield* drain();
      if (failure !== undefined) throw failure;
      if (ended) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    if (!ended) parser.destroy();
  }
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * The data rows of `source` (records under the header), counted by a scan of the text that
 * follows the parser's rules (quoted cells may hold newlines, empty lines are skipped) at a small
 * fraction of its cost: the total a progress bar needs before the first row is imported. A done
 * import's total is then set to the rows it actually processed.
 */
export function countCsvRows(source: string): number {
  let records = 0;
  let inQuotes = false;
  let fieldStart = true;
  let lineHasContent = false;
  const length = source.length;
  for (let i = source.charCodeAt(0) === 0xfeff ? 1 : 0; i < length; i++) {
    const c = source.charCodeAt(i);
    if (inQuotes) {
      if (c === QUOTE) {
        if (source.charCodeAt(i + 1) === QUOTE) i++;
        else inQuotes = false;
      }
    } else if (c === QUOTE && fieldStart) {
      inQuotes = true;
      lineHasContent = true;
      fieldStart = false;
    } else if (c === COMMA) {
      fieldStart = true;
      lineHasContent = true;
    } else if (c === LF || (c === CR && source.charCodeAt(i + 1) !== LF)) {
      if (lineHasContent) records++;
      lineHasContent = false;
      fieldStart = true;
    } else if (c !== CR) {
      lineHasContent = true;
      fieldStart = false;
    }
  }
  if (lineHasContent) records++;
  return Math.max(0, records - 1);
}
