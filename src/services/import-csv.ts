import { parse, type Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { isEarningsHeader, mapEarningsHeader, type EarningsColumns } from '../core/earnings-report.ts';
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

/** Lines an earnings report may put above its header (a title such as "Fee-Earnings reports from ..."). */
export const EARNINGS_TITLE_LINES = 2;

/** The header of an uploaded earnings report, below its title lines if any; 422 when none is found. */
export function readEarningsHeader(source: string): EarningsColumns {
  let records: string[][] = [];
  try {
    records = parseSync(source.slice(0, SLICE_CHARS), {
      ...OPTIONS,
      to: EARNINGS_TITLE_LINES + 1,
    }) as string[][];
  } catch {
    records = [];
  }
  const header = records.find(isEarningsHeader);
  if (!header) {
    throw invalidField('file', 'The file is not an earnings report: no header with a Tracking ID column was found.');
  }
  return mapEarningsHeader(header);
}

/**
 * The records of `source`, header first: the file as one text, or its pieces in order (an upload
 * read back chunk by chunk), each fed to the parser one slice at a time (memory: one piece and one
 * slice's records). The parser is driven by hand rather than piped: a stream that fails (a quote
 * never closed, found only at the end of the file) throws away the records it still buffers, and
 * each of those is a link the user expects to see imported before the error.
 */
export async function* csvRecords(source: string | AsyncIterable<string>): AsyncGenerator<string[]> {
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
    pieces: for await (const piece of typeof source === 'string' ? [source] : source) {
      for (let at = 0; at < piece.length; at += SLICE_CHARS) {
        if (failure !== undefined) break pieces;
        parser.write(piece.slice(at, at + SLICE_CHARS));
        yield* drain();
      }
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
 * Counts the data rows of a CSV text given in pieces of any size (records under the header), by a
 * scan that follows the parser's rules (quoted cells may hold newlines, empty lines are skipped)
 * at a small fraction of its cost: the total a progress bar needs before the first row is
 * imported, counted while the file is uploaded. A done import's total is then set to the rows it
 * actually processed.
 */
export class CsvRowCounter {
  #records = 0;
  #inQuotes = false;
  #fieldStart = true;
  #lineHasContent = false;
  #started = false;
  /** The last piece ended on a quote inside quotes: a quote first in the next one escapes it. */
  #quoteAtEnd = false;
  /** The last piece ended on a CR outside quotes: a LF first in the next one ends the line instead. */
  #crAtEnd = false;

  push(text: string): void {
    const length = text.length;
    if (length === 0) return;
    let i = 0;
    if (!this.#started) {
      this.#started = true;
      if (text.charCodeAt(0) === 0xfeff) i = 1;
    }
    if (this.#quoteAtEnd) {
      this.#quoteAtEnd = false;
      if (text.charCodeAt(i) === QUOTE) i++;
      else this.#inQuotes = false;
    }
    if (this.#crAtEnd) {
      this.#crAtEnd = false;
      if (text.charCodeAt(i) !== LF) this.#endLine();
    }
    for (; i < length; i++) {
      const c = text.charCodeAt(i);
      if (this.#inQuotes) {
        if (c === QUOTE) {
          if (i + 1 === length) this.#quoteAtEnd = true;
          else if (text.charCodeAt(i + 1) === QUOTE) i++;
          else this.#inQuotes = false;
        }
      } else if (c === QUOTE && this.#fieldStart) {
        this.#inQuotes = true;
        this.#lineHasContent = true;
        this.#fieldStart = false;
      } else if (c === COMMA) {
        this.#fieldStart = true;
        this.#lineHasContent = true;
      } else if (c === LF) {
        this.#endLine();
      } else if (c === CR) {
        if (i + 1 === length) this.#crAtEnd = true;
        else if (text.charCodeAt(i + 1) !== LF) this.#endLine();
      } else {
        this.#lineHasContent = true;
        this.#fieldStart = false;
      }
    }
  }

  /** The data rows of everything pushed (the header not counted). */
  end(): number {
    if (this.#crAtEnd) this.#endLine();
    this.#crAtEnd = false;
    this.#quoteAtEnd = false;
    if (this.#lineHasContent) this.#endLine();
    return Math.max(0, this.#records - 1);
  }

  #endLine(): void {
    if (this.#lineHasContent) this.#records++;
    this.#lineHasContent = false;
    this.#fieldStart = true;
  }
}

/** The data rows of `source`, one text (see CsvRowCounter). */
export function countCsvRows(source: string): number {
  const counter = new CsvRowCounter();
  counter.push(source);
  return counter.end();
}
