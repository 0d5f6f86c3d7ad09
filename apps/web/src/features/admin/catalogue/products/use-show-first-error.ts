import { useEffect, useRef, type RefObject } from 'react';
import type { FieldErrors, FieldValues, UseFormReturn } from 'react-hook-form';

/** How many fields have a message (a size's price counts as one, as does the sizes list). */
export function countErrors(errors: FieldErrors | undefined): number {
  if (!errors || typeof errors !== 'object') return 0;
  let count = 0;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || !value || typeof value !== 'object') continue;
    if ('message' in value && typeof value.message === 'string') count += 1;
    else count += countErrors(value as FieldErrors);
  }
  return count;
}

/**
 * After a save that did not go through because of fields (the form's own checks or the server's), the
 * first field with a message is scrolled to the middle of the screen and focused: the save button is at
 * the bottom of a long form, and a size's price above it may be off the screen. Money fields are drawn
 * by a controller the form cannot focus itself, so the page looks for what the fields mark invalid.
 * Answers how many fields need a look, or 0 while there is nothing to say.
 */
export function useShowFirstError<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  container: RefObject<HTMLElement | null>,
): number {
  const { submitCount, isSubmitting, errors } = form.formState;
  const count = countErrors(errors);
  const shown = useRef(0);
  useEffect(() => {
    if (isSubmitting || submitCount === shown.current || count === 0) return;
    shown.current = submitCount;
    // The shared form machinery may have shown it already; then the focus stays where it put it.
    const focused = document.activeElement;
    if (focused?.getAttribute('aria-invalid') === 'true' && container.current?.contains(focused)) return;
    const marked = container.current?.querySelector<HTMLElement>(
      'input[aria-invalid="true"], select[aria-invalid="true"], textarea[aria-invalid="true"], fieldset[aria-invalid="true"]',
    );
    const target = marked instanceof HTMLFieldSetElement ? marked.querySelector<HTMLElement>('input, select') : marked;
    if (!target) return;
    target.scrollIntoView?.({ block: 'center' });
    target.focus({ preventScroll: true });
  }, [submitCount, isSubmitting, count, container]);
  return submitCount > 0 ? count : 0;
}
