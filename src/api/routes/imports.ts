import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../core/errors.ts';
import { DataList, errorResponses, IdParams } from '../../schemas/common.ts';
import { IMPORT_BODY_EXAMPLE, IMPORT_EXAMPLE, MAX_IMPORT_BYTES } from '../../schemas/import.ts';
import { createImport, getImportOrThrow, listUserImports } from '../../services/imports.ts';
import type { UnitOfWork } from '../../services/unit-of-work.ts';
import { ownedResource } from '../owned-resource.ts';
import { importResource } from '../serializers.ts';

/** What a CSV upload may be labelled as (browsers label .csv files differently). */
const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel'];

export const importRoutes: FastifyPluginAsyncTypebox<{ uow: UnitOfWork; onQueued?: () => void }> = async (
  app,
  { uow, onQueued },
) => {
  const owned = ownedResource(uow, getImportOrThrow);
  const tags = ['Imports'];
  // The file arrives as text, up to 50 MB (this plugin only: everything else stays JSON of 1 MB).
  app.addContentTypeParser(CSV_TYPES, { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/imports',
    {
      bodyLimit: MAX_IMPORT_BYTES,
      config: { business: 'Imports' },
      schema: {
        summary: 'Import links from a CSV file',
        description:
          'Send the file itself as the body with `Content-Type: text/csv` (at most 50 MB; larger is a 413). ' +
          'The header row is checked at once (422 without a destination column); the rows are imported in ' +
          'the background: poll GET /imports/{id}. Recognised headers (case and punctuation ignored): ' +
          '`redirect_url`/`url`/`long_url`/`target`, `short_code`/`keyword`/`alias`/`custom_alias`/`address`, ' +
          '`link`/`short_url` (its last path segment is the code when there is no code column), ' +
          '`title`/`description`, `category`/`tags` (first tag), `created_at`/`timestamp`/`date`/' +
          '`dateCreated`/`createDate`; other columns are ignored. Rows are validated like POST /links; ' +
          'a bad row never stops the others and a taken code is skipped.',
        tags,
        consumes: ['text/csv'],
        body: Type.String({
          maxLength: MAX_IMPORT_BYTES,
          description: 'The CSV file: a header row, then one link per row.',
          examples: [IMPORT_BODY_EXAMPLE],
        }),
        response: {
          202: Type.Ref('Import', {
            description: 'Queued; the import runs in the background.',
            examples: [
              {
                ...IMPORT_EXAMPLE,
                status: 'queued',
                total: null,
                processed: 0,
                created: 0,
                skipped: 0,
                invalid: 0,
                errors: [],
                finished_at: null,
                updated_at: IMPORT_EXAMPLE.created_at,
              },
            ],
          }),
          ...errorResponses(413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      if (typeof request.body !== 'string') {
        throw new AppError('validation-failed', 'Send the CSV file as the body, with Content-Type: text/csv.', {
          file: ['Send the CSV file as the body, with Content-Type: text/csv.'],
        });
      }
      const source = request.body;
      const job = await uow.transact((work) => createImport(work, request.principal, source));
      onQueued?.();
      return reply.code(202).send(importResource(job));
    },
  );

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
};
