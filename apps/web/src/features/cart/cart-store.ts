import { useMemo } from 'react';
import { create } from 'zustand';
import * as z from 'zod/mini';
import {
  addToCart,
  cartItemsSchema,
  removeLine,
  replaceLine,
  setLineQuantity,
  type CartItem,
  type ReorderChange,
} from '@pizzeria/domain';
import { localStore, readStorage, removeStorage, writeStorage } from '../../lib/storage.ts';
import { CART_VOUCHER_KEY, removeVoucher, restoreVoucher } from './voucher-store.ts';

/** Local storage keys (docs/product/shop.md). */
export const CART_ITEMS_KEY = 'cartItems';
export const ORDER_NOTE_KEY = 'orderNote';
export const ORDER_PLACED_KEY = 'order_placed';
/** The order the placed cart became, so the cart can lead to it. */
export const LAST_ORDER_KEY = 'last_order';

/** The order note's length limit (the textarea's `maxLength` and its counter). */
export const MAX_NOTE_LENGTH = 500;

/** The order a cart was placed as: its id, and a guest's tracking token. */
export interface PlacedOrder {
  id: number;
  token: string | null;
}

export interface CartState {
  items: CartItem[];
  note: string;
  /**
   * Sent as an order (`order_placed`): shown as ordered, never as a live cart, and the next dish added
   * starts a new cart.
   */
  ordered: boolean;
  /** The lines were brought to today's menu and some price changed (`useCartRepricing`): the cart says so. */
  repriced: boolean;
  /**
   * The dishes (product ids) the menu last read says are sold out today (`useCartRepricing`): a line of
   * one is named in the cart and the checkout, and holds the order back until it is removed. Not stored:
   * the menu says it again on the next visit.
   */
  soldOut: readonly number[];
  /** The toppings (ids) the menu last read says are sold out today: a line with one is named too. Not stored. */
  soldOutToppings: readonly number[];
  /**
   * The cart was filled by "order again" (`refillCart`): which order, and what differs from it (a price, a
   * dish or topping gone); the cart says it until the customer dismisses it. Not stored.
   */
  reorder: { orderId: number; changes: readonly ReorderChange[] } | null;
  /** Adds a line; an identical line (same uniqueKey) gets its quantity raised instead. */
  add: (item: CartItem) => void;
  /** Sets a line's quantity; below 1 removes the line. */
  setQuantity: (uniqueKey: string, quantity: number) => void;
  remove: (uniqueKey: string) => void;
  /** Replaces an edited line, merging it into an identical line if there is one (docs/product/shop.md). */
  replace: (uniqueKey: string, item: CartItem) => void;
  setNote: (note: string) => void;
  clear: () => void;
}

const noteSchema = z.string();
const placedOrderSchema = z.object({ id: z.int(), token: z.nullable(z.string()) });

/** The cart of an earlier visit; a stored cart of the wrong shape gives an empty cart (logged, docs/product/shop.md). */
export function readStoredCart(
  storage: Storage | undefined = localStore(),
): Pick<CartState, 'items' | 'note' | 'ordered'> {
  const items = readStorage(CART_ITEMS_KEY, cartItemsSchema, storage) ?? [];
  return {
    items,
    note: (readStorage(ORDER_NOTE_KEY, noteSchema, storage) ?? '').slice(0, MAX_NOTE_LENGTH),
    ordered: items.length > 0 && isOrderPlaced(storage),
  };
}

/** The order the placed cart became, when the shop knows it. */
export function lastPlacedOrder(storage: Storage | undefined = localStore()): PlacedOrder | null {
  return readStorage(LAST_ORDER_KEY, placedOrderSchema, storage) ?? null;
}

/**
 * The cart lines and the order note, saved to local storage on every change (docs/product/shop.md). It starts
 * empty, as the server renders the page; `restoreCart` reads the stored cart at start (main.tsx).
 */
export const useCart = create<CartState>()((set) => ({
  items: [],
  note: '',
  ordered: false,
  repriced: false,
  soldOut: [],
  soldOutToppings: [],
  reorder: null,
  // A dish added to a cart already ordered is the first of a new order.
  add: (item) =>
    set((state) =>
      state.ordered
        ? { items: addToCart([], item), note: '', ordered: false }
        : { items: addToCart(state.items, item) },
    ),
  setQuantity: (uniqueKey, quantity) => set((state) => ({ items: setLineQuantity(state.items, uniqueKey, quantity) })),
  remove: (uniqueKey) => set((state) => ({ items: removeLine(state.items, uniqueKey) })),
  replace: (uniqueKey, item) => set((state) => ({ items: replaceLine(state.items, uniqueKey, item) })),
  setNote: (note) => set({ note: note.slice(0, MAX_NOTE_LENGTH) }),
  clear: () => set({ items: [], note: '', ordered: false, repriced: false, reorder: null }),
}));

