import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { isHttpsUrl, isHttpUrl } from '../../core/urls.ts';

function buildAjv(options: Options): Ajv {
  // discriminator: a union told apart by one property (a condition's `type`) is checked against
  // the one branch that property names, so its errors are that branch's, not every branch's.
  const ajv = new Ajv({
    allErrors: true,
    removeAdditional: true,
    useDefaults: true,
    strict: false,
    discriminator: true,
    ...options,
  });
  addFormats.default(ajv);
  // A destination is an absolute http(s) URL (docs/api.md, "Links"); ajv's "uri" would accept javascript:.
  ajv.addFormat('http-url', { type: 'string', validate: isHttpUrl });
  // A preview image is fetched by crawlers that show it on https pages: https only.
  ajv.addFormat('https-url', { type: 'string', validate: isHttpsUrl });
  return ajv;
}

/**
 * Query strings and path parameters arrive as text, so they are coerced ("?per_page=20");
 * JSON bodies are not: `"is_active": "yes"` is a client bug worth a 422, not a guess.
 */
const coercing = buildAjv({ coerceTypes: 'array' });
const strict = buildAjv({ coerceTypes: false });

export function registerValidators(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema));
}

/** A body validator outside a route (each item of a bulk request is checked on its own). */
export function compileBodyValidator(schema: object) {
  return strict.compile(schema);
}
