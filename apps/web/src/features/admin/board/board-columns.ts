import type { Order, OrderStatus } from '@pizzeria/domain';
import { dueAt } from '../orders/promised-at.ts';

export const BOARD_COLUMNS = ['waiting', 'accepted', 'ready', 'done'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

const COLUMN_OF: Record<OrderStatus, BoardColumn | null> = {
  // Not yet paid online, or never paid: not the kitchen's business.
  pending_payment: null,
  expired: null,
  waiting: 'waiting',
  accepted: 'accepted',
  ready: 'ready',
  completed: 'done',
  rejected: 'done',
  cancelled: 'done',
};

/**
 * The board's columns: the open ones by the time the customer was given, soonest first (a new order by
 * the time told at checkout, an accepted one by staff's promise: what is due first comes first), today's
 * done ones newest first.
 */
export function boardColumns(orders: readonly Order[]): Record<BoardColumn, Order[]> {
  const columns: Record<BoardColumn, Order[]> = { waiting: [], accepted: [], ready: [], done: [] };
  for (const order of orders) {
    const column = COLUMN_OF[order.status];
    if (column) columns[column].push(order);
  }
  const by = (key: (order: Order) => string, direction: 1 | -1) => (a: Order, b: Order) =>
    direction * (Date.parse(key(a)) - Date.parse(key(b))) || direction * (a.id - b.id);
  columns.waiting.sort(by(dueAt, 1));
  columns.accepted.sort(by(dueAt, 1));
  columns.ready.sort(by(dueAt, 1));
  columns.done.sort(by((order) => order.created_at, -1));
  return columns;
}
