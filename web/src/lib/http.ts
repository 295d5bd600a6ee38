// The dashboard calls the same /api/v1 endpoints as any client, through the generated client of
// packages/client (openapi-fetch), so paths, parameters, bodies and answers are checked against the
// API's OpenAPI document. It sends the session cookie, on every request but a GET the CSRF header, and
// the workspace the address shows (its slug), which the server acts in.
import { isValidationError, type paths } from '@hoplink/client';
import createClient, { type Middleware } from 'openapi-fetch';
import type { DashboardPaths } from './dashboard-paths.ts';
import { shownWorkspace } from './workspace-route.ts';

let csrf = '';

/** The session's CSRF token, from /dashboard-api/me or a sign-in; every non-GET request must echo it. */
export function setCsrf(token: string) {
  csrf = token;
}

const sendCsrf: Middleware = {
  onRequest({ request }) {
    if (request.method !== 'GET') request.headers.set('x-csrf-token', csrf);
  },
};

/** The header naming the workspace a request acts in; without it the server takes the personal one. */
export const WORKSPACE_HEADER = 'x-hoplink-workspace';

// A call that names its workspace itself (getMe, while finding out whether the address's exists) keeps it.
const sendWorkspace: Middleware = {
  onRequest({ request }) {
    const slug = shownWorkspace();
    if (slug !== undefined && !request.headers.has(WORKSPACE_HEADER)) request.headers.set(WORKSPACE_HEADER, slug);
  },
};

// Relative base URLs: the dashboard is served by the API process, so the session cookie goes along.
const SESSION = { credentials: 'same-origin', headers: { accept: 'application/json' } } as const;

/** The public API (`/api/v1`), typed by the generated schema of packages/client. */
export const api = createClient<paths, 'application/json'>({ baseUrl: '/api/v1', ...SESSION });
/** The dashboard's own endpoints (`/dashboard-api`), which the API document leaves out: see dashboard-paths.ts. */
export const dashboardApi = createClient<DashboardPaths, 'application/json'>({ baseUrl: '/dashboard-api', ...SESSION });
api.use(sendCsrf, sendWorkspace);
dashboardApi.use(sendCsrf, sendWorkspace);

export class ApiError extends Error {
  status: number;
  /** Field path (dot notation, e.g. conditions.0.values) to messages; empty unless a 422. */
  errors: Record<string, string[]>;
  constructor(status: number, message: string, errors: Record<string, string[]> = {}) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

/**
 * What openapi-fetch answers: the success body, or the error body. A refusal with an empty body comes
 * with an undefined `error`, one that is not JSON with its text.
 */
type Answer =
  { data: unknown; error?: never; response: Response } | { data?: never; error: unknown; response: Response };
/** The success half of an answer, whose `data` the schema types. */
type Success<Result> = Extract<Result, { error?: never }>;

// openapi-fetch answers with `data` exactly when the response is a success (2xx).
const succeeded = <Result extends Answer>(result: Result): result is Success<Result> => result.response.ok;

/**
 * The data of a successful call (undefined for a 204), or a rejection with an ApiError whose message a
 * person can act on (friendly) and, for a 422, the messages by field path.
 */
export async function answer<Result extends Answer>(call: Promise<Result>): Promise<Success<Result>['data']> {
  const result = await call;
  if (succeeded(result)) return result.data;
  throw refusal(result.response.status, result.error);
}

function refusal(status: number, body: unknown): ApiError {
  const message =
    typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
      ? body.message
      : undefined;
  return new ApiError(status, friendly(status, message), isValidationError(body) ? body.errors : undefined);
}

/** The API's rate limit says this; a limit of its own (imports under way, sign-ins) says what to do. */
const RATE_LIMITED = 'Too Many Attempts.';

// The server's own words for 401, 5xx and the rate limit are for programs; a person gets what to do next.
export function friendly(status: number, message: string | undefined): string {
  if (status === 401) return 'Your session has ended. Please sign in again.';
  if (status === 413) return 'The file is too large: at most 50 MB.';
  if (status === 429 && (message === undefined || message === RATE_LIMITED)) {
    return 'Too many requests just now. Wait a moment and try again.';
  }
  if (status >= 500) return 'Something went wrong on our side. Please try again.';
  return message ?? `Request failed (${status}).`;
}
