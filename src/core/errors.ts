/**
 * The one error type of the domain. It carries a stable code and never an HTTP status:
 * the API's error plugin maps codes to statuses and renders the error bodies of docs/api.md.
 */
export type ErrorCode =
  | 'unauthenticated'
  | 'plan-required'
  | 'business-required'
  | 'ability-missing'
  | 'forbidden'
  | 'not-found'
  | 'validation-failed'
  | 'short-code-taken'
  | 'rate-limited'
  | 'too-large'
  | 'unavailable'
  | 'conflict'
  /** Something this instance is not set up to do (no SMTP_URL: no email); asking again will not help. */
  | 'not-configured';

/**
 * How many field errors one answer carries at most: enough to fix a form, and a bound on the work
 * and the body size a hostile request can cause.
 */
export const MAX_FIELD_ERRORS = 50;

/** Field errors in the Laravel shape: dot path -> messages. */
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors: FieldErrors | undefined;

  constructor(code: ErrorCode, message: string, fieldErrors?: FieldErrors) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

/** A validation failure on one field, phrased the Laravel way. */
export function invalidField(field: string, message: string): AppError {
  return new AppError('validation-failed', message, { [field]: [message] });
}

/** The message of anything thrown (a library may throw a string or a plain object). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
