import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { buildApiApp } from '../../../src/api/app.ts';
import { loadConfig } from '../../../src/config.ts';
import { createAppContext } from '../../../src/context.ts';

/** The committed document (packages/client/openapi.json). */
export const OPENAPI_JSON_PATH = resolve(import.meta.dirname, '../openapi.json');

/**
 * The settings the committed document is produced with: the document's `servers` entry is
 * `${APP_URL}/api/v1`, so it names the address `npm start` serves on by default.
 */
export const DOCUMENT_ENV = { APP_URL: 'http://localhost:3000', SHORT_URL: 'http://localhost:3001' } as const;

/** The committed file's text for a document: 2-space JSON and a final newline. */
export function documentText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The hash src/schema.ts records of the document it came from (of compact JSON: line endings do not count). */
export function schemaHash(document: unknown): string {
  return createHash('sha256').update(JSON.stringify(document)).digest('hex');
}

/**
 * Builds the real app (buildApiApp, as `npm start` and the HTTP tests do) on an in-memory SQLite
 * database with DOCUMENT_ENV, and answers what it serves at GET /api/v1/openapi.json.
 */
export async function fetchOpenApiDocument(): Promise<Record<string, unknown>> {
  const ctx = await createAppContext(loadConfig({ DATABASE_URL: 'sqlite::memory:', ...DOCUMENT_ENV }));
  try {
    const app = await buildApiApp(ctx);
    try {
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      if (res.statusCode !== 200) throw new Error(`GET /api/v1/openapi.json answered ${res.statusCode}: ${res.body}`);
      return res.json();
    } finally {
      await app.close();
    }
  } finally {
    await ctx.close();
  }
}
