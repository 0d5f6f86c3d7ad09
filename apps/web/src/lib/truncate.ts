/** Cuts `text` to `max` characters and marks the cut with an ellipsis; shorter text stays as it is. */
export function truncate(text: string, max: number): string {
  const characters = Array.from(text.trim());
  return characters.length > max ? `${characters.slice(0, max).join('').trimEnd()}…` : characters.join('');
}

/** The first word of a full name ("Maria Rossi" → "Maria"). */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}
