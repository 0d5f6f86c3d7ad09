/**
 * After a failed submit, moves the focus to the first field (in the form's order) that needs the
 * person's attention, so a keyboard or screen reader user lands where to go on.
 * Fields are named by their `name` attribute.
 */
export function focusFirstInvalid(form: HTMLFormElement, names: Iterable<string>): void {
  const wanted = new Set(names);
  if (wanted.size === 0) return;
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLElement) || !('name' in element)) continue;
    if (typeof element.name === 'string' && wanted.has(element.name)) {
      element.focus();
      return;
    }
  }
}
