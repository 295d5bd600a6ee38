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

/** The field errors of one form, and the prefix that keeps their element ids unique on the page. */
export interface FormErrors {
  form: string;
  errors: Record<string, string[]>;
}

/** The id of the message shown for a field path, for its input's aria-describedby. */
export const errorId = (form: string, path: string) => `${form}-error-${path.replace(/[^A-Za-z0-9_]/g, '-')}`;

/** The messages at exactly these paths (a field may own several, e.g. variants.1 and variants.1.url). */
export function messagesAt(fe: FormErrors, paths: string | readonly string[]): string[] {
  return (typeof paths === 'string' ? [paths] : paths).flatMap((path) => fe.errors[path] ?? []);
}

/**
 * The ARIA attributes of the input a field path belongs to: invalid while it has a message, and
 * described by that message, then by its hints (ids; undefined ones are skipped).
 */
export function ariaFor(
  fe: FormErrors,
  paths: string | readonly string[],
  ...hints: Array<string | undefined>
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const first = typeof paths === 'string' ? paths : paths[0]!;
  const invalid = messagesAt(fe, paths).length > 0;
  const ids = [invalid ? errorId(fe.form, first) : undefined, ...hints].filter(Boolean);
  return {
    ...(invalid ? { 'aria-invalid': true as const } : {}),
    ...(ids.length > 0 ? { 'aria-describedby': ids.join(' ') } : {}),
  };
}

/**
 * The line above a form's button after a failure: the messages no field shows (with their paths,
 * so `conditions.1.values` still says which rule), or a pointer to the fields that show theirs.
 */
export function formSummary(error: unknown, shownAtField: (path: string) => boolean): string {
  const fields = Object.entries(fieldErrors(error));
  if (fields.length === 0) return formatError(error);
  const elsewhere = fields.filter(([path]) => !shownAtField(path));
  if (elsewhere.length === 0) return 'Please correct the marked fields.';
  return elsewhere.map(([path, messages]) => `${path}: ${messages.join(' ')}`).join(' ');
}

/** For a fieldset whose whole group a message is about (e.g. `variants`): described by that message. */
export function groupAria(fe: FormErrors, path: string): { 'aria-describedby'?: string } {
  return messagesAt(fe, path).length > 0 ? { 'aria-describedby': errorId(fe.form, path) } : {};
}
