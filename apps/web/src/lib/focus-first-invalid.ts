/**
 * After a failed submit, brings the first field (in the form's order) that needs the person's attention
 * into the middle of the screen and moves the focus to it, so a keyboard or screen reader user lands
 * where to go on, and nobody is left looking at a button that did nothing while the message sits above
 * the fold or under a sticky header. Fields are named by their `name` attribute.
 */
export function focusFirstInvalid(form: HTMLFormElement, names: Iterable<string>): void {
  const wanted = new Set(names);
  if (wanted.size === 0) return;
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLElement) || !('name' in element)) continue;
    if (typeof element.name === 'string' && wanted.has(element.name)) {
      // jsdom has no scrolling.
      if (typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'center' });
      element.focus({ preventScroll: true });
      return;
    }
  }
}
