import { Readable } from 'node:stream';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IMPORT_FORMATS, type ImportFormat } from '../../core/earnings-report.ts';
import { AppError, invalidField } from '../../core/errors.ts';
import { DataList, errorResponses, IdParams } from '../../schemas/common.ts';
import { IMPORT_BODY_EXAMPLE, IMPORT_EXAMPLE, MAX_IMPORT_BYTES } from '../../schemas/import.ts';
import { IMPORTS_UNDER_WAY_RETRY_SECONDS, MAX_IMPORTS_UNDER_WAY, storeUpload } from '../../services/import-uploads.ts';
import { getImportOrThrow, listUserImports } from '../../services/imports.ts';
import type { UnitOfWork } from '../../services/unit-of-work.ts';
import { ownedResource } from '../owned-resource.ts';
import { importResource } from '../serializers.ts';
import type { TypeBoxApp } from '../typebox-app.ts';

/** What a CSV upload may be labelled as (browsers label .csv files differently). */
const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel'];

interface ImportRoutesOptions {
  uow: UnitOfWork;
  /** Called when an upload has queued a job, so the import worker looks for it now, not at its next poll. */
  onQueued?: () => void;
}

export const importRoutes: FastifyPluginAsyncTypebox<ImportRoutesOptions> = async (app, options) => {
  const tooLarge = () => new AppError('too-large', `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);
  // The file is not read here: the route streams it into the job's storage chunk by chunk
  // (storeUpload), never holding it whole. A declared length over the limit is refused at once;
  // a body sent without one is measured as it arrives.
  app.addContentTypeParser(CSV_TYPES, (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (declared > MAX_IMPORT_BYTES) done(tooLarge(), undefined);
    else done(null, payload);
  });
  registerUpload(app, options);
  registerImportReads(app, options);
};

const tags = ['Imports'];

/** POST /imports in the OpenAPI document. */
const UPLOAD_DESCRIPTION =
  'Send the file itself as the body with `Content-Type: text/csv` (at most 50 MB; larger is a 413). ' +
  `An account may have ${MAX_IMPORTS_UNDER_WAY} imports under way (uploading, queued or running); ` +
  'one more is a 429 saying how many there are. The file is stored as it arrives; the header row is ' +
  'checked at once (422 without a destination column); the rows are imported in the background, ' +
  'accounts in turn: poll GET /imports/{id}. Recognised headers (case and punctuation ignored): ' +
  '`redirect_url`/`url`/`long_url`/`target`, `short_code`/`keyword`/`alias`/`custom_alias`/`address`, ' +
  '`link`/`short_url` (its last path segment is the code when there is no code column), ' +
  '`title`/`description`, `category`/`tags` (first tag), `created_at`/`timestamp`/`date`/' +
  '`dateCreated`/`createDate`; other columns are ignored. Rows are validated like POST /links; ' +
  'a bad row never stops the others and a taken code is skipped. `format=amazon-earnings` takes an Amazon ' +
  'Associates earnings report instead (columns Tracking ID, ASIN, Items Shipped, Revenue, Ad Fees or Earnings, ' +
  'and Sub Tag when your links carried click ids): each row becomes a conversion, attributed by its sub-tag; ' +
  'the same report imported again adds nothing.';

/** `?format=`: the route reads its body itself, so its query is checked here too. */
function formatOf(query: unknown): ImportFormat {
  const format = (query as { format?: unknown } | undefined)?.format ?? 'links';
  if (typeof format !== 'string' || !(IMPORT_FORMATS as readonly string[]).includes(format)) {
    throw invalidField('format', `The format must be one of ${IMPORT_FORMATS.join(', ')}.`);
  }
  return format as ImportFormat;
}

/** The job as POST /imports answers it: queued, nothing imported yet. */
const QUEUED_EXAMPLE = {
  ...IMPORT_EXAMPLE,
  status: 'queued',
  total: 4,
  processed: 0,
  created: 0,
  skipped: 0,
  invalid: 0,
  errors: [],
  finished_at: null,
  updated_at: IMPORT_EXAMPLE.created_at,
};

/** POST /imports: the CSV upload, stored as it arrives, that queues an import job. */
function registerUpload(app: TypeBoxApp, { uow, onQueued }: ImportRoutesOptions): void {
  app.post(
    '/imports',
    {
      config: { business: 'Imports' },
      // The body is the request's stream (see the parser above), checked as it is stored; the
      // schema below is its description for the OpenAPI document.
      validatorCompiler: () => () => true,
      schema: {
        summary: 'Import links from a CSV file',
        description: UPLOAD_DESCRIPTION,
        tags,
        consumes: ['text/csv'],
        querystring: Type.Object({
          format: Type.Optional(
            Type.Enum(IMPORT_FORMATS, { description: 'links (the default), or amazon-earnings: conversions.' }),
          ),
        }),
        body: Type.String({
          maxLength: MAX_IMPORT_BYTES,
          description: 'The CSV file: a header row, then one link per row.',
          examples: [IMPORT_BODY_EXAMPLE],
        }),
        response: {
          202: Type.Ref('Import', {
            description: 'Queued; the import runs in the background.',
            examples: [QUEUED_EXAMPLE],
          }),
          ...errorResponses(413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const body: unknown = request.body;
      if (!(body instanceof Readable)) {
        throw new AppError('validation-failed', 'Send the CSV file as the body, with Content-Type: text/csv.', {
          file: ['Send the CSV file as the body, with Content-Type: text/csv.'],
        });
      }
      try {
        const format = formatOf(request.query);
        // Not destroyed when the upload is refused half-way: the rest is read and dropped below,
        // so the client, still sending, gets the answer instead of a reset connection.
        const pieces = body.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array | string>;
        const job = await storeUpload(uow, request.principal, pieces, { maxBytes: MAX_IMPORT_BYTES, format });
        onQueued?.();
        return reply.code(202).send(importResource(job));
      } catch (error) {
        if (!body.readableEnded) body.resume();
        if (error instanceof AppError && error.code === 'rate-limited') {
          reply.header('Retry-After', IMPORTS_UNDER_WAY_RETRY_SECONDS);
        }
        throw error;
      }
    },
  );
}

/** GET /imports and GET /imports/:id: the jobs and their progress. */
function registerImportReads(app: TypeBoxApp, { uow }: ImportRoutesOptions): void {
  const owned = ownedResource(uow, getImportOrThrow);

  app.get(
    '/imports',
    {
      config: { business: 'Imports' },
      schema: {
        summary: 'List imports',
        description: 'Your last 100 imports, newest first.',
        tags,
        response: {
          200: DataList(Type.Ref('Import'), { description: 'Your imports.', examples: [{ data: [IMPORT_EXAMPLE] }] }),
          ...errorResponses(),
        },
      },
    },
    async (request) => ({
      data: (await uow.read((stores) => listUserImports(stores, request.principal))).map(importResource),
    }),
  );

  app.get(
    '/imports/:id',
    {
      preValidation: owned.preValidation,
      config: { business: 'Imports' },
      schema: {
        summary: 'Read an import',
        description:
          'Its status and counters: poll it while it runs. `errors` holds the first 100 rows refused or ' +
          'skipped, by 1-based data row number (the first row under the header is 1).',
        tags,
        params: IdParams,
        response: { 200: Type.Ref('Import', { description: 'The import.' }), ...errorResponses(404) },
      },
    },
    async (request) => importResource(owned.get(request)),
  );
}
