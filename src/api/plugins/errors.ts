import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { AppError, MAX_FIELD_ERRORS, type ErrorCode, type FieldErrors } from '../../core/errors.ts';

const NOT_BLANK = '\\S';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  unauthenticated: 401,
  'plan-required': 403,
  'business-required': 403,
  'ability-missing': 403,
  forbidden: 403,
  'not-found': 404,
  'validation-failed': 422,
  'short-code-taken': 422,
  'rate-limited': 429,
  'too-large': 413,
  unavailable: 503,
  conflict: 409,
  'not-configured': 501,
};

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/**
 * `/conditions/0/values` -> `conditions.0.values`; required errors name the missing property, and
 * a discriminator's (a condition of no known `type`) the property that tells the branches apart.
 */
function fieldPath(error: AjvError, part: string | undefined): string {
  const segments = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string')
    segments.push(error.params.missingProperty);
  if (error.keyword === 'discriminator' && typeof error.params.tag === 'string') segments.push(error.params.tag);
  if (segments.length === 0) return part === 'body' ? 'body' : (part ?? 'request');
  return segments.join('.');
}

function humanField(path: string): string {
  return path.replace(/_/g, ' ');
}

/** Laravel's validation wording, so clients written for the original API read familiar messages. */
function messageFor(error: AjvError, path: string): string {
  const field = humanField(path);
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return `The ${field} field is required.`;
    case 'type': {
      const type = String(p.type).split(',')[0];
      const noun =
        type === 'integer'
          ? 'an integer'
          : type === 'array'
            ? 'an array'
            : type === 'object'
              ? 'an object'
              : type === 'boolean'
                ? 'true or false'
                : `a ${type}`;
      return `The ${field} field must be ${noun}.`;
    }
    case 'format':
      if (p.format === 'http-url')
        return `The ${field} field must be a valid http or https URL of at most 2048 characters.`;
      if (p.format === 'https-url') return `The ${field} field must be a valid https URL of at most 2048 characters.`;
      if (p.format === 'date-time') return `The ${field} field must be an ISO 8601 date and time with a time zone.`;
      return `The ${field} field must be a valid ${String(p.format)}.`;
    case 'minLength':
      return Number(p.limit) === 1
        ? `The ${field} field is required.`
        : `The ${field} field must be at least ${String(p.limit)} characters.`;
    case 'maxLength':
      return `The ${field} field must not be greater than ${String(p.limit)} characters.`;
    case 'minimum':
      return `The ${field} field must be at least ${String(p.limit)}.`;
    case 'maximum':
      return `The ${field} field must not be greater than ${String(p.limit)}.`;
    case 'minItems':
      return `The ${field} field must have at least ${String(p.limit)} items.`;
    case 'maxItems':
      return `The ${field} field must not have more than ${String(p.limit)} items.`;
    case 'discriminator':
      if (p.tagValue === undefined) return `The ${field} field is required.`;
      return `The selected ${field} is invalid.`;
    case 'enum':
    case 'const':
    case 'anyOf':
      return `The selected ${field} is invalid.`;
    case 'pattern':
      // `\S` is how a schema says "not blank": Laravel trims input, so blank reads as missing.
      if (p.pattern === NOT_BLANK) return `The ${field} field is required.`;
      return `The ${field} field format is invalid.`;
    default:
      return `The ${field} field is invalid.`;
  }
}

export function validationErrors(errors: AjvError[], part: string | undefined): FieldErrors {
  const result: FieldErrors = {};
  // anyOf branches repeat the same failure several times; the anyOf entry itself says it once.
  const anyOfPaths = new Set(errors.filter((error) => error.keyword === 'anyOf').map((error) => error.instancePath));
  let kept = 0;
  for (const error of errors) {
    if (kept >= MAX_FIELD_ERRORS) break;
    if (error.keyword !== 'anyOf' && anyOfPaths.has(error.instancePath)) continue;
    const path = fieldPath(error, part);
    const message = messageFor(error, path);
    const list = (result[path] ??= []);
    if (!list.includes(message)) {
      list.push(message);
      kept += 1;
    }
  }
  return result;
}

function sendValidation(reply: FastifyReply, errors: FieldErrors): FastifyReply {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  const more = Object.values(errors).flat().length - 1;
  const message = more > 0 ? `${first} (and ${more} more error${more === 1 ? '' : 's'})` : first;
  return reply.code(422).send({ message, errors });
}

/** Fastify's own client errors, each to a clear JSON 4xx. */
const FRAMEWORK_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type: send JSON with Content-Type: application/json.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The Content-Length header does not match the body.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty but Content-Type is application/json.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON.'],
};

/** One place that turns every failure into the error bodies of docs/api.md. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'validation-failed' || error.code === 'short-code-taken') {
        return sendValidation(reply, error.fieldErrors ?? { request: [error.message] });
      }
      if (error.code === 'unavailable') reply.header('Retry-After', 2);
      return reply.code(STATUS_BY_CODE[error.code]).send({ message: error.message });
    }
    if (error.validation) {
      return sendValidation(reply, validationErrors(error.validation as AjvError[], error.validationContext));
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.code(known[0]).send({ message: known[1] });
    if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
      return reply.code(400).send({ message: 'The request body is not valid JSON.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Server Error.' });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found.' }));
}
