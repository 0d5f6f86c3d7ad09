import { describe, expect, it } from 'vitest';
import { checkoutAccess, parseCheckoutArrival } from './checkout-arrival.ts';

describe('checkout guard (docs/product/shop.md)', () => {
  it('lets a signed-in customer in from the address page, with the chosen address', () => {
    expect(checkoutAccess({ checkoutFrom: 'update-address', addressId: 7 }, true)).toEqual({
      kind: 'customer',
      addressId: 7,
    });
  });

  it('lets a guest in from the guest form', () => {
    expect(checkoutAccess({ checkoutFrom: 'guest-login' }, false)).toEqual({ kind: 'guest' });
  });

  it('sends a signed-in customer arriving from anywhere else to /update-address', () => {
    expect(checkoutAccess(null, true)).toEqual({ kind: 'redirect', to: '/update-address' });
  });

  it('sends a visitor arriving from anywhere else to /guest-login, also with a forged address marker', () => {
    expect(checkoutAccess(null, false)).toEqual({ kind: 'redirect', to: '/guest-login' });
    expect(checkoutAccess({ checkoutFrom: 'update-address', addressId: 7 }, false)).toEqual({
      kind: 'redirect',
      to: '/guest-login',
    });
  });

  it('reads only a well-formed marker from the history state', () => {
    expect(parseCheckoutArrival(null)).toBeNull();
    expect(parseCheckoutArrival({ checkoutFrom: 'menu' })).toBeNull();
    expect(parseCheckoutArrival('guest-login')).toBeNull();
    expect(parseCheckoutArrival({ checkoutFrom: 'guest-login' })).toEqual({ checkoutFrom: 'guest-login' });
  });
});
