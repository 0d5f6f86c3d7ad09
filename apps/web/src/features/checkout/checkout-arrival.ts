import { useMemo } from 'react';
import * as z from 'zod/mini';
import { useHistoryState } from 'wouter/use-browser-location';

/**
 * docs/product/shop.md: the checkout may only be reached from the address page or the guest form. Those two screens
 * navigate with this marker in the history entry's state, so it survives a reload of the checkout but
 * not a typed URL or a link from anywhere else.
 */
export const checkoutArrivalSchema = z.object({
  checkoutFrom: z.enum(['update-address', 'guest-login']),
  /** The saved address the customer chose (update-address only). */
  addressId: z.optional(z.nullable(z.int())),
});
export type CheckoutArrival = z.infer<typeof checkoutArrivalSchema>;

export function parseCheckoutArrival(state: unknown): CheckoutArrival | null {
  const parsed = checkoutArrivalSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}

/** The arrival marker of the current history entry, or null. */
export function useCheckoutArrival(): CheckoutArrival | null {
  const state = useHistoryState<unknown>();
  return useMemo(() => parseCheckoutArrival(state), [state]);
}

export type CheckoutAccess =
  | { kind: 'guest' }
  | { kind: 'customer'; addressId: number | null }
  | { kind: 'redirect'; to: '/update-address' | '/guest-login' };

/**
 * The checkout guard of docs/product/shop.md: arrival only from `/update-address` (signed in) or `/guest-login`;
 * otherwise a signed-in customer goes to `/update-address` and a visitor to `/guest-login`.
 */
export function checkoutAccess(arrival: CheckoutArrival | null, signedIn: boolean): CheckoutAccess {
  if (arrival?.checkoutFrom === 'guest-login') return { kind: 'guest' };
  if (arrival?.checkoutFrom === 'update-address' && signedIn) {
    return { kind: 'customer', addressId: arrival.addressId ?? null };
  }
  return { kind: 'redirect', to: signedIn ? '/update-address' : '/guest-login' };
}
