import { describe, expect, it } from 'vitest';
import type { Order } from '@pizzeria/domain';
import { boardColumns } from './board-columns.ts';
import { boardOrder } from './test-board.ts';

const ids = (orders: Order[]) => orders.map((order) => order.id);

describe('board columns', () => {
  it('puts each status in its column and an unpaid or expired online order in none', () => {
    const columns = boardColumns([
      boardOrder({ id: 1, status: 'pending_payment' }),
      boardOrder({ id: 2, status: 'waiting' }),
      boardOrder({ id: 3, status: 'accepted' }),
      boardOrder({ id: 4, status: 'ready' }),
      boardOrder({ id: 5, status: 'completed' }),
      boardOrder({ id: 6, status: 'rejected' }),
      boardOrder({ id: 7, status: 'cancelled' }),
      boardOrder({ id: 8, status: 'expired', payment_method: 'paypal', payment_status: 'unpaid' }),
    ]);

    expect(ids(columns.waiting)).toEqual([2]);
    expect(ids(columns.accepted)).toEqual([3]);
    expect(ids(columns.ready)).toEqual([4]);
    expect(ids(columns.done).sort()).toEqual([5, 6, 7]);
    expect(
      Object.values(columns)
        .flat()
        .map((order) => order.id),
    ).not.toContain(1);
    expect(
      Object.values(columns)
        .flat()
        .map((order) => order.id),
    ).not.toContain(8);
  });

  it('lists new orders by the time told at checkout, soonest first, whenever they were placed', () => {
    const columns = boardColumns([
      boardOrder({ id: 11, created_at: '2026-11-23T12:05:00.000Z', promised_at: '2026-11-23T12:50:00.000Z' }),
      // Placed first, but a pre-order for the evening.
      boardOrder({ id: 12, created_at: '2026-11-23T11:50:00.000Z', promised_at: '2026-11-23T18:00:00.000Z' }),
      // A pickup told for earlier than the delivery placed before it.
      boardOrder({ id: 13, created_at: '2026-11-23T12:06:00.000Z', promised_at: '2026-11-23T12:25:00.000Z' }),
    ]);
    expect(ids(columns.waiting)).toEqual([13, 11, 12]);
  });

  it('orders the kitchen and the pass by promised time, staff’s answer before the checkout’s estimate', () => {
    const accepted = (id: number, created: string, promised: string, eta: string | null) =>
      boardOrder({ id, status: 'accepted', created_at: created, promised_at: promised, eta_at: eta });
    const columns = boardColumns([
      // Placed first, but staff promised it latest.
      accepted(21, '2026-11-23T11:00:00.000Z', '2026-11-23T11:30:00.000Z', '2026-11-23T12:40:00.000Z'),
      // A pre-order without an answered time yet: its promised_at counts.
      accepted(22, '2026-11-23T11:10:00.000Z', '2026-11-23T12:10:00.000Z', null),
      // Checkout estimate late, staff's answer early.
      accepted(23, '2026-11-23T11:20:00.000Z', '2026-11-23T13:30:00.000Z', '2026-11-23T12:00:00.000Z'),
    ]);
    expect(ids(columns.accepted)).toEqual([23, 22, 21]);

    const ready = boardColumns([
      boardOrder({
        id: 31,
        status: 'ready',
        promised_at: '2026-11-23T12:00:00.000Z',
        eta_at: '2026-11-23T12:50:00.000Z',
      }),
      boardOrder({ id: 32, status: 'ready', promised_at: '2026-11-23T12:30:00.000Z', eta_at: null }),
      boardOrder({
        id: 33,
        status: 'ready',
        promised_at: '2026-11-23T12:45:00.000Z',
        eta_at: '2026-11-23T12:15:00.000Z',
      }),
    ]).ready;
    expect(ids(ready)).toEqual([33, 32, 31]);
  });

  it('lists the done ones newest first', () => {
    const columns = boardColumns([
      boardOrder({ id: 41, status: 'completed', created_at: '2026-11-23T10:00:00.000Z' }),
      boardOrder({ id: 42, status: 'cancelled', created_at: '2026-11-23T12:00:00.000Z' }),
      boardOrder({ id: 43, status: 'rejected', created_at: '2026-11-23T11:00:00.000Z' }),
    ]);
    expect(ids(columns.done)).toEqual([42, 43, 41]);
  });

  it('breaks ties by number, in the column’s direction', () => {
    const at = '2026-11-23T12:00:00.000Z';
    const columns = boardColumns([
      boardOrder({ id: 52, created_at: at }),
      boardOrder({ id: 51, created_at: at }),
      boardOrder({ id: 61, status: 'completed', created_at: at }),
      boardOrder({ id: 62, status: 'completed', created_at: at }),
    ]);
    expect(ids(columns.waiting)).toEqual([51, 52]);
    expect(ids(columns.done)).toEqual([62, 61]);
  });

  it('leaves the list it was given as it was', () => {
    const orders = [boardOrder({ id: 2, created_at: '2026-11-23T12:00:00.000Z' }), boardOrder({ id: 1 })];
    boardColumns(orders);
    expect(ids(orders)).toEqual([2, 1]);
  });
});
