import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { machineCpu, machineSpent } from './machine-cpu.ts';
import { closedLoop, type LoadResult } from './orders-load.ts';

// The ceiling of orders.ts: what placing an order writes in its transaction (the order row, its first
// event in order_events, its rows in order_items), as plain INSERTs through `pg` in one transaction per
// order, copied column for column from an order the shop placed in the same run (a new tracking token and
// Idempotency-Key each, as the unique indexes want). It runs in the bench's own process, on a Pool as
// large as the load's concurrency, against the same database: no HTTP, no validation, no slot lock, no
// reads, no rate-limit counters, no mail; what the shop does on top of this is the difference. The
// orders table's triggers count the copies in slot_counts as they count the shop's orders; each
// connection counts on a row of its own (`pizzeria.slot_lane`), as each of the shop's lanes does, so
// that the copies do not queue for one row.

/** json and jsonb: `pg` reads them as objects and would send an array back as a PostgreSQL array. */
const JSON_TYPE_IDS = new Set([114, 3802]);

/** An INSERT of an order's event or items: each row's values but the order's id, which goes first. */
interface ChildInsert {
  text: string;
  rows: unknown[][];
}

/** The row's columns but `omit`, as `pg` read them, ready to be sent back. */
function columnsOf(result: pg.QueryResult, row: Record<string, unknown>, omit: string[]) {
  const json = new Set(result.fields.filter((field) => JSON_TYPE_IDS.has(field.dataTypeID)).map((field) => field.name));
  const names = result.fields.map((field) => field.name).filter((name) => !omit.includes(name));
  return { names, values: names.map((name) => (json.has(name) ? JSON.stringify(row[name]) : row[name])) };
}

/** One INSERT of `rows` rows of `names` (a multi-row VALUES, as Drizzle writes an order's items). */
function insertText(table: string, names: string[], rows: number, returning = ''): string {
  const tuples = Array.from(
    { length: rows },
    (_, row) => `(${names.map((_name, column) => `$${row * names.length + column + 1}`).join(', ')})`,
  );
  return `insert into ${table} (${names.map((name) => `"${name}"`).join(', ')}) values ${tuples.join(', ')}${returning}`;
}

/** The statements that write a copy of order `orderId`. */
async function copyOf(pool: pg.Pool, orderId: number) {
  const order = await pool.query('select * from orders where id = $1', [orderId]);
  const events = await pool.query('select * from order_events where order_id = $1 order by id', [orderId]);
  const items = await pool.query('select * from order_items where order_id = $1 order by position', [orderId]);
  const [orderRow] = order.rows as Record<string, unknown>[];
  if (!orderRow || events.rows.length === 0 || items.rows.length === 0) {
    throw new Error(`order ${orderId} is not there with its event and items to copy`);
  }
  const fresh = ['id', 'tracking_token', 'idempotency_key'];
  const orderColumns = columnsOf(order, orderRow, fresh);
  const orderInsert = {
    text: insertText('orders', ['tracking_token', 'idempotency_key', ...orderColumns.names], 1, ' returning id'),
    values: orderColumns.values,
  };
  const children = (table: string, result: pg.QueryResult): ChildInsert => {
    const rows = (result.rows as Record<string, unknown>[]).map((row) => columnsOf(result, row, ['id', 'order_id']));
    const names = ['order_id', ...(rows[0]?.names ?? [])];
    return { text: insertText(table, names, rows.length), rows: rows.map((row) => row.values) };
  };
  return { orderInsert, eventInsert: children('order_events', events), itemsInsert: children('order_items', items) };
}

/** Places copies of order `orderId` as plain INSERTs on `workers` connections for `seconds`. */
export async function measureCeiling(
  databaseUrl: string,
  orderId: number,
  workers: number,
  seconds: number,
): Promise<LoadResult & { cpuPerOrder: number; machine: ReturnType<typeof machineSpent> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: workers });
  // Each connection counts on a lane of its own, past the shop's (0–7 and the released lane, −1); set
  // before its first use, not from the pool's `connect` event, where it would overlap the first query.
  const laned = new WeakSet<pg.PoolClient>();
  let lanes = 0;
  const connect = async () => {
    const client = await pool.connect();
    if (!laned.has(client)) {
      await client.query(`select set_config('pizzeria.slot_lane', '${100 + lanes++}', false)`);
      laned.add(client);
    }
    return client;
  };
  try {
    const { orderInsert, eventInsert, itemsInsert } = await copyOf(pool, orderId);
    // Every connection open before the clock starts, as the shop's pool is after its warm-up.
    const clients = await Promise.all(Array.from({ length: workers }, connect));
    for (const client of clients) client.release();
    const valuesFor = (insert: ChildInsert, copyId: number) => insert.rows.flatMap((row) => [copyId, ...row]);

    // The bench's own process does nothing else meanwhile: its CPU time is the client side of these orders.
    const before = process.cpuUsage();
    const machineBefore = machineCpu();
    const load = await closedLoop(workers, seconds, async () => {
      const client = await connect();
      try {
        await client.query('begin');
        const inserted = await client.query<{ id: number }>(orderInsert.text, [
          randomBytes(24).toString('base64url'),
          randomUUID(),
          ...orderInsert.values,
        ]);
        const id = inserted.rows[0]?.id;
        if (id === undefined) throw new Error('the order insert returned no id');
        await client.query(eventInsert.text, valuesFor(eventInsert, id));
        await client.query(itemsInsert.text, valuesFor(itemsInsert, id));
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    });
    const machineAfter = machineCpu();
    const { user, system } = process.cpuUsage(before);
    const cpuPerOrder = (user + system) / 1000 / Math.max(1, load.finished);
    return { ...load, cpuPerOrder, machine: machineSpent(machineBefore, machineAfter, load.finished, cpuPerOrder) };
  } finally {
    await pool.end();
  }
}
