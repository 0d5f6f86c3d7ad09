import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderSchema } from '@pizzeria/domain';
import { pickupOrder } from '../../../test/helper.ts';
import { orders, slotCounts, stores } from '../../db/schema.ts';
import { ACTIVE_STATUSES } from './slot-claims.ts';
import { ordersTestServer } from './test-orders.ts';

// Monday 2026-06-15, 18:07 in Berlin (UTC+2): the demo store is open 17:00–22:30. A pickup's ASAP slot
// is 18:30 (20 minutes of preparation), and the quarter hours after it.
const MONDAY_EVENING = new Date('2026-06-15T16:07:00Z');
const SLOT_A = '2026-06-15T18:00:00.000Z';
const SLOT_B = '2026-06-15T18:15:00.000Z';
const ASAP_SLOTS = [
  '2026-06-15T16:30:00.000Z',
  '2026-06-15T16:45:00.000Z',
  '2026-06-15T17:00:00.000Z',
  '2026-06-15T17:15:00.000Z',
  '2026-06-15T17:30:00.000Z',
];
/** What any order test waits at most for an answer that must come (a machine under load is slow). */
const ANSWER_MS = 20_000;

const databases = [
  { name: 'PGlite', database: 'pglite' as const },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', database: 'default' as const }] : []),
];

