import { describe, expect, it } from 'vitest';
import { entryLabel, referencedIds } from './audit-labels.ts';

describe('entryLabel', () => {
  it('names a row by its name after the change, else before it', () => {
    const before = { id: 35, name: { de: 'Salami', en: 'Salami' } };
    const after = { id: 35, name: { de: 'Salami scharf', en: 'Hot salami' } };
    expect(entryLabel('product', before, after)).toEqual({ de: 'Salami scharf', en: 'Hot salami' });
    expect(entryLabel('product', before, null)).toEqual({ de: 'Salami', en: 'Salami' });
  });

  it('gives a one-language name (a tax rate, the restaurant) in both languages', () => {
    expect(entryLabel('tax_rate', null, { name: 'Ermäßigt', percentage: 7 })).toEqual({
      de: 'Ermäßigt',
      en: 'Ermäßigt',
    });
  });

  it('names a delivery area by its postcode and city, and a payment check by its order', () => {
    expect(entryLabel('delivery_area', { postcode: '10115', city: 'Berlin' }, null)).toEqual({
      de: '10115 Berlin',
      en: '10115 Berlin',
    });
    expect(entryLabel('payment_review', { order_id: 12, customer_name: 'Gabi Gast' }, {})).toEqual({
      de: 'Bestellung 12 · Gabi Gast',
      en: 'Order 12 · Gabi Gast',
    });
  });

  it('has no name for a pause, the hours or a reordering', () => {
    expect(entryLabel('store', { ordering_paused: false }, { ordering_paused: true })).toBeNull();
    expect(entryLabel('category', { ids: [1, 2] }, { ids: [2, 1] })).toBeNull();
  });
});

describe('referencedIds', () => {
  it('collects the ids a product, a topping, a group and a reordering point to', () => {
    const found = referencedIds([
      { entity: 'product', before: { category_id: 3, tax_rate_id: 1, topping_group_ids: [7] }, after: null },
      { entity: 'product', before: { category_id: 4, ids: [10, 11] }, after: { category_id: 4, ids: [11, 10] } },
      { entity: 'topping', before: null, after: { group_ids: [8] } },
      { entity: 'topping_group', before: { product_ids: [12] }, after: null },
      { entity: 'category', before: { ids: [3, 4] }, after: null },
      { entity: 'store', before: { category_id: 99 }, after: null },
    ]);
    expect([...found.category].sort()).toEqual([3, 4]);
    expect([...found.product].sort()).toEqual([10, 11, 12]);
    expect([...found.tax_rate]).toEqual([1]);
    expect([...found.topping_group].sort()).toEqual([7, 8]);
    expect([...found.topping]).toEqual([]);
  });
});
