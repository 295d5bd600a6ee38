/**
 * Regenerates the client's committed files from the real app:
 *   packages/client/openapi.json   what GET /api/v1/openapi.json serves
 *   packages/client/src/schema.ts  its TypeScript types (openapi-typescript), formatted with Prettier
 *
 * npm run generate -w @hoplink/client   (or, from the repository root: npx node packages/client/scripts/generate.ts)
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { documentText, fetchOpenApiDocument, OPENAPI_JSON_PATH, schemaHash } from './document.ts';

const SCHEMA_PATH = resolve(import.meta.dirname, '../src/schema.ts');

const document = await fetchOpenApiDocument();
await writeFile(OPENAPI_JSON_PATH, documentText(document));

// The hash lets the test suite tell that this file was generated from the committed openapi.json.
const HEADER = [
  '/**',
  ' * Generated from packages/client/openapi.json by openapi-typescript. Do not edit by hand:',
  ' * run `npm run generate -w @hoplink/client` after changing a route or schema.',
  ` * openapi.json sha256: ${schemaHash(document)}`,
  ' */',
  '',
].join('\n');

const ast = await openapiTS(structuredClone(document) as unknown as OpenAPI3, { silent: true });
const prettierOptions = (await resolveConfig(SCHEMA_PATH)) ?? {};
const source = await format(HEADER + astToString(ast), { ...prettierOptions, filepath: SCHEMA_PATH });
await writeFile(SCHEMA_PATH, source);

console.log(`wrote ${OPENAPI_JSON_PATH}\nwrote ${SCHEMA_PATH}`);
