import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_ENV, OPENAPI_JSON_PATH, schemaHash } from '../../packages/client/scripts/document.ts';
import { useTestApp } from '../helpers/app.ts';

/** The app with the settings the committed document is generated with (its `servers` depend on APP_URL). */
const t = useTestApp({ ...DOCUMENT_ENV });

const REGENERATE = 'run npm run generate -w @hoplink/client';
const SCHEMA_TS_PATH = resolve(OPENAPI_JSON_PATH, '../src/schema.ts');

interface Media {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}
type Schema = { $ref?: string; examples?: unknown; example?: unknown } & Record<string, unknown>;
interface Operation {
  summary?: string;
  description?: string;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description?: string; content?: Record<string, Media> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

let doc: Document;
beforeAll(async () => {
  const res = await t.api('GET', '/openapi.json');
  expect(res.statusCode).toBe(200);
  doc = res.json();
});

/** @fastify/swagger writes 'Default Response' when a response schema has no description. */
function described(text: string | undefined): boolean {
  return Boolean(text?.trim()) && text !== 'Default Response';
}

function operations(): Array<[string, Operation]> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]),
  );
}

function componentOf(ref: string): Schema {
  const name = ref.replace(/^#\/components\/schemas\//, '');
  const schema = doc.components.schemas[name];
  if (!schema) throw new Error(`unresolvable $ref ${ref}`);
  return schema;
}

/** The examples a media object shows: its own `example`/`examples`, else its schema's (following a $ref). */
function examplesOf(media: Media): unknown[] {
  if (media.example !== undefined) return [media.example];
  if (media.examples) return Object.values(media.examples).map((example) => example.value);
  let schema = media.schema;
  while (schema?.$ref) schema = componentOf(schema.$ref);
  if (Array.isArray(schema?.examples)) return schema.examples;
  return schema?.example === undefined ? [] : [schema.example];
}

/** The JSON media of a body, or else every other one (a CSV upload, an image in several formats), by type. */
const mainMedia = (content: Record<string, Media>): Array<[string, Media]> =>
  content['application/json'] ? [['application/json', content['application/json']]] : Object.entries(content);

/** Every media object of `op` that must show an example: the request body and the success bodies. */
function mediaNeedingExamples(op: Operation): Array<[string, Media]> {
  const found: Array<[string, Media]> = [];
  const label = (what: string, type: string, count: number) => (count > 1 ? `${what} (${type})` : what);
  if (op.requestBody) {
    const media = mainMedia(op.requestBody.content);
    for (const [type, each] of media) found.push([label('request body', type, media.length), each]);
  }
  for (const [status, response] of Object.entries(op.responses)) {
    if (!status.startsWith('2') || !response.content) continue;
    const media = mainMedia(response.content);
    for (const [type, each] of media) found.push([label(`${status} response`, type, media.length), each]);
  }
  return found;
}

describe('the committed client files (packages/client)', () => {
  it('openapi.json is what the app serves', () => {
    const committed: unknown = JSON.parse(readFileSync(OPENAPI_JSON_PATH, 'utf8'));
    expect(committed, `packages/client/openapi.json is out of date: ${REGENERATE}`).toEqual(
      JSON.parse(JSON.stringify(doc)),
    );
  });

  it('src/schema.ts was generated from that openapi.json', () => {
    const header = /openapi\.json sha256: ([0-9a-f]{64})/.exec(readFileSync(SCHEMA_TS_PATH, 'utf8'));
    expect(header?.[1], `packages/client/src/schema.ts is out of date: ${REGENERATE}`).toBe(
      schemaHash(JSON.parse(readFileSync(OPENAPI_JSON_PATH, 'utf8'))),
    );
  });
});

describe('the OpenAPI document, operation by operation', () => {
  it('has operations to check', () => {
    expect(operations().length).toBeGreaterThan(20);
  });

  it('gives every operation a summary and a description, and its success responses a description', () => {
    const missing = operations().flatMap(([name, op]) => [
      ...(described(op.summary) ? [] : [`${name}: no summary`]),
      ...(described(op.description) ? [] : [`${name}: no description`]),
      ...Object.entries(op.responses)
        .filter(([status, response]) => status.startsWith('2') && !described(response.description))
        .map(([status]) => `${name}: no description for its ${status} response`),
    ]);
    expect(missing).toEqual([]);
  });

  it('shows an example of every request body and every success response body', () => {
    const missing = operations().flatMap(([name, op]) =>
      mediaNeedingExamples(op)
        .filter(([, media]) => examplesOf(media).length === 0)
        .map(([what]) => `${name}: no example for its ${what}`),
    );
    expect(missing).toEqual([]);
  });

  it('shows examples that are valid against their schemas', () => {
    // OpenAPI 3.1 schemas are JSON Schema 2020-12; components are added under their own names.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addFormat('http-url', /^https?:\/\/\S+$/);
    const local = (schema: unknown): unknown =>
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"'));
    for (const [name, schema] of Object.entries(doc.components.schemas)) ajv.addSchema(local(schema) as object, name);

    const invalid: string[] = [];
    const check = (where: string, schema: Schema | undefined, examples: unknown[]) => {
      if (!schema) return;
      const validate = ajv.compile(local(schema) as object);
      examples.forEach((example, i) => {
        if (!validate(example)) invalid.push(`${where}, example ${i + 1}: ${ajv.errorsText(validate.errors)}`);
      });
    };
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      check(`components.schemas.${name}`, schema, Array.isArray(schema.examples) ? schema.examples : []);
    }
    let checked = 0;
    for (const [name, op] of operations()) {
      for (const [what, media] of mediaNeedingExamples(op)) {
        const examples = examplesOf(media);
        checked += examples.length;
        check(`${name} ${what}`, media.schema, examples);
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(invalid).toEqual([]);
  });
});
