import { errorId, messagesAt, type FormErrors } from '../lib/errors.ts';

/**
 * The messages of a 422 at one field, right under its input; the input names this element in its
 * aria-describedby (ariaFor in lib/errors.ts). Nothing when the field has no message.
 */
export function FieldError({ fe, at }: { fe: FormErrors; at: string | readonly string[] }) {
  const messages = messagesAt(fe, at);
  if (messages.length === 0) return null;
  const first = typeof at === 'string' ? at : at[0]!;
  return (
    <span class="error field-error" id={errorId(fe.form, first)}>
      {messages.join(' ')}
    </span>
  );
}
