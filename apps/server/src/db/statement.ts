import { sql, type SQL } from 'drizzle-orm';

// Statements built as text with `$n` parameters, for those run on every order: Drizzle's `sql` builds
// its text anew on every run, at a cost in the order's path that was larger than running the statement.

/** A statement's text with `$n` parameters and their values, as node-postgres and PGlite take them. */
export interface Statement {
  text: string;
  values: unknown[];
}

/** Collects a statement's parameters while its text is written. */
export class Placeholders {
  readonly values: unknown[] = [];

  /** A parameter of `value`, cast to `type` (an SQL type name, written by the caller, never a value). */
  add(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }
}

/** `statement` as Drizzle's `sql`, to run in a Drizzle transaction: its text has no `$` but its parameters. */
export function asSql(statement: Statement): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of statement.text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(statement.text.slice(last, match.index)));
    const index = Number(match[1]) - 1;
    if (index < 0 || index >= statement.values.length) throw new Error(`no value for $${match[1]}`);
    chunks.push(sql`${statement.values[index]}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(statement.text.slice(last)));
  return sql.join(chunks);
}
