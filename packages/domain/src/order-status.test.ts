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
    expect(canTransition('waiting', 'cancelled')).toBe(false);
    expect(canTransition('accepted', 'completed')).toBe(false);
    expect(canTransition('rejected', 'accepted')).toBe(false);
    expect(canTransition('completed', 'cancelled')).toBe(false);
    for (const status of ALL) expect(canTransition(status, status)).toBe(false);
  });

  it('names the statuses an order may come from', () => {
    expect(statusesBefore('cancelled').sort()).toEqual(['accepted', 'ready']);
    expect(statusesBefore('ready')).toEqual(['accepted']);
    expect(statusesBefore('accepted')).toEqual(['waiting']);
    expect(statusesBefore('pending_payment')).toEqual([]);
    expect(statusesBefore('expired')).toEqual(['pending_payment']);
  });

  it('knows the final statuses', () => {
    expect(ALL.filter(isFinalStatus).sort()).toEqual(['cancelled', 'completed', 'expired', 'rejected']);
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ALL].sort());
  });
});
