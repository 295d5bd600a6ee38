import { Type, type Static } from 'typebox';
import { IMPORT_FORMATS } from '../core/earnings-report.ts';
import { EXAMPLE_CREATED_AT, Timestamp } from './common.ts';

/** The largest CSV POST /imports takes (50 MB); larger is a 413. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const IMPORT_EXAMPLE = {
  id: 7,
  status: 'done',
  total: 4,
  processed: 4,
  created: 2,
  skipped: 1,
  invalid: 1,
  errors: [
    { row: 2, message: 'The redirect url field must be a valid http or https URL of at most 2048 characters.' },
    { row: 4, message: 'The short code "summer-sale" has already been taken; the row was skipped.' },
  ],
  failure_reason: null,
  format: 'links',
  created_at: EXAMPLE_CREATED_AT,
  updated_at: '2026-11-02T09:15:03.000Z',
  finished_at: '2026-11-02T09:15:03.000Z',
};

export const ImportSchema = Type.Object(
  {
    id: Type.Integer(),
    status: Type.Enum(IMPORT_STATUSES, {
      description: 'queued -> running -> done, or failed (see failure_reason).',
    }),
    total: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Data rows in the file (the header not counted), counted as it is uploaded; null until counted.',
    }),
    processed: Type.Integer({ description: 'Rows handled so far: created + skipped + invalid.' }),
    created: Type.Integer({ description: 'Links created.' }),
    skipped: Type.Integer({ description: 'Rows whose short code was already taken.' }),
    invalid: Type.Integer({ description: 'Rows refused by validation.' }),
    errors: Type.Array(
      Type.Object({
        row: Type.Integer({ description: '1-based data row number: the first row under the header is 1.' }),
        message: Type.String(),
      }),
      { description: 'The first 100 skipped or invalid rows, with the reason.' },
    ),
    failure_reason: Type.Union([Type.String(), Type.Null()], {
      description: 'Why a failed import stopped (the rows before it stay imported); null otherwise.',
    }),
    format: Type.Enum(IMPORT_FORMATS, {
      description: 'links, or amazon-earnings (each row a conversion: created new, skipped known).',
    }),
    created_at: Timestamp,
    updated_at: Timestamp,
    finished_at: Type.Union([Timestamp, Type.Null()]),
  },
  { $id: 'Import', examples: [IMPORT_EXAMPLE] },
);

export type ImportRecord = Static<typeof ImportSchema>;

export const EXPORT_COLUMNS = [
  'id',
  'short_code',
  'short_url',
  'redirect_url',
  'title',
  'category',
  'domain',
  'is_active',
  'click_count',
  'expires_at',
  'created_at',
] as const;

export const EXPORT_EXAMPLE =
  `${EXPORT_COLUMNS.join(',')}\n` +
  '42,aB3xY9z,https://hop.example.com/aB3xY9z,https://example.com/sale,"Sale, winter",Newsletter,,true,128,,' +
  '2026-11-02T09:15:00.000Z\n';

export const IMPORT_BODY_EXAMPLE =
  'long_url,short_code,title,tags\n' +
  'https://example.com/sale,summer-sale,Summer sale,newsletter|promo\n' +
  'https://example.com/about,,,\n';
