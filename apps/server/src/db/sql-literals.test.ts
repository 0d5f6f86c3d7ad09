import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents } from './schema.ts';
import { rowLiterals, textLiteral } from './sql-literals.ts';

// An order's INSERT goes as text with its values in it (slot-claims.ts): a customer's name or note is
// read back as exactly what was typed, whatever quotes and backslashes it has.

let db: PGlite;

beforeAll(async () => {
  db = await PGlite.create('memory://');
});
afterAll(() => db.close());

async function readBack(literal: string): Promise<unknown> {
  const { rows } = await db.query<{ value: unknown }>(`select ${literal} as value`);
  return rows[0]?.value;
}

describe('textLiteral', () => {
  const texts = [
    '',
    "O'Brien",
    "''; drop table orders; --",
    'C:\\Pizza\\',
    "\\'; select 1; --",
    'Tor\nstraße 7 — 🍕 «Ecke»',
    "$$ $1 E'x'",
  ];

  it.each(texts)('reads back %j as it was', async (text) => {
    expect(await readBack(textLiteral(text))).toBe(text);
  });

  it('reads back the same with standard_conforming_strings off', async () => {
    await db.exec('set standard_conforming_strings = off');
    try {
      for (const text of texts) expect(await readBack(textLiteral(text))).toBe(text);
    } finally {
      await db.exec('set standard_conforming_strings = on');
    }
  });

  it('refuses NUL, which no PostgreSQL text can hold', () => {
    expect(() => textLiteral('a\u0000b')).toThrow();
  });
});

describe('rowLiterals', () => {
  it('writes the given columns, each cast to its type, and leaves out the ones with defaults', () => {
    const row = rowLiterals(orderEvents, {
      orderId: 7,
      status: 'waiting',
      actorKind: 'guest',
      actorUserId: null,
      createdAt: new Date('2026-06-15T10:00:00.000Z'),
    });
    expect(row.columns).toEqual(['"order_id"', '"status"', '"actor_kind"', '"actor_user_id"', '"created_at"']);
    expect(row.literals).toEqual([
      "'7'::integer",
      "'waiting'::text",
      "'guest'::text",
      'null::integer',
      "'2026-06-15T10:00:00.000Z'::timestamp with time zone",
    ]);
  });
});
