import { describe, expect, it } from 'vitest';
import { buildCartItem, buildHalfAndHalfItem, orderItemInputSchema } from '@pizzeria/domain';
import { halfFunghi, halfSalami, margherita } from '../menu/test-catalogue.ts';
import { orderItems } from './order-request.ts';

describe('orderItems', () => {
  it('sends a whole dish as its product, size and extras', () => {
    const line = buildCartItem(margherita, { variantId: 42, extras: [{ id: 108, quantity: 2 }], quantity: 3 });
    expect(orderItems([line])).toEqual([
      { product_id: 4, variant_id: 42, quantity: 3, extras: [{ id: 108, quantity: 2 }] },
    ]);
  });

  it('sends a half-and-half pizza as its first half with the second in `second_half`, each with its own extras', () => {
    const line = buildHalfAndHalfItem(
      { product: halfSalami, variantId: 502, extras: [{ id: 101, quantity: 1 }] },
      { product: halfFunghi, variantId: 512, extras: [{ id: 103, quantity: 2 }] },
      2,
    );
    const [item] = orderItems([line]);
    expect(item).toEqual({
      product_id: 50,
      variant_id: 502,
      quantity: 2,
      extras: [{ id: 101, quantity: 1 }],
      second_half: { product_id: 51, variant_id: 512, extras: [{ id: 103, quantity: 2 }] },
    });
    expect(orderItemInputSchema.safeParse(item).success).toBe(true);
  });
});
