import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DELIVERY_FEE_KEY,
  DELIVERY_POSTCODE_KEY,
  ORDER_TYPE_KEY,
  POSTCODE_DATA_KEY,
  restoreDelivery,
  selectDeliveryFeeCents,
  selectMinimumOrderCents,
  useDelivery,
} from './delivery-store.ts';
import { testPostcodes } from './test-postcodes.ts';

const [mitte] = testPostcodes as [(typeof testPostcodes)[number]];

beforeEach(() => {
  localStorage.clear();
  useDelivery.setState({ orderType: 'delivery', postcode: null });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('restoring the delivery choice', () => {
  it('defaults to delivery without a postcode', () => {
    expect(restoreDelivery()).toEqual({ orderType: 'delivery', postcode: null });
  });

  it('restores order type and postcode entry from local storage', () => {
    localStorage.setItem(ORDER_TYPE_KEY, JSON.stringify('pickup'));
    localStorage.setItem(POSTCODE_DATA_KEY, JSON.stringify(mitte));
    expect(restoreDelivery()).toEqual({ orderType: 'pickup', postcode: mitte });
  });

  it('ignores and logs unparseable or wrongly shaped data', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(ORDER_TYPE_KEY, 'teleport');
    localStorage.setItem(POSTCODE_DATA_KEY, '{"postcode": 10115');
    expect(restoreDelivery()).toEqual({ orderType: 'delivery', postcode: null });

    localStorage.setItem(ORDER_TYPE_KEY, JSON.stringify('drone'));
    localStorage.setItem(POSTCODE_DATA_KEY, JSON.stringify({ id: 1, postcode: '10115', delivery_fee: 'two' }));
    expect(restoreDelivery()).toEqual({ orderType: 'delivery', postcode: null });
    expect(warn).toHaveBeenCalledTimes(4);
  });
});

describe('saving the delivery choice', () => {
  it('stores the postcode under every key of docs/product/shop.md', () => {
    useDelivery.getState().setPostcode({ ...mitte, extra: 'dropped' } as typeof mitte);
    expect(JSON.parse(localStorage.getItem(DELIVERY_POSTCODE_KEY) ?? 'null')).toBe('10115');
    expect(JSON.parse(localStorage.getItem(POSTCODE_DATA_KEY) ?? 'null')).toEqual(mitte);
    expect(JSON.parse(localStorage.getItem(DELIVERY_FEE_KEY) ?? 'null')).toBe(2.5);
    expect(restoreDelivery().postcode).toEqual(mitte);
  });

  it('forgets the postcode when it is cleared', () => {
    useDelivery.getState().setPostcode(mitte);
    useDelivery.getState().setPostcode(null);
    expect(localStorage.getItem(DELIVERY_POSTCODE_KEY)).toBeNull();
    expect(localStorage.getItem(POSTCODE_DATA_KEY)).toBeNull();
    expect(localStorage.getItem(DELIVERY_FEE_KEY)).toBeNull();
    expect(useDelivery.getState().postcode).toBeNull();
  });

  it('stores the order type', () => {
    useDelivery.getState().setOrderType('pickup');
    expect(useDelivery.getState().orderType).toBe('pickup');
    expect(restoreDelivery().orderType).toBe('pickup');
  });
});

describe('fee and minimum order', () => {
  it('are the postcode’s amounts in cents for delivery', () => {
    const state = { orderType: 'delivery' as const, postcode: mitte };
    expect(selectDeliveryFeeCents(state)).toBe(250);
    expect(selectMinimumOrderCents(state)).toBe(1500);
  });

  it('are 0 for pickup or without a postcode', () => {
    expect(selectDeliveryFeeCents({ orderType: 'pickup', postcode: mitte })).toBe(0);
    expect(selectMinimumOrderCents({ orderType: 'pickup', postcode: mitte })).toBe(0);
    expect(selectDeliveryFeeCents({ orderType: 'delivery', postcode: null })).toBe(0);
    expect(selectMinimumOrderCents({ orderType: 'delivery', postcode: null })).toBe(0);
  });
});
