import { getTableColumns, type Table } from 'drizzle-orm';

// Values written into the text of a statement, for the simple query protocol, which has no parameters
// (several statements in one round trip: the rate limits' counting, an order's slot claim and its
// INSERT). Each writer accepts only what cannot carry anything but its value, and throws on anything else.

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

/**
 * Any text, quoted as PostgreSQL reads a string constant whatever `standard_conforming_strings` says: a
 * quote doubled, and with a backslash in it the escape form (E'…') with each backslash doubled. The
 * connection's encoding is UTF-8 (node-postgres and PGlite both), in which no byte of a multi-byte
 * character is a quote or a backslash. NUL cannot be in a PostgreSQL text, and would end the statement.
 */
export function textLiteral(value: string): string {
  if (value.includes('\u0000')) throw new Error('a text with NUL cannot be written as a literal');
  const quoted = value.replaceAll("'", "''");
  // The space keeps the E from joining a word before it.
  return value.includes('\\') ? ` E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}

/**
 * A row for `table` as an INSERT writes it: the columns `values` gives (the others keep their defaults)
 * and each value as Drizzle would send it as a parameter, written as a text literal cast to the
 * column's type.
 */
export function rowLiterals<T extends Table>(
  table: T,
  values: T['$inferInsert'],
): { columns: string[]; literals: string[] } {
  const columns: string[] = [];
  const literals: string[] = [];
  const given = values as Record<string, unknown>;
  for (const [property, column] of Object.entries(getTableColumns(table))) {
    const value = given[property];
    if (value === undefined) continue;
    // A serial column is an integer with a default; its type cannot be named in a cast.
    const type = column.getSQLType() === 'serial' ? 'integer' : column.getSQLType();
    columns.push(`"${column.name}"`);
    literals.push(value === null ? `null::${type}` : `${textLiteral(String(column.mapToDriverValue(value)))}::${type}`);
  }
  return { columns, literals };
}
