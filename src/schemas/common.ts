import { Type, type Static, type TObjectOptions, type TSchema } from 'typebox';

export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601 UTC' });

/** Example values for the OpenAPI document (annotations only: nothing validates against them). */
export const EXAMPLE_APP_URL = 'https://links.example.com';
export const EXAMPLE_SHORT_URL = 'https://hop.example.com';
export const EXAMPLE_CREATED_AT = '2026-11-02T09:15:00.000Z';
export const EXAMPLE_UPDATED_AT = '2026-11-20T16:42:08.000Z';

export const MessageBody = Type.Object(
  { message: Type.String() },
  {
    $id: 'Message',
    description: 'An error: 401, 403, 404, 409, 413, 415, 429.',
    examples: [{ message: 'Unauthenticated.' }],
  },
);

export const ValidationErrorBody = Type.Object(
  {
    message: Type.String({ description: 'The first error, and how many more there are.' }),
    errors: Type.Record(Type.String(), Type.Array(Type.String()), {
      description: 'Field path (dot notation, e.g. conditions.0.values) to messages.',
    }),
  },
  {
    $id: 'ValidationError',
    description: 'A 422: the request is understood but invalid; `errors` names each field and what is wrong.',
    examples: [
      {
        message: 'The redirect url field must be a valid http or https URL of at most 2048 characters.',
        errors: {
          redirect_url: ['The redirect url field must be a valid http or https URL of at most 2048 characters.'],
        },
      },
    ],
  },
);

/** Ids are positive integers below 10^15: what a path may name, and exact in a double. */
export const MAX_ID = 999_999_999_999_999;

export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

export const IdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'A positive integer; anything else is 404.' }),
});

export const NullableInteger = Type.Union([Id, Type.Null()]);

/**
 * `schema` or null, as one JSON Schema type list (`["string", "null"]`) rather than an anyOf: a
 * value that breaks a bound is then answered with that bound ("must not be greater than 255
 * characters"), not with "the selected field is invalid".
 */
export function Nullable<T extends TSchema & { type: string }>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
}

/** The error responses every authenticated endpoint can give, for the OpenAPI document. */
export function errorResponses(...extra: Array<404 | 413 | 415 | 422 | 400>) {
  const responses: Record<number, TSchema> = {
    401: Type.Ref('Message'),
    403: Type.Ref('Message'),
    429: Type.Ref('Message'),
  };
  for (const status of extra) responses[status] = status === 422 ? Type.Ref('ValidationError') : Type.Ref('Message');
  return responses;
}

export const BODY_ERRORS = [400, 413, 415, 422] as const;

export const PageLinks = Type.Object({
  first: Type.String(),
  last: Type.String(),
  prev: Type.Union([Type.String(), Type.Null()]),
  next: Type.Union([Type.String(), Type.Null()]),
});

export const PageMeta = Type.Object({
  current_page: Type.Integer(),
  from: Type.Union([Type.Integer(), Type.Null()]),
  last_page: Type.Integer(),
  path: Type.String(),
  per_page: Type.Integer(),
  to: Type.Union([Type.Integer(), Type.Null()]),
  total: Type.Integer(),
});

/** `options`: annotations for the OpenAPI document (description, examples). */
export function Paginated<T extends TSchema>(item: T, options?: TObjectOptions) {
  return Type.Object({ data: Type.Array(item), links: PageLinks, meta: PageMeta }, options);
}

/** `options`: annotations for the OpenAPI document (description, examples). */
export function DataList<T extends TSchema>(item: T, options?: TObjectOptions) {
  return Type.Object({ data: Type.Array(item) }, options);
}
