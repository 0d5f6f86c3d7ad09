// Values written into the text of a statement, for the simple query protocol, which has no parameters
// (two statements in one round trip: the rate limits' counting, an order's slot claim). Each writer
// accepts only what cannot carry anything but its value, and throws on anything else.

/** A whole number. */
export function integerLiteral(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`${value} is not a whole number`);
  return String(value);
}

/** An instant, as a timestamptz. */
export function timeLiteral(instant: Date): string {
  return `'${instant.toISOString()}'::timestamptz`;
}

/** A calendar date ('YYYY-MM-DD'), as a date. */
export function dateLiteral(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`${date} is not a date`);
  return `'${date}'::date`;
}
