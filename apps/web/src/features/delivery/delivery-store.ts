import { create } from 'zustand';
import * as z from 'zod/mini';
import { postcodeSchema, toCents, type Cents, type Postcode } from '@pizzeria/domain';
import { localStore, readStorage, removeStorage, writeStorage } from '../../lib/storage.ts';

export type OrderType = 'delivery' | 'pickup';

/** Local storage keys (docs/product/shop.md). */
export const ORDER_TYPE_KEY = 'order_type';
export const DELIVERY_POSTCODE_KEY = 'delivery_postcode';
export const POSTCODE_DATA_KEY = 'postcode-data';
export const DELIVERY_FEE_KEY = 'delivery_fee';

const orderTypeSchema = z.enum(['delivery', 'pickup']);

export interface DeliveryState {
  orderType: OrderType;
  postcode: Postcode | null;
  setOrderType: (type: OrderType) => void;
  setPostcode: (entry: Postcode | null) => void;
}

/** Order type and postcode as stored by an earlier visit; anything unreadable is logged and ignored. */
export function restoreDelivery(
  storage: Storage | undefined = localStore(),
): Pick<DeliveryState, 'orderType' | 'postcode'> {
  return {
    orderType: readStorage(ORDER_TYPE_KEY, orderTypeSchema, storage) ?? 'delivery',
    postcode: readStorage(POSTCODE_DATA_KEY, postcodeSchema, storage) ?? null,
  };
}

function savePostcode(entry: Postcode | null): void {
  if (!entry) {
    removeStorage(DELIVERY_POSTCODE_KEY);
    removeStorage(POSTCODE_DATA_KEY);
    removeStorage(DELIVERY_FEE_KEY);
    return;
  }
  const { id, postcode, city, delivery_fee, minimum_order_amount, delivery_time, store_id } = entry;
  writeStorage(DELIVERY_POSTCODE_KEY, postcode);
  writeStorage(POSTCODE_DATA_KEY, { id, postcode, city, delivery_fee, minimum_order_amount, delivery_time, store_id });
  writeStorage(DELIVERY_FEE_KEY, delivery_fee);
}

/**
 * Delivery or pickup and the chosen delivery area, kept in local storage (docs/product/shop.md). It starts as
 * the server renders the page (delivery, no postcode); `restoreDeliveryChoice` reads the stored choice
 * at start (main.tsx).
 */
export const useDelivery = create<DeliveryState>()((set) => ({
  orderType: 'delivery',
  postcode: null,
  setOrderType: (orderType) => {
    writeStorage(ORDER_TYPE_KEY, orderType);
    set({ orderType });
  },
  setPostcode: (postcode) => {
    savePostcode(postcode);
    set({ postcode });
  },
}));

/** Makes the stored order type and postcode the current choice. */
export function restoreDeliveryChoice(storage: Storage | undefined = localStore()): void {
  useDelivery.setState(restoreDelivery(storage));
}

type DeliveryChoice = Pick<DeliveryState, 'orderType' | 'postcode'>;

/** The delivery fee in cents: 0 for pickup or while no postcode is chosen. */
export function selectDeliveryFeeCents(state: DeliveryChoice): Cents {
  return state.orderType === 'pickup' || !state.postcode ? 0 : toCents(state.postcode.delivery_fee);
}

/** The postcode's minimum order in cents: 0 for pickup or while no postcode is chosen. */
export function selectMinimumOrderCents(state: DeliveryChoice): Cents {
  return state.orderType === 'pickup' || !state.postcode ? 0 : toCents(state.postcode.minimum_order_amount);
}
