import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCartItem } from '@pizzeria/domain';
import { cola, margherita } from '../menu/test-catalogue.ts';
import {
  CART_ITEMS_KEY,
  LAST_ORDER_KEY,
  ORDER_NOTE_KEY,
  ORDER_PLACED_KEY,
  clearCart,
  isOrderPlaced,
  lastPlacedOrder,
  markOrderPlaced,
  readStoredCart,
  restoreCart,
  useCart,
} from './cart-store.ts';

const colaLine = buildCartItem(cola, { variantId: null, extras: [], quantity: 1 });
const pizzaLine = buildCartItem(margherita, { variantId: 42, extras: [{ id: 108, quantity: 1 }], quantity: 2 });

beforeEach(() => {
  localStorage.clear();
  restoreCart();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('cart store', () => {
  it('saves the lines under cartItems on every change', () => {
    useCart.getState().add(colaLine);
    useCart.getState().add(colaLine);
    expect(JSON.parse(localStorage.getItem(CART_ITEMS_KEY) ?? 'null')).toEqual([{ ...colaLine, quantity: 2 }]);

    useCart.getState().add(pizzaLine);
    useCart.getState().setQuantity(colaLine.uniqueKey, 5);
    const stored = JSON.parse(localStorage.getItem(CART_ITEMS_KEY) ?? '[]') as { quantity: number }[];
    expect(stored.map((line) => line.quantity)).toEqual([5, 2]);

    useCart.getState().remove(colaLine.uniqueKey);
    useCart.getState().remove(pizzaLine.uniqueKey);
    expect(localStorage.getItem(CART_ITEMS_KEY)).toBeNull();
  });

  it('restores the cart and note of an earlier visit', () => {
    localStorage.setItem(CART_ITEMS_KEY, JSON.stringify([pizzaLine, colaLine]));
    localStorage.setItem(ORDER_NOTE_KEY, JSON.stringify('Bitte klingeln'));
    restoreCart();
    expect(useCart.getState().items).toEqual([pizzaLine, colaLine]);
    expect(useCart.getState().note).toBe('Bitte klingeln');
  });

  it('starts with an empty cart when the stored one is invalid, and logs it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(CART_ITEMS_KEY, JSON.stringify([{ ...colaLine, quantity: 0 }]));
    restoreCart();
    expect(useCart.getState().items).toEqual([]);

    localStorage.setItem(CART_ITEMS_KEY, '{not json');
    restoreCart();
    expect(useCart.getState().items).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('saves the note as it changes and removes it when empty', () => {
    useCart.getState().setNote('Hinterhof');
    expect(localStorage.getItem(ORDER_NOTE_KEY)).toBe('"Hinterhof"');
    useCart.getState().setNote('');
    expect(localStorage.getItem(ORDER_NOTE_KEY)).toBeNull();
  });

  it('keeps the note within 500 characters', () => {
    useCart.getState().setNote('x'.repeat(600));
    expect(useCart.getState().note).toHaveLength(500);
  });

  it('merges an edited line into an identical one', () => {
    const small = buildCartItem(margherita, { variantId: 41, extras: [], quantity: 1 });
    const medium = buildCartItem(margherita, { variantId: 42, extras: [], quantity: 3 });
    useCart.getState().add(small);
    useCart.getState().add(medium);
    useCart.getState().replace(small.uniqueKey, buildCartItem(margherita, { variantId: 42, extras: [], quantity: 1 }));
    expect(useCart.getState().items).toEqual([{ ...medium, quantity: 4 }]);
  });

  it('clearCart empties cart and note in memory and storage', () => {
    useCart.getState().add(colaLine);
    useCart.getState().setNote('Hinterhof');
    localStorage.setItem(ORDER_PLACED_KEY, 'true');
    clearCart();
    expect(useCart.getState()).toMatchObject({ items: [], note: '' });
    expect(localStorage.getItem(CART_ITEMS_KEY)).toBeNull();
    expect(localStorage.getItem(ORDER_NOTE_KEY)).toBeNull();
    expect(isOrderPlaced()).toBe(false);
  });

  it('marks a placed cart as ordered, and the next dish added starts a new cart', () => {
    useCart.getState().add(pizzaLine);
    useCart.getState().setNote('Hinterhof');
    markOrderPlaced({ id: 77, token: 'tok' });
    expect(useCart.getState().ordered).toBe(true);
    expect(isOrderPlaced()).toBe(true);
    expect(lastPlacedOrder()).toEqual({ id: 77, token: 'tok' });

    useCart.getState().add(colaLine);
    expect(useCart.getState()).toMatchObject({ items: [colaLine], note: '', ordered: false });
    expect(isOrderPlaced()).toBe(false);
    expect(localStorage.getItem(LAST_ORDER_KEY)).toBeNull();
    expect(JSON.parse(localStorage.getItem(CART_ITEMS_KEY) ?? '[]')).toEqual([colaLine]);
  });

  it('reads an ordered cart back after a reload', () => {
    useCart.getState().add(pizzaLine);
    markOrderPlaced({ id: 77, token: null });
    expect(readStoredCart()).toMatchObject({ items: [pizzaLine], ordered: true });
  });

  it('reads order_placed', () => {
    expect(isOrderPlaced()).toBe(false);
    localStorage.setItem(ORDER_PLACED_KEY, 'true');
    expect(isOrderPlaced()).toBe(true);
    localStorage.setItem(ORDER_PLACED_KEY, '"true"');
    expect(isOrderPlaced()).toBe(true);
    localStorage.setItem(ORDER_PLACED_KEY, 'false');
    expect(isOrderPlaced()).toBe(false);
  });
});
