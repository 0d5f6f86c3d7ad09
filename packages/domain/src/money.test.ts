import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromCents, toCents } from './money.ts';

describe('money', () => {
  it('converts API decimals to cents without float drift', () => {
    expect(toCents(8.5)).toBe(850);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
  });

  it('round-trips any cent amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (cents) => toCents(fromCents(cents)) === cents),
    );
  });
});
