import { describe, expect, it } from 'vitest';
import { idParamSchema, MAX_ID } from './ids.ts';
import { inputString, localDateInput, personNameInput } from './input.ts';

describe('input building blocks', () => {
  it('refuses NUL anywhere in a string', () => {
    expect(inputString().safeParse('Torstraße 12').success).toBe(true);
    for (const text of ['\u0000', 'a\u0000', '\u0000b', 'Tor\u0000straße']) {
      expect(inputString().safeParse(text).success).toBe(false);
    }
  });

  it('takes a name with a letter or digit in any script, trimmed, and refuses invisible ones', () => {
    const name = personNameInput(20);
    expect(name.parse('  Jürgen Groß  ')).toBe('Jürgen Groß');
    expect(name.safeParse('李小龙').success).toBe(true);
    for (const invisible of ['', '   ', '\u200b', '\u00ad\u00ad', '\u2060', '\u200e\u200f', '\ufeff']) {
      expect(name.safeParse(invisible).success).toBe(false);
    }
    expect(name.safeParse('x'.repeat(21)).success).toBe(false);
  });

  it('takes real calendar dates in 2000–2999 only', () => {
    expect(localDateInput().safeParse('2026-12-24').success).toBe(true);
    for (const date of ['0000-01-01', '1999-12-31', '3000-01-01', '2026-02-30', '2026-13-01', '2026-1-1']) {
      expect(localDateInput().safeParse(date).success).toBe(false);
    }
  });

  it('takes ids that fit PostgreSQL’s integer', () => {
    expect(idParamSchema.parse('42')).toBe(42);
    expect(idParamSchema.parse(String(MAX_ID))).toBe(MAX_ID);
    for (const id of [String(MAX_ID + 1), '0', '-1', '1.5', 'abc'])
      expect(idParamSchema.safeParse(id).success).toBe(false);
  });
});
