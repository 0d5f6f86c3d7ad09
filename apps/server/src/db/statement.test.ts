import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSql, Placeholders } from './statement.ts';

// The statements an order writes carry what customers typed as parameters: read back exactly, whatever
// quotes, backslashes or placeholders a text holds, run as a prepared statement or in a transaction.

let client: PGlite;

beforeAll(async () => {
  client = await PGlite.create('memory://');
});
afterAll(() => client.close());

const texts = ["O'Brien", "''; drop table orders; --", 'C:\\Pizza\\', "$$ $1 E'x' $2", 'Tor\nstraße 7 — 🍕 «Ecke»', ''];

/** A statement selecting every text and a number after the tenth parameter, so `$1` and `$11` both occur. */
function readBack() {
  const params = new Placeholders();
  const columns = texts.map((text, index) => `${params.add(text, 'text')} as t${index}`);
  const fillers = [1, 2, 3, 4].map((filler) => params.add(filler, 'int4'));
  const text = `select ${columns.join(', ')}, ${fillers.join(' + ')} as sum, ${params.add(42, 'int4')} as n`;
  return { text, values: params.values };
}

const expected = { ...Object.fromEntries(texts.map((text, index) => [`t${index}`, text])), sum: 10, n: 42 };

describe('statements with parameters', () => {
  it('numbers the parameters in the order they are added, each cast to its type', () => {
    const params = new Placeholders();
    expect(params.add('a', 'text')).toBe('$1::text');
    expect(params.add(7, 'int4')).toBe('$2::int4');
    expect(params.values).toEqual(['a', 7]);
  });

  it('reads back every text as it was, run directly', async () => {
    const statement = readBack();
    const { rows } = await client.query(statement.text, statement.values);
    expect(rows[0]).toEqual(expected);
  });

  it('reads back the same through Drizzle (asSql), with $11 not taken for $1', async () => {
    const { rows } = await drizzle(client).execute(asSql(readBack()));
    expect(rows[0]).toEqual(expected);
  });

  it('refuses a placeholder without its value', () => {
    expect(() => asSql({ text: 'select $2::int4', values: [1] })).toThrow('no value for $2');
  });
});
