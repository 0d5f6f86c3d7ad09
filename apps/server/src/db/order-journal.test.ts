import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_CUSTOMER_NAME } from '@pizzeria/domain';
import { buildTestServer, pinClock, placePickupOrder, simpleProduct, type TestServer } from '../../test/helper.ts';
import { executeRows, type Database } from './client.ts';
import { replayJournal } from './order-journal.ts';

// The order journal on PGlite in a directory: every answered change is in it, and replaying it writes
// the orders back exactly (rows, revision, the slot counts the triggers keep), and only once.

let dataDir: string;
let server: TestServer;
let database: Database;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pizzeria-order-journal-'));
  server = await buildTestServer({ DATA_DIR: dataDir }, { database: 'pglite' });
  pinClock(server.app);
  database = server.app.database;
}, 60_000);

afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Everything replay must restore: the orders with their items, events and redemptions, and the slot counts. */
async function state(): Promise<unknown[]> {
  return executeRows(
    database.db,
    sql`select
      (select jsonb_agg(to_jsonb(o) order by o.id) from orders o) as orders,
      (select jsonb_agg(to_jsonb(i) order by i.id) from order_items i) as items,
      (select jsonb_agg(to_jsonb(e) order by e.id) from order_events e) as events,
      (select jsonb_agg(jsonb_build_object('slot', slot_start, 'taken', taken, 'guests', guests_waiting) order by slot_start)
        from (select slot_start, sum(taken)::int as taken, sum(guests_waiting)::int as guests_waiting
          from slot_counts group by slot_start having sum(taken) <> 0 or sum(guests_waiting) <> 0) s) as slots`,
  );
}

describe('the order journal', () => {
  it('holds every answered change and writes the orders back exactly, once', async () => {
    const journal = database.orderJournal?.journal;
    if (!journal) throw new Error('PGlite in a directory has an order journal');
    const { app } = server;
    const product = await simpleProduct(app);
    const placed = [
      await placePickupOrder(app, product.id),
      await placePickupOrder(app, product.id),
      await placePickupOrder(app, product.id),
    ];
    const [staff] = await executeRows(database.db, sql`select id from users order by id limit 1`);
    const userId = Number((staff as { id: number }).id);
    const [first, second] = placed.map((order) => order.id);
    if (first === undefined || second === undefined) throw new Error('three orders');
    await app.orders.accept(first, { etaMinutes: 30 }, { userId }, 'de');
    await app.orders.reject(second, 'Ofen kaputt', { userId }, 'de');

    // Each 201 and each decision was synced before it was answered: five entries.
    const entries = await journal.entriesAfter(0);
    expect(entries.map((entry) => [entry.change, entry.order.id, entry.order.status])).toEqual([
      ['placed', placed[0]?.id, 'waiting'],
      ['placed', placed[1]?.id, 'waiting'],
      ['placed', placed[2]?.id, 'waiting'],
      ['updated', first, 'accepted'],
      ['updated', second, 'rejected'],
    ]);
    expect(journal.position()).toBe(entries.at(-1)?.seq);

    const before = await state();
    // A replay onto the database that holds them all changes nothing.
    expect((await replayJournal(database.db, journal, 0)).orders).toEqual([]);

    // Lost (a restored snapshot without them): the orders come back as they were, the counts with them.
    await database.db.execute(sql`delete from orders`);
    const replayed = await replayJournal(database.db, journal, 0);
    expect(replayed.orders).toEqual(placed.map((order) => order.id));
    expect(await state()).toEqual(before);
    expect((await replayJournal(database.db, journal, 0)).orders).toEqual([]);

    // An older copy (the snapshot before the decision) is brought up to the journal's revision.
    await database.db.execute(sql`alter table orders disable trigger orders_revision`);
    await database.db.execute(
      sql`update orders set status = 'waiting', revision = 0, eta_at = null, eta_minutes = null, decided_at = null where id = ${first}`,
    );
    await database.db.execute(sql`alter table orders enable trigger orders_revision`);
    await database.db.execute(sql`delete from order_events where order_id = ${first} and status = 'accepted'`);
    expect((await replayJournal(database.db, journal, 0)).orders).toEqual([first]);
    expect(await state()).toEqual(before);

    // New orders after a replay get ids past the replayed ones.
    const next = await placePickupOrder(app, product.id);
    expect(next.id).toBeGreaterThan(Math.max(...placed.map((order) => order.id)));
  }, 60_000);

  it('holds a guest order erased as erased: a replay never brings its personal data back', async () => {
    const journal = database.orderJournal?.journal;
    if (!journal) throw new Error('PGlite in a directory has an order journal');
    const { app } = server;
    const order = await placePickupOrder(app, (await simpleProduct(app)).id);
    const [staff] = await executeRows(database.db, sql`select id from users order by id limit 1`);
    await app.orders.reject(order.id, 'Ofen kaputt', { userId: Number((staff as { id: number }).id) }, 'de');
    const erased = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/erase?token=${order.tracking_token ?? ''}`,
    });
    expect(erased.statusCode, erased.body).toBe(200);

    const last = (await journal.entriesAfter(0)).filter((entry) => entry.order.id === order.id).at(-1);
    expect(last?.order.address).toMatchObject({ customerName: ERASED_CUSTOMER_NAME, phone: '' });

    // The snapshot restored after a power cut still has the name: the replay writes the erased order back.
    await database.db.execute(sql`alter table orders disable trigger orders_revision`);
    await database.db.execute(
      sql`update orders set address = address || '{"customerName": "Gabi Gast"}'::jsonb, revision = 0 where id = ${order.id}`,
    );
    await database.db.execute(sql`alter table orders enable trigger orders_revision`);
    expect((await replayJournal(database.db, journal, 0)).orders).toEqual([order.id]);
    const [row] = await executeRows(
      database.db,
      sql`select address->>'customerName' as name from orders where id = ${order.id}`,
    );
    expect(row).toEqual({ name: ERASED_CUSTOMER_NAME });
  }, 60_000);
});
