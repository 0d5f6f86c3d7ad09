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
 * How many fields need a look after a save that did not go through (the form's own checks or the
 * server's), for the line beside the save button; 0 before the first save. Scrolling to and focusing the
 * first of them is the shared editor's (`useEditor`), for every form alike.
 */
export function useErrorCount<Values extends FieldValues>(form: UseFormReturn<Values>): number {
  const { submitCount, errors } = form.formState;
  return submitCount > 0 ? countErrors(errors) : 0;
}
