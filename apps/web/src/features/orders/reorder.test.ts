import { describe, expect, it } from 'vitest';
import type { OrderItem } from '@pizzeria/domain';
import { margherita, products } from '../menu/test-catalogue.ts';
import { reorderItems } from './reorder.ts';

function line(overrides: Partial<OrderItem>): OrderItem {
  return {
    product_id: margherita.id,
    variant_id: margherita.variants[0]?.id ?? null,
    name: margherita.name,
    variant_name: null,
    display_name: margherita.name,
    price: 1,
    quantity: 2,
    extras: [],
    tax_percentage: 7,
    line_total: 2,
    deposit: 0,
    deposit_total: 0,
    ...overrides,
  };
}

describe('order again', () => {
  it("rebuilds lines from today's menu with today's prices and the old quantity", () => {
    const { items, skipped } = reorderItems([line({ price: 0.01 })], products);
    expect(skipped).toEqual([]);
    expect(items).toHaveLength(1);
    expect(items[0]?.quantity).toBe(2);
    expect(items[0]?.id).toBe(margherita.id);
    expect(items[0]?.price).not.toBe(1);
  });

  it('skips and names what no longer exists: a product, a size or an extra', () => {
    const { items, skipped } = reorderItems(
      [
        line({ product_id: 999_999, display_name: 'Pizza Vergessen' }),
        line({ variant_id: 999_999, display_name: 'Margherita (Riesig)' }),
        line({ extras: [{ id: 999_999, name: 'Gold', price: 9, quantity: 1 }], display_name: 'Margherita Gold' }),
        line({}),
      ],
      products,
    );
    expect(skipped).toEqual(['Pizza Vergessen', 'Margherita (Riesig)', 'Margherita Gold']);
    expect(items).toHaveLength(1);
  });

  it('skips a product that is currently unavailable', () => {
    const unavailable = products.map((product) =>
      product.id === margherita.id ? { ...product, available: false } : product,
    );
    expect(reorderItems([line({})], unavailable)).toEqual({ items: [], skipped: [margherita.name] });
  });
});