/** The request's answer, or a rejection naming what did not come in time. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

describe.each(databases)("the kitchen's capacity per slot on $name", ({ database }) => {
  const server = ordersTestServer({ database });

  const app = () => server.app;
  const order = (requestedTime: string) =>
    app().inject({
      method: 'POST',
      url: '/api/orders/guest',
      payload: pickupOrder(server.productId, { requestedTime }),
      headers: { 'idempotency-key': randomUUID() },
    });

  async function ordersPerSlot(): Promise<Record<string, number>> {
    const rows = await app()
      .database.db.select({ slot: orders.slotStart, taken: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.storeId, 13))
      .groupBy(orders.slotStart);
    return Object.fromEntries(rows.map((row) => [row.slot.toISOString(), Number(row.taken)]));
  }

  /** What `slot_counts` says of each slot with active orders: its rows summed. */
  async function slotCountsSay(): Promise<Record<string, number>> {
    const rows = await app()
      .database.db.select({ slot: slotCounts.slotStart, taken: sql<number>`sum(${slotCounts.taken})::int` })
      .from(slotCounts)
      .where(eq(slotCounts.storeId, 13))
      .groupBy(slotCounts.slotStart);
    return Object.fromEntries(
      rows.filter((row) => Number(row.taken) !== 0).map((row) => [row.slot.toISOString(), Number(row.taken)]),
    );
  }

  /** The active orders per slot, counted in `orders` itself. */
  async function activePerSlot(): Promise<Record<string, number>> {
    const rows = await app()
      .database.db.select({ slot: orders.slotStart, taken: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.storeId, 13), inArray(orders.status, ACTIVE_STATUSES)))
      .groupBy(orders.slotStart);
    return Object.fromEntries(rows.map((row) => [row.slot.toISOString(), Number(row.taken)]));
  }

  /** What `slot_counts` says of each slot's unanswered guest orders: its rows summed. */
  async function guestCountsSay(): Promise<Record<string, number>> {
    const rows = await app()
      .database.db.select({ slot: slotCounts.slotStart, guests: sql<number>`sum(${slotCounts.guestsWaiting})::int` })
      .from(slotCounts)
      .where(eq(slotCounts.storeId, 13))
      .groupBy(slotCounts.slotStart);
    return Object.fromEntries(
      rows.filter((row) => Number(row.guests) !== 0).map((row) => [row.slot.toISOString(), Number(row.guests)]),
    );
  }

  /** The guest orders staff have not answered per slot, counted in `orders` itself. */
  async function unansweredGuestsPerSlot(): Promise<Record<string, number>> {
    const rows = await app()
      .database.db.select({ slot: orders.slotStart, guests: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.storeId, 13), isNull(orders.userId), inArray(orders.status, ['pending_payment', 'waiting'])))
      .groupBy(orders.slotStart);
    return Object.fromEntries(rows.map((row) => [row.slot.toISOString(), Number(row.guests)]));
  }

  beforeEach(async () => {
    app().orders.clock = { now: () => MONDAY_EVENING };
    app().storeStatus.clock = { now: () => MONDAY_EVENING };
    const db = app().database.db;
    await db.delete(orders);
    await db
      .update(stores)
      .set({ ordersPerSlot: 6, orderingPaused: false, orderingPausedUntil: null })
      .where(eq(stores.id, 13));
  });

  // The orders' triggers keep slot_counts as counting the orders would say, whatever a test did.
  afterEach(async () => {
    expect(await slotCountsSay()).toEqual(await activePerSlot());
    expect(await guestCountsSay()).toEqual(await unansweredGuestsPerSlot());
  });

  it('keeps slot_counts through status changes, moves, deletions and a truncate, as counting the orders says', async () => {
    await app().database.db.update(stores).set({ ordersPerSlot: 24 }).where(eq(stores.id, 13));
    const placed = await Promise.all([
      ...Array.from({ length: 10 }, () => order('asap')),
      order(SLOT_A),
      order(SLOT_B),
    ]);
    expect(placed.map((response) => response.statusCode)).toEqual(Array<number>(12).fill(201));
    const ids = placed.map((response) => orderSchema.parse(response.json()).id);
    expect(await slotCountsSay()).toEqual({ [ASAP_SLOTS[0] ?? '']: 10, [SLOT_A]: 1, [SLOT_B]: 1 });

    const db = app().database.db;
    const [first = 0, second = 0, third = 0, fourth = 0, fifth = 0] = ids;
    const setStatus = (id: number, status: (typeof orders.$inferSelect)['status']) =>
      db.update(orders).set({ status }).where(eq(orders.id, id));
    // Active to active counts the same; out of the active ones, one less; back in, one more.
    await setStatus(first, 'accepted');
    await setStatus(second, 'rejected');
    await setStatus(third, 'accepted');
    await setStatus(third, 'ready');
    await setStatus(second, 'waiting');
    expect(await slotCountsSay()).toEqual({ [ASAP_SLOTS[0] ?? '']: 9, [SLOT_A]: 1, [SLOT_B]: 1 });
    // Answered by staff (the first and third): no longer guest orders waiting; the second waits again.
    expect(await guestCountsSay()).toEqual({ [ASAP_SLOTS[0] ?? '']: 8, [SLOT_A]: 1, [SLOT_B]: 1 });
    expect(await guestCountsSay()).toEqual(await unansweredGuestsPerSlot());
    // Several orders in one statement, out of one slot and into another.
    await db
      .update(orders)
      .set({ slotStart: new Date(SLOT_A) })
      .where(inArray(orders.id, [fourth, fifth]));
    await db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(inArray(orders.id, [first, second]));
    expect(await slotCountsSay()).toEqual({ [ASAP_SLOTS[0] ?? '']: 5, [SLOT_A]: 3, [SLOT_B]: 1 });
    await db.delete(orders).where(inArray(orders.id, [fourth, ids.at(-1) ?? 0]));
    expect(await slotCountsSay()).toEqual({ [ASAP_SLOTS[0] ?? '']: 5, [SLOT_A]: 2 });
    expect(await slotCountsSay()).toEqual(await activePerSlot());

    await db.execute(sql`truncate orders cascade`);
    expect(await slotCountsSay()).toEqual({});
  });

  it('takes exactly 6 of 30 orders at once for one slot, and refuses the other 24 with slot_full', async () => {
    const responses = await Promise.all(Array.from({ length: 30 }, () => order(SLOT_A)));
    const created = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(created).toHaveLength(6);
    expect(refused).toHaveLength(24);
    for (const response of refused) expect(response.json()).toMatchObject({ code: 'slot_full' });
    for (const response of created) expect(orderSchema.parse(response.json()).promised_at).toBe(SLOT_A);
    expect(await ordersPerSlot()).toEqual({ [SLOT_A]: 6 });
  });

  it('fills the ASAP slots one after another, exactly, when 30 orders come at once', async () => {
    const responses = await Promise.all(Array.from({ length: 30 }, () => order('asap')));
    expect(responses.map((response) => response.statusCode)).toEqual(Array<number>(30).fill(201));
    expect(await ordersPerSlot()).toEqual(Object.fromEntries(ASAP_SLOTS.map((slot) => [slot, 6])));
  });

  it('fills roomy ASAP slots exactly too, when orders share a slot in lanes while it has room for them all', async () => {
    // 24 places: the first orders of a slot take lanes (SLOT_LANES, 8) side by side; near the end they
    // take the slot's lock alone.
    await app().database.db.update(stores).set({ ordersPerSlot: 24 }).where(eq(stores.id, 13));
    const responses = await Promise.all(Array.from({ length: 60 }, () => order('asap')));
    expect(responses.map((response) => response.statusCode)).toEqual(Array<number>(60).fill(201));
    expect(await ordersPerSlot()).toEqual({
      [ASAP_SLOTS[0] ?? '']: 24,
      [ASAP_SLOTS[1] ?? '']: 24,
      [ASAP_SLOTS[2] ?? '']: 12,
    });
  });

  it('refuses ASAP with store_closed once a pause is committed, even before this instance hears of it', async () => {
    // Staff's pause as another instance writes it: this instance's status still says open.
    expect((await app().storeStatus.availability(13))?.pause.paused).toBe(false);
    await app().database.db.update(stores).set({ orderingPaused: true }).where(eq(stores.id, 13));
    const paused = await order('asap');
    expect(paused.statusCode).toBe(422);
    expect(paused.json()).toMatchObject({ code: 'store_closed' });

    // And the other way round: resumed in the database while this instance still remembers the pause.
    await app().storeStatus.changed(13);
    expect((await app().storeStatus.availability(13))?.pause.paused).toBe(true);
    await app().database.db.update(stores).set({ orderingPaused: false }).where(eq(stores.id, 13));
    expect((await order('asap')).statusCode).toBe(201);
    await app().storeStatus.changed(13);
  });

  it.skipIf(database === 'pglite')(
    'lets an order for one slot through while another order holds a different slot, and queues one for the same slot',
    async () => {
      // Another connection does what an order in flight for slot A holds: slot A's lock and the store row
      // FOR SHARE. PGlite has one connection only, so this is PostgreSQL's test.
      const [{ name } = { name: '' }] = await app()
        .database.db.select({ name: sql<string>`current_database()` })
        .from(stores)
        .where(eq(stores.id, 13));
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${name}`;
      const holder = new pg.Client({ connectionString: url.toString() });
      await holder.connect();
      const slotKeyA = Date.parse(SLOT_A) / 60_000;
      try {
        await holder.query('begin');
        await holder.query('select pg_advisory_xact_lock($1::int4, $2::int4)', [13, slotKeyA]);
        await holder.query('select id from stores where id = 13 for share');

        const other = await within(order(SLOT_B), ANSWER_MS, 'an order for slot B while slot A is held');
        expect(other.statusCode).toBe(201);

        let settled = false;
        const same = order(SLOT_A).finally(() => {
          settled = true;
        });
        // Not a timing: the order for slot A is seen waiting for slot A's lock, and has not answered.
        const waiting = async () => {
          const { rows } = await holder.query<{ waiting: number }>(
            `select count(*)::int as waiting from pg_locks
              where locktype = 'advisory' and not granted and classid = 13 and objid = $1 and objsubid = 2`,
            [slotKeyA],
          );
          return rows[0]?.waiting ?? 0;
        };
        await expect.poll(waiting, { timeout: ANSWER_MS, interval: 20 }).toBe(1);
        expect(settled).toBe(false);

        await holder.query('commit');
        const afterRelease = await within(same, ANSWER_MS, 'the order for slot A after the lock was released');
        expect(afterRelease.statusCode).toBe(201);
        expect(await ordersPerSlot()).toEqual({ [SLOT_A]: 1, [SLOT_B]: 1 });
      } finally {
        await holder.end();
      }
    },
  );
});
