/**
 * The forms ask for the street and the house number apart; the API keeps them as one line,
 * `line1` ("Torstraße 12"), as the order and the saved address always have.
 */
export function streetLine(street: string, houseNumber: string): string {
  return [street.trim(), houseNumber.trim()].filter(Boolean).join(' ');
}

// A German house number: digits, maybe a letter, maybe a range or a second number ("12", "12a", "12-14", "3/1").
const HOUSE_NUMBER_AT_END = /^(.*?\S)\s+(\d+\s?[a-zA-Z]?(?:\s?[-/]\s?\d+\s?[a-zA-Z]?)?)$/;

/** A saved `line1` split back into the form's two fields; one without a number keeps it all as the street. */
export function splitStreetLine(line1: string): { street: string; house_number: string } {
  const trimmed = line1.trim();
  const match = HOUSE_NUMBER_AT_END.exec(trimmed);
  if (!match?.[1] || !match[2]) return { street: trimmed, house_number: '' };
  return { street: match[1], house_number: match[2] };
}
