// Calls the same /api/v1 endpoints as any client, with the session cookie and the CSRF header.
let csrf = '';

export function setCsrf(token: string) {
  csrf = token;
}

export class ApiError extends Error {
  status: number;
  errors: Record<string, string[]>;
  constructor(status: number, message: string, errors: Record<string, string[]> = {}) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

export async function api<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrf;
  const res = await fetch(path, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status === 204) return undefined as T;
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(res.status, friendly(res.status, data.message), data.errors);
  return data as T;
}

function friendly(status: number, message: string | undefined): string {
  if (status === 401) return 'Your session has ended. Please sign in again.';
  if (status === 429) return 'Too many requests just now. Wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again.';
  return message ?? `Request failed (${status}).`;
}
