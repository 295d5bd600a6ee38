import { useEffect, useRef } from 'preact/hooks';

/**
 * A ref for a form that, each time a failed submit brings new field errors, moves the focus to its
 * first field marked aria-invalid (in page order), so a keyboard or screen-reader user lands on
 * what to fix. Runs after the render that marked the fields and opened the sections holding them.
 */
export function useFocusFirstInvalid(errors: Record<string, string[]>) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  return form;
}
