import { useState } from 'preact/hooks';
import { fieldErrors, formSummary, type FormErrors } from './errors.ts';

/**
 * A form's state after a failed request: the messages at its fields (`fe`, for FieldError and
 * ariaFor) and the line above its button (`summary`: the messages no field of the form shows).
 */
export function useFormErrors(form: string, shownAtField: (path: string) => boolean) {
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [summary, setSummary] = useState<string>();
  const fe: FormErrors = { form, errors };
  return {
    fe,
    summary,
    fail(error: unknown) {
      setErrors(fieldErrors(error));
      setSummary(formSummary(error, shownAtField));
    },
    clear() {
      setErrors({});
      setSummary(undefined);
    },
  };
}
