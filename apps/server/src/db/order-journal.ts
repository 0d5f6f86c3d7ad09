import { sql, type SQL } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Db } from './client.ts';
import type { Journal, JournalEntry, JournalWarning } from './journal.ts';
import type { Statement } from './statement.ts';

// What the journal holds of an order, and how it goes back into the database. An entry is the order's
// rows as the change left them (the `orders` row, its items, its events, its voucher redemption), as
// PostgreSQL writes them (`to_jsonb`), so that replaying it is writing those rows again: exact, and
// idempotent by the order's `revision`, which every update raises (migration 0009).

/** The order's rows after a change, one JSON object per order. */
function capture(orderIds: number[]): Statement {
  return {
    text: `select jsonb_build_object(
      'order', to_jsonb(o),
      'items', coalesce((select jsonb_agg(to_jsonb(i) order by i.id) from order_items i where i.order_id = o.id), '[]'::jsonb),
      'events', coalesce((select jsonb_agg(to_jsonb(e) order by e.id) from order_events e where e.order_id = o.id), '[]'::jsonb),
      'redemption', (select to_jsonb(r) from voucher_redemptions r where r.order_id = o.id)
    ) as rows from orders o where o.id = any($1::int[]) order by o.id`,
    values: [orderIds],
  };
}

const capturedSchema = z.object({
  order: z.record(z.string(), z.unknown()),
  items: z.array(z.record(z.string(), z.unknown())),
  events: z.array(z.record(z.string(), z.unknown())),
  redemption: z.nullable(z.record(z.string(), z.unknown())),
});

/** Journals orders after their change is committed, and replays the journal at start. */
export interface OrderJournal {
  /**
   * Appends each order's rows as they are now, synced: call it after the commit and before the answer.
   * Resolves once every entry is on the disk.
   */
  record(orderIds: number[], change: JournalEntry['change']): Promise<void>;
  journal: Journal;
}

export function orderJournal(
  journal: Journal,
  read: (statement: Statement) => Promise<Record<string, unknown>[]>,
): OrderJournal {
  return {
    journal,
    async record(orderIds, change) {
      if (orderIds.length === 0) return;
      const rows = await read(capture(orderIds));
      await Promise.all(
        rows.map((row) => journal.append({ kind: 'order', change, ...capturedSchema.parse(row.rows) })),
      );
    },
  };
}

/** The rows of a statement run on `db` (node-postgres and PGlite both answer `{ rows }`). */
async function executeRows(db: Db, query: SQL): Promise<unknown[]> {
  const result: unknown = await db.execute(query);
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows))
    return result.rows;
  throw new Error('a statement answered without rows');
}

/** What a replay did: entries read, orders written back, and what could not be. */
export interface Replayed {
  entries: number;
  /** Orders written again (missing, or older than the journal's copy). */
  orders: number[];
  /** Entries left out, each with why (its store gone, say). */
  skipped: string[];
}

const revisionSchema = z.object({ id: z.number(), revision: z.number() });

/** The columns of `table` in the database as migrated now (a journal of an older version may lack some). */
async function columnsOf(db: Db, table: string): Promise<string[]> {
  const rows = await executeRows(
    db,
    sql`select attname from pg_attribute where attrelid = ${table}::regclass and attnum > 0 and not attisdropped order by attnum`,
  );
  return rows.map((row) => z.object({ attname: z.string() }).parse(row).attname);
}

/** An int[] parameter as PostgreSQL's array text: Drizzle spreads an array into a list of parameters. */
function intArray(ids: number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
}

function identifiers(columns: string[]): string {
  return columns.map((column) => `"${column.replaceAll('"', '""')}"`).join(', ');
}

/**
 * Writes `row` (a `to_jsonb` of `table`) back: inserted when its id is free, else left as it is
 * (`update`: the columns overwritten).
 */
async function writeRow(tx: Db, table: string, columns: string[], row: Record<string, unknown>, update: boolean) {
  const list = sql.raw(identifiers(columns));
  const values = sql`select ${list} from jsonb_populate_record(null::${sql.raw(table)}, ${JSON.stringify(row)}::jsonb)`;
  const conflict = update
    ? sql`on conflict (id) do update set (${list}) = (${sql.raw(columns.map((column) => `excluded."${column.replaceAll('"', '""')}"`).join(', '))})`
    : sql`on conflict (id) do nothing`;
  await tx.execute(sql`insert into ${sql.raw(table)} (${list}) ${values} ${conflict}`);
}

/** A user an order names that the restored database does not have (an account made after the snapshot). */
async function existingUsers(tx: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await executeRows(tx, sql`select id from users where id = any(${intArray(ids)}::int[])`);
  return new Set(rows.map((row) => z.object({ id: z.number() }).parse(row).id));
}

function userIdOf(row: Record<string, unknown>, column: string): number | null {
  const value = row[column];
  return typeof value === 'number' ? value : null;
}