/** The line's toppings (a half-and-half pizza's halves' too) that are sold out today, by name, without repeats. */
export function soldOutToppingNames(item: CartItem, soldOutToppings: readonly number[]): string[] {
  const extras = [...item.extras, ...(item.halves ?? []).flatMap((half) => half.extras)];
  const names = extras.flatMap((extra) => (soldOutToppings.includes(extra.id) ? [extra.name] : []));
  return [...new Set(names)];
}

/** The cart's lines whose dish, or one of whose toppings, is sold out today, in the cart's order. */
export function soldOutLines(
  items: readonly CartItem[],
  soldOut: readonly number[],
  soldOutToppings: readonly number[] = [],
): CartItem[] {
  return items.filter((item) => soldOutDish(item, soldOut) || soldOutToppingNames(item, soldOutToppings).length > 0);
}

/** Whether the line's dish is sold out today: either half's, for a half-and-half pizza. */
export function soldOutDish(item: CartItem, soldOut: readonly number[]): boolean {
  return soldOut.includes(item.id) || (item.halves?.some((half) => soldOut.includes(half.id)) ?? false);
}

/** The cart's lines whose dish or a topping is sold out today, as the menu last read says. */
export function useSoldOutLines(): CartItem[] {
  const items = useCart((state) => state.items);
  const soldOut = useCart((state) => state.soldOut);
  const soldOutToppings = useCart((state) => state.soldOutToppings);
  return useMemo(() => soldOutLines(items, soldOut, soldOutToppings), [items, soldOut, soldOutToppings]);
}

/** Set while the cart is read from storage, which needs no writing back. */
let restoring = false;

useCart.subscribe((state, previous) => {
  if (restoring) return;
  if (state.items !== previous.items) {
    if (state.items.length > 0) writeStorage(CART_ITEMS_KEY, state.items);
    else removeStorage(CART_ITEMS_KEY);
  }
  if (state.note !== previous.note) {
    // docs/product/shop.md: the note is saved as it changes and removed when empty.
    if (state.note) writeStorage(ORDER_NOTE_KEY, state.note);
    else removeStorage(ORDER_NOTE_KEY);
  }
  if (state.ordered !== previous.ordered && !state.ordered) {
    removeStorage(ORDER_PLACED_KEY);
    removeStorage(LAST_ORDER_KEY);
    // The voucher was the placed order's; the next cart starts without one.
    removeVoucher();
  }
});

/** Reads the stored cart again (start, another tab changed it, tests). */
export function restoreCart(storage: Storage | undefined = localStore()): void {
  restoring = true;
  try {
    useCart.setState({ ...readStoredCart(storage), repriced: false });
    restoreVoucher(storage);
  } finally {
    restoring = false;
  }
}

if (typeof window !== 'undefined') {
  // Another tab of the shop changed the cart: show the same cart here.
  window.addEventListener('storage', (event) => {
    const keys = [CART_ITEMS_KEY, ORDER_NOTE_KEY, ORDER_PLACED_KEY, CART_VOUCHER_KEY, null];
    if (keys.includes(event.key)) restoreCart();
  });
}

/**
 * Empties the cart and the note in memory and storage (docs/product/shop.md), and forgets that the cart was placed
 * as an order: the next cart is a new order.
 */
export function clearCart(): void {
  useCart.getState().clear();
  removeVoucher();
  removeStorage(CART_ITEMS_KEY);
  removeStorage(ORDER_NOTE_KEY);
  removeStorage(ORDER_PLACED_KEY);
  removeStorage(LAST_ORDER_KEY);
}

const orderPlacedSchema = z.union([z.boolean(), z.literal('true'), z.literal('false')]);

/** Whether the current cart was already placed as an order (`order_placed`, docs/product/shop.md). */
export function isOrderPlaced(storage: Storage | undefined = localStore()): boolean {
  const value = readStorage(ORDER_PLACED_KEY, orderPlacedSchema, storage);
  return value === true || value === 'true';
}

/**
 * The cart was sent as `order`: the logo click now starts a new cart (docs/product/shop.md), and until then the cart
 * says it was ordered and leads to the order.
 */
export function markOrderPlaced(order: PlacedOrder, storage: Storage | undefined = localStore()): void {
  writeStorage(ORDER_PLACED_KEY, true, storage);
  writeStorage(LAST_ORDER_KEY, order, storage);
  if (storage === localStore()) useCart.setState({ ordered: true });
}

/**
 * Fills the cart with the lines of an earlier order ("order again", `reorderItems`) and keeps what
 * changed for the cart to say. A cart that was already placed as an order is emptied first: it belongs
 * to that order, not to the new one.
 */
export function refillCart(
  items: readonly CartItem[],
  reorder: { orderId: number; changes: readonly ReorderChange[] } | null = null,
): void {
  if (isOrderPlaced()) clearCart();
  for (const item of items) useCart.getState().add(item);
  useCart.setState({ reorder });
}

/** The customer read what "order again" changed. */
export function dismissReorderNotice(): void {
  useCart.setState({ reorder: null });
}
