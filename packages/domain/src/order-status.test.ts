import { describe, expect, it } from 'vitest';
import { orderStatusSchema, type OrderStatus } from './api/orders.ts';
import { canTransition, isFinalStatus, ORDER_TRANSITIONS, statusesBefore } from './order-status.ts';

const ALL = orderStatusSchema.options as readonly OrderStatus[];

describe('order status transitions', () => {
  it('allows exactly the steps of an order’s life', () => {
    const allowed = ALL.flatMap((from) => ALL.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`));
    expect(allowed.sort()).toEqual(
      [
        'pending_payment→waiting',
        'pending_payment→expired',
        'waiting→accepted',
        'waiting→rejected',
        'waiting→cancelled',
        'accepted→ready',
        'accepted→cancelled',
        'ready→completed',
        'ready→cancelled',
      ].sort(),
    );
  });

  it('refuses going back, skipping ahead and staying put', () => {
    expect(canTransition('accepted', 'waiting')).toBe(false);
    expect(canTransition('waiting', 'ready')).toBe(false);
    expect(canTransition('accepted', 'completed')).toBe(false);
    expect(canTransition('rejected', 'accepted')).toBe(false);
    expect(canTransition('completed', 'cancelled')).toBe(false);
    for (const status of ALL) expect(canTransition(status, status)).toBe(false);
  });

  it('names the statuses an order may come from', () => {
    expect(statusesBefore('cancelled').sort()).toEqual(['accepted', 'ready', 'waiting']);
    expect(statusesBefore('ready')).toEqual(['accepted']);
    expect(statusesBefore('accepted')).toEqual(['waiting']);
    expect(statusesBefore('pending_payment')).toEqual([]);
    expect(statusesBefore('expired')).toEqual(['pending_payment']);
  });

  it('lets staff cancel only what they accepted, and the customer only what nobody answered yet', () => {
    expect(statusesBefore('cancelled', 'restaurant').sort()).toEqual(['accepted', 'ready']);
    expect(statusesBefore('cancelled', 'customer')).toEqual(['waiting']);
    expect(canTransition('waiting', 'cancelled', 'restaurant')).toBe(false);
    expect(canTransition('waiting', 'cancelled', 'customer')).toBe(true);
    expect(canTransition('accepted', 'cancelled', 'customer')).toBe(false);
    expect(canTransition('pending_payment', 'cancelled', 'customer')).toBe(false);
  });

  it('leaves every decision of the restaurant to the restaurant', () => {
    const customerSteps = ALL.flatMap((from) =>
      ALL.filter((to) => canTransition(from, to, 'customer')).map((to) => `${from}→${to}`),
    );
    // Paying (or cash instead) sends the order to the kitchen; calling it off before an answer.
    expect(customerSteps.sort()).toEqual(['pending_payment→waiting', 'waiting→cancelled']);
    for (const from of ALL)
      for (const to of ALL)
        expect(canTransition(from, to)).toBe(
          canTransition(from, to, 'restaurant') || canTransition(from, to, 'customer'),
        );
  });

  it('knows the final statuses', () => {
    expect(ALL.filter(isFinalStatus).sort()).toEqual(['cancelled', 'completed', 'expired', 'rejected']);
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ALL].sort());
  });
});