/**
 * Writes one entry's order back in one transaction: the order row (the revision trigger held off, so the
 * row keeps the revision it had), its items, events and redemption. The slot counts and the voucher's uses
 * follow as they do for any write: the triggers count the slot, and the voucher's uses are counted again.
 */
async function replayEntry(db: Db, entry: JournalEntry, columns: Map<string, string[]>): Promise<void> {
  await db.transaction(async (tx) => {
    const users = await existingUsers(
      tx,
      [
        userIdOf(entry.order, 'user_id'),
        userIdOf(entry.order, 'payment_reviewed_by'),
        userIdOf(entry.redemption ?? {}, 'user_id'),
        ...entry.events.map((event) => userIdOf(event, 'actor_user_id')),
      ].filter((id): id is number => id !== null),
    );
    const known = (row: Record<string, unknown>, column: string) => {
      const id = userIdOf(row, column);
      return id !== null && !users.has(id) ? { ...row, [column]: null } : row;
    };
    await tx.execute(sql`alter table orders disable trigger orders_revision`);
    await writeRow(
      tx,
      'orders',
      columns.get('orders') ?? [],
      known(known(entry.order, 'user_id'), 'payment_reviewed_by'),
      true,
    );
    await tx.execute(sql`alter table orders enable trigger orders_revision`);
    for (const item of entry.items) await writeRow(tx, 'order_items', columns.get('order_items') ?? [], item, false);
    for (const event of entry.events) {
      await writeRow(tx, 'order_events', columns.get('order_events') ?? [], known(event, 'actor_user_id'), false);
    }
    const redemption = entry.redemption;
    if (redemption) {
      await writeRow(
        tx,
        'voucher_redemptions',
        columns.get('voucher_redemptions') ?? [],
        known(redemption, 'user_id'),
        true,
      );
      await tx.execute(
        sql`update vouchers v set uses = (select count(*) from voucher_redemptions r where r.voucher_id = v.id and r.released_at is null)::int where v.id = ${Number(redemption.voucher_id)}`,
      );
    }
  });
}

/** Why an entry cannot be written back into this database, or null when it can. */
async function unplayable(db: Db, entry: JournalEntry): Promise<string | null> {
  const storeId = Number(entry.order.store_id);
  const voucherId = entry.redemption ? Number(entry.redemption.voucher_id) : null;
  const rows = await executeRows(
    db,
    sql`select exists (select 1 from stores where id = ${storeId}) as store,
      ${voucherId}::int is null or exists (select 1 from vouchers where id = ${voucherId}::int) as voucher`,
  );
  const found = z.object({ store: z.boolean(), voucher: z.boolean() }).parse(rows[0]);
  if (!found.store) return `order ${String(entry.order.id)}: its store ${storeId} is not in the database`;
  if (!found.voucher) return `order ${String(entry.order.id)}: its voucher ${String(voucherId)} is not in the database`;
  return null;
}

/**
 * Writes back every order of the journal after `afterSeq` that the database lacks or holds in an older
 * revision (the last entry of each order wins, as it is the newest); orders the database holds as new or
 * newer are left alone, so a replay onto a whole database changes nothing. The id sequences are moved past
 * the ids written back.
 */
export async function replayJournal(
  db: Db,
  journal: Journal,
  afterSeq: number,
  warn: JournalWarning = () => {},
): Promise<Replayed> {
  const entries = await journal.entriesAfter(afterSeq, warn);
  const newest = new Map<number, JournalEntry>();
  for (const entry of entries) {
    const id = Number(entry.order.id);
    const held = newest.get(id);
    if (!held || Number(entry.order.revision) >= Number(held.order.revision)) newest.set(id, entry);
  }
  const replayed: Replayed = { entries: entries.length, orders: [], skipped: [] };
  if (newest.size === 0) return replayed;
  const revisions = new Map(
    (
      await executeRows(db, sql`select id, revision from orders where id = any(${intArray([...newest.keys()])}::int[])`)
    ).map((row) => {
      const parsed = revisionSchema.parse(row);
      return [parsed.id, parsed.revision] as const;
    }),
  );
  const tables = ['orders', 'order_items', 'order_events', 'voucher_redemptions'];
  const columns = new Map(await Promise.all(tables.map(async (table) => [table, await columnsOf(db, table)] as const)));
  for (const [id, entry] of [...newest].sort(([a], [b]) => a - b)) {
    const revision = revisions.get(id);
    if (revision !== undefined && revision >= Number(entry.order.revision)) continue;
    const reason = await unplayable(db, entry);
    if (reason) {
      replayed.skipped.push(reason);
      continue;
    }
    await replayEntry(db, entry, columns);
    replayed.orders.push(id);
  }
  if (replayed.orders.length > 0) {
    for (const table of tables) {
      await db.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.raw(table)}), (select last_value from ${sql.raw(`${table}_id_seq`)})))`,
      );
    }
  }
  return replayed;
}
