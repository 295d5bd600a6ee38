// Calls the same /api/v1 endpoints as any client, with the session cookie and the CSRF header.
let csrf = '';

/** The session's CSRF token, from /dashboard-api/me or a sign-in; every non-GET request must echo it. */
export function setCsrf(token: string) {
  csrf = token;
}

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

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A body sent as it is with its own content type (a CSV file), instead of as JSON. */
export interface RawBody {
  raw: Blob;
  type: string;
}

/**
 * One request (JSON, or a RawBody); resolves with the JSON answer (undefined for 204) or rejects with an
 * ApiError. `signal` cancels it: a list asks anew when its query changes and aborts the answer it no longer wants.
 */
export async function request<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const raw = body instanceof Object && 'raw' in body && body.raw instanceof Blob ? (body as RawBody) : undefined;
  if (body !== undefined) headers['content-type'] = raw ? raw.type : 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrf;
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: raw ? raw.raw : body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json().catch(() => ({}));
  if (!res.ok) {
    const failure = (data ?? {}) as { message?: string; errors?: Record<string, string[]> };
    throw new ApiError(res.status, friendly(res.status, failure.message), failure.errors);
  }
  return data as T;
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
