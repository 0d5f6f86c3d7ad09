import { getTableColumns, type Column, type Table } from 'drizzle-orm';
import { orderEvents, orderItems, orders, outbox } from '../../db/schema.ts';
import { Placeholders, type Statement } from '../../db/statement.ts';
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
  /** 1 when the order went in, 0 when the guard's condition did not hold. */
  placed: number;
  mail_id: number | null;
}

/**
 * A row for `table` as an INSERT writes it: the columns `values` gives (the others keep their defaults),
 * each value a parameter as Drizzle would send it, cast to the column's type. The text depends only on
 * which columns are given, so the statement's text is the same from order to order.
 */
function rowOf<T extends Table>(
  params: Placeholders,
  table: T,
  values: T['$inferInsert'],
): { columns: string; values: string } {
  const columns: string[] = [];
  const placeholders: string[] = [];
  const given = values as Record<string, unknown>;
  for (const { property, name, type, column } of columnsOf(table)) {
    const value = given[property];
    if (value === undefined) continue;
    columns.push(name);
    // A null is a parameter too: which of the given columns are null must not change the text.
    placeholders.push(params.add(value === null ? null : String(column.mapToDriverValue(value)), type));
  }
  return { columns: columns.join(', '), values: placeholders.join(', ') };
}

interface InsertColumn {
  property: string;
  /** Quoted, as the INSERT names it. */
  name: string;
  /** The type its parameter is cast to. */
  type: string;
  column: Column;
}

const insertColumns = new WeakMap<Table, InsertColumn[]>();

/** A table's columns as `rowOf` writes them, worked out once per table (every order writes four tables). */
function columnsOf(table: Table): InsertColumn[] {
  let known = insertColumns.get(table);
  if (!known) {
    known = Object.entries(getTableColumns(table)).map(([property, column]) => ({
      property,
      name: `"${column.name}"`,
      // A serial column is an integer with a default; its type cannot be named in a cast.
      type: column.getSQLType() === 'serial' ? 'integer' : column.getSQLType(),
      column,
    }));
    insertColumns.set(table, known);
  }
  return known;
}

/**
 * What an order's INSERT goes in under: common table expressions it needs first (`with`), and a
 * condition on them (`where`); when it does not hold, nothing is written. Written with the statement's
 * parameters.
 */
export type InsertGuard = (params: Placeholders) => { with: string[]; where: string };

/**
 * The order, its first event, its items and its mail in one statement with parameters, so that
 * PostgreSQL plans it once per connection (`Database.prepared`). `guard`, when given, is what the order
 * goes in under (its slot claimed with room, the store as the plan saw it): the other rows go in with
 * the order or not at all. The event, items and mail name the order before it is there; foreign keys are
 * checked at the end of the statement. A key another request stored meanwhile fails it as a unique
 * violation.
 */
export function insertOrderStatement(order: NewOrder, guard: InsertGuard | null): Statement {
  const params = new Placeholders();
  const condition = guard?.(params) ?? null;
  const orderRow = rowOf(params, orders, order.order);
  const eventRow = rowOf(params, orderEvents, { ...order.firstEvent, orderId: order.order.id });
  const itemRows = order.items.map((item) => rowOf(params, orderItems, item));
  const itemColumns = itemRows[0]?.columns ?? '';
  if (itemRows.some((row) => row.columns !== itemColumns)) throw new Error('order lines differ in columns');
  const mailRow = order.mail ? rowOf(params, outbox, order.mail) : null;
  const parts = [
    ...(condition?.with ?? []),
    `placed as (insert into orders (${orderRow.columns})
  select ${orderRow.values}${condition ? `\n  where ${condition.where}` : ''}
  returning id)`,
    `first_event as (insert into order_events (${eventRow.columns})
  select ${eventRow.values} from placed)`,
  ];
  if (itemRows.length > 0) {
    parts.push(`lines as (insert into order_items (${itemColumns})
  ${itemRows.map((row) => `select ${row.values} from placed`).join('\n  union all ')})`);
  }
  if (mailRow) {
    parts.push(`mail as (insert into outbox (${mailRow.columns})
  select ${mailRow.values} from placed
  returning id)`);
  }
  const text = `with ${parts.join(',\n')}
select (select count(*)::int from placed) as placed, ${mailRow ? '(select id from mail)' : 'null::int'} as mail_id`;
  return { text, values: params.values };
}
