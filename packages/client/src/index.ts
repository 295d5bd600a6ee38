/**
 * @hoplink/client: a typed client for the Hoplink API (`/api/v1`), built on openapi-fetch with types
 * generated from the service's OpenAPI document (src/schema.ts, from openapi.json).
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.ts';

export type { components, paths } from './schema.ts';

type Schemas = components['schemas'];
type JsonBody<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

export type Link = Schemas['Link'];
/** A link as GET /links/{id} answers it, with its targeting conditions. */
export type LinkWithConditions = Schemas['LinkWithConditions'];
export type Condition = Schemas['Condition'];
export type Category = Schemas['Category'];
export type Domain = Schemas['Domain'];
export type Webhook = Schemas['Webhook'];
export type AffiliateTag = Schemas['AffiliateTag'];
/** 401, 403, 404, 429 and other errors: `{ message }`. */
export type ErrorBody = Schemas['Message'];
/** A 422: `{ message, errors: { field: [messages] } }`. */
export type ValidationErrorBody = Schemas['ValidationError'];

export type LinkStats = JsonBody<paths['/links/{id}/stats']['get']['responses'][200]>;
export type LinkPage = JsonBody<paths['/links']['get']['responses'][200]>;
export type ListLinksQuery = NonNullable<paths['/links']['get']['parameters']['query']>;
export type CreateLinkInput = JsonBody<paths['/links']['post']['requestBody']>;
export type UpdateLinkInput = JsonBody<paths['/links/{id}']['patch']['requestBody']>;
export type BulkCreateResult = JsonBody<paths['/links/bulk']['post']['responses'][200]>;

export type HoplinkClient = Client<paths, 'application/json'>;

export interface HoplinkClientOptions {
  /** The service's address (its APP_URL), e.g. `https://links.example.com`; `/api/v1` is added. */
  baseUrl: string;
  /** A personal access token, `hl_...` (`hoplink token create`, or the dashboard's API tokens page). */
  token: string;
  /** A fetch to use instead of the global one. */
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * A client whose `GET`, `POST`, `PATCH`, `PUT` and `DELETE` take the API's paths and answer
 * `{ data, error, response }`: `data` typed by the success response, `error` by the error responses.
 */
export function createHoplinkClient({ baseUrl, token, fetch }: HoplinkClientOptions): HoplinkClient {
  return createClient<paths, 'application/json'>({
    baseUrl: `${baseUrl.replace(/\/+$/, '')}/api/v1`,
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    ...(fetch ? { fetch } : {}),
  });
}

/** Narrows an `error` to a 422's body, the only error body with field `errors`. */
export function isValidationError(error: unknown): error is ValidationErrorBody {
  return typeof error === 'object' && error !== null && 'errors' in error && typeof error.errors === 'object';
}
