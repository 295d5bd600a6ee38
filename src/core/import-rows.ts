import { AppError, invalidField } from './errors.ts';
import { validateCustomCode } from './short-codes.ts';
import { distinctTagNames, MAX_TAG_NAME_LENGTH, MAX_TAGS_PER_LINK } from './tags.ts';
import { fromSpreadsheetSafe } from './spreadsheet-safe.ts';
import { isHttpUrl } from './urls.ts';

/**
 * Reading one CSV row of a link import (docs/api.md, "Imports"), pure: which columns mean what, and
 * what a row asks for, validated with the rules of POST /links. The CSV parsing itself and the
 * writes live in src/imports/ and src/services/imports.ts.
 */

/** The fields an import understands, and the column that holds each (absent: not in the file). */
export interface ImportColumns {
  url: number;
  code?: number;
  /** A full short URL (`https://bit.ly/abc`): its last path segment is the code when there is no code column. */
  link?: number;
  title?: number;
  category?: number;
  /** Bitly's, Shlink's and Kutt's tags, each kept as a tag (and the first as the category without one). */
  tags?: number;
  createdAt?: number;
}

/**
 * Header names per field, best first, as they compare: lower case with everything but letters and
 * digits removed, so `long_url`, `longUrl` and Shlink's `Long URL` are one name.
 */
export const IMPORT_HEADERS: Record<keyof ImportColumns, readonly string[]> = {
  url: ['redirecturl', 'url', 'longurl', 'target'],
  code: ['shortcode', 'keyword', 'alias', 'customalias', 'address'],
  link: ['link', 'shorturl'],
  title: ['title', 'description'],
  category: ['category', 'tags'],
  tags: ['tags'],
  createdAt: ['createdat', 'timestamp', 'date', 'datecreated', 'createdate'],
};

export const normalizeHeader = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Maps a header row to columns; a file without a destination column is refused as a whole. */
export function mapImportHeader(header: readonly string[]): ImportColumns {
  const names = header.map(normalizeHeader);
  const find = (field: keyof ImportColumns): number | undefined => {
    for (const wanted of IMPORT_HEADERS[field]) {
      const index = names.indexOf(wanted);
      if (index >= 0) return index;
    }
    return undefined;
  };
  const url = find('url');
  if (url === undefined) {
    throw invalidField(
      'file',
      'The file has no destination column: name one redirect_url, url, long_url, target or longUrl.',
    );
  }
  const columns: ImportColumns = { url };
  for (const field of ['code', 'link', 'title', 'category', 'tags', 'createdAt'] as const) {
    const index = find(field);
    if (index !== undefined) columns[field] = index;
  }
  return columns;
}

/** What one valid row asks for. */
export interface ImportRow {
  redirectUrl: string;
  /** null: a random code. */
  shortCode: string | null;
  title: string | null;
  /** A category name, created for the user when missing. */
  category: string | null;
  /** Tag names, one of each whatever the case, created when missing. */
  tags: string[];
  /** ISO 8601 UTC; null: the time of the import. */
  createdAt: string | null;
}

export const MAX_TITLE_LENGTH = 255;
export const MAX_CATEGORY_LENGTH = 255;

/** A cell's text, with the mark an export puts before formula-like cells taken off (spreadsheet-safe.ts). */
const cell = (record: readonly string[], index: number | undefined): string =>
  index === undefined ? '' : fromSpreadsheetSafe(record[index] ?? '').trim();

/** Validates one data row; throws a validation-failed AppError whose message names the problem. */
export function readImportRow(record: readonly string[], columns: ImportColumns): ImportRow {
  const redirectUrl = cell(record, columns.url);
  if (redirectUrl === '') throw invalidField('redirect_url', 'The redirect url field is required.');
  if (!isHttpUrl(redirectUrl)) {
    throw invalidField(
      'redirect_url',
      'The redirect url field must be a valid http or https URL of at most 2048 characters.',
    );
  }
  let code = cell(record, columns.code);
  if (code === '' && columns.code === undefined) code = codeOfShortUrl(cell(record, columns.link));
  const title = cell(record, columns.title);
  if (title.length > MAX_TITLE_LENGTH) {
    throw invalidField('title', `The title field must not be greater than ${MAX_TITLE_LENGTH} characters.`);
  }
  const category = firstTag(cell(record, columns.category));
  if (category.length > MAX_CATEGORY_LENGTH) {
    throw invalidField('category', `The category field must not be greater than ${MAX_CATEGORY_LENGTH} characters.`);
  }
  const tags = distinctTagNames(cell(record, columns.tags).split(/[|,]/));
  if (tags.length > MAX_TAGS_PER_LINK) {
    throw invalidField('tags', `A link carries at most ${MAX_TAGS_PER_LINK} tags; this row has ${tags.length}.`);
  }
  const long = tags.find((tag) => tag.length > MAX_TAG_NAME_LENGTH);
  if (long !== undefined) {
    throw invalidField('tags', `A tag has at most ${MAX_TAG_NAME_LENGTH} characters: "${long.slice(0, 60)}…".`);
  }
  const created = cell(record, columns.createdAt);
  return {
    tags,
    redirectUrl,
    shortCode: code === '' ? null : validateCustomCode(code),
    title: title === '' ? null : title,
    category: category === '' ? null : category,
    createdAt: created === '' ? null : parseImportDate(created),
  };
}

/** `https://bit.ly/abc`, `bit.ly/abc` or `/abc` -> `abc`; '' when there is no path. */
export function codeOfShortUrl(link: string): string {
  if (link === '') return '';
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(link) ? link : `https://${link.replace(/^\/+/, '')}`;
  if (!URL.canParse(absolute)) return '';
  const segment = new URL(absolute).pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Shlink separates tags with `|` in its CSV, others with `,`: the first one becomes the category. */
function firstTag(tags: string): string {
  return (
    tags
      .split(/[|,]/)
      .map((tag) => tag.trim())
      .find((tag) => tag !== '') ?? ''
  );
}

/**
 * The dates the exports carry: ISO 8601 (Shlink, Kutt, Hoplink), Bitly's `+0000` offsets, YOURLS'
 * `2024-01-31 12:00:00` (taken as UTC), a bare date, or Unix seconds or milliseconds.
 */
export function parseImportDate(text: string): string {
  let ms: number;
  if (/^\d{9,10}$/.test(text)) ms = Number(text) * 1000;
  else if (/^\d{12,13}$/.test(text)) ms = Number(text);
  else {
    let iso = text.replace(/^(\d{4}-\d{2}-\d{2}) (\d)/, '$1T$2').replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
    if (/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/.test(iso)) iso += iso.includes('T') ? 'Z' : 'T00:00:00Z';
    ms = /^\d{4}-\d{2}-\d{2}/.test(iso) ? Date.parse(iso) : Number.NaN;
  }
  const date = new Date(ms);
  if (Number.isNaN(ms) || date.getUTCFullYear() < 1970 || date.getUTCFullYear() > 9999) {
    throw invalidField('created_at', 'The created at field must be a valid date.');
  }
  return date.toISOString();
}

/** The message of a row's failure, for the import's error list. */
export function rowProblem(error: unknown): string | undefined {
  return error instanceof AppError && error.code === 'validation-failed' ? error.message : undefined;
}
