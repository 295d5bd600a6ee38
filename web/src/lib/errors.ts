import { ApiError } from './http.ts';

/**
 * How much of a failure to show. `summary`: the one-line message (data loads, where no form field is to
 * blame). `messages`: every field message (forms whose messages already name their field). `paths`: each
 * message after its field path (forms with nested fields, where `conditions.1.values` says which row).
 */
export type ErrorDetail = 'summary' | 'messages' | 'paths';

/** The field errors of a rejected request (field path to messages); empty when there are none. */
export function fieldErrors(error: unknown): Record<string, string[]> {
  return error instanceof ApiError ? error.errors : {};
}

/** The text a person sees for anything a request or action threw. */
export function formatError(error: unknown, detail: ErrorDetail = 'messages'): string {
  const fields = Object.entries(fieldErrors(error));
  const text =
    detail === 'summary'
      ? ''
      : detail === 'paths'
        ? fields.map(([field, messages]) => `${field}: ${messages.join(' ')}`).join(' ')
        : fields.flatMap(([, messages]) => messages).join(' ');
  if (text) return text;
  return error instanceof Error ? error.message : String(error);
}
