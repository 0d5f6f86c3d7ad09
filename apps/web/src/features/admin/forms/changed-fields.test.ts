import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields.ts';

describe('what someone else changed', () => {
  it('lists the fields their version changed, beside what is typed here, and nothing only typed here', () => {
    const base = { name: { de: 'Margherita', en: '' }, price: 8.5, hidden: false, variants: [{ id: 1, price: 9 }] };
    const theirs = { name: { de: 'Margherita', en: 'Margherita' }, price: 9, hidden: false, variants: [] };
    const yours = {
      name: { de: 'Margherita Bufala', en: '' },
      price: 8.5,
      hidden: true,
      variants: [{ id: 1, price: 9 }],
    };
    expect(changedFields(base, theirs, yours)).toEqual([
      { path: 'name.en', theirs: 'Margherita', yours: '' },
      { path: 'price', theirs: 9, yours: 8.5 },
      { path: 'variants.0.id', theirs: undefined, yours: 1 },
      { path: 'variants.0.price', theirs: undefined, yours: 9 },
    ]);
  });

  it('counts empty text, NaN and null as the same nothing', () => {
    expect(changedFields({ price: Number.NaN, note: '' }, { price: null, note: null }, {})).toEqual([]);
  });
});
