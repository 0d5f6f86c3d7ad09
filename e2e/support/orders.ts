import { expect, type APIRequestContext } from '@playwright/test';
import type { Order, Product } from '@pizzeria/domain';

/** A product of the demo menu of the server at `origin` that needs no choice: no variant, no required topping. */
export async function simpleProduct(request: APIRequestContext, origin: string): Promise<Product> {
  const products = (await (await request.get(`${origin}/api/products/?store_id=13`)).json()) as Product[];
  const product = products.find(
    (candidate) => candidate.type === 'simple' && candidate.enriched_topping_groups.every((g) => g.min_select === 0),
  );
  if (!product) throw new Error('no simple product on the menu');
  return product;
}

/** Who orders: the journey's own name (and phone), by which it finds its order again. */
export interface Guest {
  name: string;
  phone: string;
  email?: string;
}

/**
 * A guest's pickup order of `quantity` simple products, as the checkout sends it, placed at the server at
 * `origin`; it waits on the board.
 */
export async function placeGuestOrder(
  request: APIRequestContext,
  origin: string,
  guest: Guest,
  { paymentMethod = 'cash', quantity = 1 }: { paymentMethod?: 'cash' | 'paypal'; quantity?: number } = {},
): Promise<Order> {
  const product = await simpleProduct(request, origin);
  const response = await request.post(`${origin}/api/orders/guest`, {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      store_id: 13,
      order_type: 'pickup',
      items: [{ product_id: product.id, quantity, extras: [] }],
      requested_time: 'asap',
      payment_method: paymentMethod,
      address: {
        type: 'shipping',
        customer_name: guest.name,
        phone: guest.phone,
        email: guest.email,
        line1: 'Oranienstraße 12',
        city: 'Berlin',
        zip: '10999',
        country: 'DE',
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Order;
}
