import { orderEvents, orderItems, orders, outbox } from '../../db/schema.ts';
import { rowLiterals } from '../../db/sql-literals.ts';
import type { OrderItemValues } from './render.ts';

/** Everything a new order writes: known in full before its transaction, its id taken from the sequence. */
export interface NewOrder {
  order: typeof orders.$inferInsert & { id: number };
  firstEvent: Omit<typeof orderEvents.$inferInsert, 'id' | 'orderId'>;
  items: OrderItemValues[];
  /** Its confirmation mail's outbox row, when it has one: the mail is kept exactly when the order is. */
  mail: Omit<typeof outbox.$inferInsert, 'id'> | null;
}

/** What `insertOrderStatement` answers: one row. */
export interface InsertedOrder {
  /** 1 when the order went in, 0 when `gate` did not hold. */
  placed: number;
  mail_id: number | null;
}

function selectOf(row: { literals: string[] }, from: string | null): string {
  return `select ${row.literals.join(', ')}${from ? ` from ${from}` : ''}`;
}

/**
 * The order, its first event, its items and its mail in one statement, written with literals only so
 * that it can follow the slot's lock in one simple query (see `slot-claims.ts`). `gate`, when given, is
 * a condition the order goes in under (the slot still has room, the store as the plan saw it): the other
 * rows go in with the order or not at all. The event, items and mail name the order before it is there;
 * foreign keys are checked at the end of the statement. A key another request stored meanwhile fails it
 * as a unique violation.
 */
export function insertOrderStatement(order: NewOrder, gate: string | null): string {
  const orderRow = rowLiterals(orders, order.order);
  const eventRow = rowLiterals(orderEvents, { ...order.firstEvent, orderId: order.order.id });
  const itemRows = order.items.map((item) => rowLiterals(orderItems, item));
  const itemColumns = itemRows[0]?.columns ?? [];
  if (itemRows.some((row) => row.columns.join() !== itemColumns.join()))
    throw new Error('order lines differ in columns');
  const mailRow = order.mail ? rowLiterals(outbox, order.mail) : null;
  const parts = [
    `placed as (insert into orders (${orderRow.columns.join(', ')})
  ${selectOf(orderRow, null)}${gate ? `\n  where ${gate}` : ''}
  returning id)`,
    `first_event as (insert into order_events (${eventRow.columns.join(', ')})
  ${selectOf(eventRow, 'placed')})`,
  ];
  if (itemRows.length > 0) {
    parts.push(`lines as (insert into order_items (${itemColumns.join(', ')})
  ${itemRows.map((row) => selectOf(row, 'placed')).join('\n  union all ')})`);
  }
  if (mailRow) {
    parts.push(`mail as (insert into outbox (${mailRow.columns.join(', ')})
  ${selectOf(mailRow, 'placed')}
  returning id)`);
  }
  return `with ${parts.join(',\n')}
select (select count(*)::int from placed) as placed, ${mailRow ? '(select id from mail)' : 'null::int'} as mail_id`;
}
