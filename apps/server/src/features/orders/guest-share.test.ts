import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { guestRushSchema, orderSchema, timeSlotsSchema, type Order } from '@pizzeria/domain';
import { orders, stores } from '../../db/schema.ts';
import { customerReading, guestPlaces, guestReading } from './guest-share.ts';
import { createTestUser, pickupOrder, pinClock } from '../../../test/helper.ts';
import { acceptFor, ordersTestServer, postOrder } from './test-orders.ts';

describe('the guests’ share of a slot', () => {
  it('gives guests at least one place, and half of six places is three', () => {
    expect(guestPlaces(6, 50)).toBe(3);
    expect(guestPlaces(1, 50)).toBe(1);
    expect(guestPlaces(7, 50)).toBe(3);
    expect(guestPlaces(6, 100)).toBe(6);
  });

  it('reads a slot as full for a guest once the guests hold their places, and as it is for a customer', () => {
    const guest = guestReading(50);
    expect(guest(3, 3, 6)).toBe(6);
    expect(guest(2, 2, 6)).toBe(5);
    expect(guest(5, 0, 6)).toBe(5);
    expect(customerReading(3, 3, 6)).toBe(3);
    // A share of 100 bounds nothing.
    expect(guestReading(100)(4, 4, 6)).toBe(4);
  });
});

// Friday 2026-06-19, 18:00 in Berlin; the store is open around the clock (SEED_OPENING_HOURS=always), so the
// day's last slot starts at 23:45, 24 quarter hours on. A pickup is ready after 20 minutes at the soonest.
const FRIDAY_EVENING = new Date('2026-06-19T16:00:00Z');
const CAPACITY = 6;
const GUEST_PLACES = 3;

const databases = [
  { name: 'PGlite', database: 'pglite' as const },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', database: 'default' as const }] : []),
];

let addressCounter = 0;
/** A client address of its own (the server trusts 127.0.0.1 to forward it). */
function freshAddress(): string {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

describe.each(databases)('strangers’ orders on $name', ({ database }) => {
  const server = ordersTestServer({
    env: {
      SEED_OPENING_HOURS: 'always',
      TRUST_PROXY: '127.0.0.1',
      GUEST_ORDERS_SHARE_OF_SLOT_PERCENT: '50',
      ORDERS_PER_HOUR_PER_ADDRESS: '20',
      ORDERS_PER_HOUR_PER_CUSTOMER: '5',
    },
    database,
    clock: FRIDAY_EVENING,
  });
  const app = () => server.app;

  /** A guest's cash pickup from `ip`, with a phone number and e-mail of its own (`n`). */
  function guestOrder(ip: string, n: number, requestedTime = 'asap') {
    const order = pickupOrder(server.productId, { requestedTime });
    const payload = {
      ...order,
      address: {
        ...(order.address as Record<string, unknown>),
        phone: `01511${String(n).padStart(7, '0')}`,
        email: `guest-${n}@example.com`,
      },
    };
    return postOrder(app(), payload, { headers: { 'x-forwarded-for': ip } });
  }

  async function accept(order: Order) {
    await acceptFor(app(), server.admin, order.id, 20);
  }

  /** Per slot start: its active orders, and of them the guest orders nobody answered yet. */
  async function slots(): Promise<Map<string, { taken: number; guests: number }>> {
    const rows = await app()
      .database.db.select({
        slot: orders.slotStart,
        taken: sql<number>`count(*)::int`,
        guests: sql<number>`(count(*) filter (where ${orders.userId} is null and ${orders.status} in ('pending_payment', 'waiting')))::int`,
      })
      .from(orders)
      .where(and(eq(orders.storeId, 13), inArray(orders.status, ['pending_payment', 'waiting', 'accepted'])))
      .groupBy(orders.slotStart);
    return new Map(
      rows.map((row) => [row.slot.toISOString(), { taken: Number(row.taken), guests: Number(row.guests) }]),
    );
  }

  /** Today's slot starts from the first one a pickup placed now can have. */
  function todaysSlots(): string[] {
    const first = FRIDAY_EVENING.getTime() + 30 * 60_000;
    return Array.from({ length: 24 - 2 }, (_, index) => new Date(first + index * 15 * 60_000).toISOString());
  }

  beforeEach(async () => {
    pinClock(app(), FRIDAY_EVENING);
    await app().database.db.delete(orders);
    await app().database.db.update(stores).set({ ordersPerSlot: CAPACITY }).where(eq(stores.id, 13));
  });

  it('lets 600 orders from 30 addresses hold no slot of the day, only the guests’ share of each', async () => {
    const day = todaysSlots();
    const rush = async () =>
      guestRushSchema.parse(
        (await app().inject({ url: '/api/admin/stores/13/guest-rush', headers: server.admin.headers })).json(),
      );
    expect(await rush()).toEqual({ active: false, waiting_guest_orders: 0, slots_full_for_guests: 0, guest_places: 3 });
    const addresses = Array.from({ length: 30 }, freshAddress);
    const statuses: number[] = [];
    let n = 0;
    // Twenty rounds, each with one order from every address at once: ASAP, or a time of the day.
    for (let round = 0; round < 20; round += 1) {
      const answers = await Promise.all(
        addresses.map((ip, index) => {
          n += 1;
          const pick = (round * 30 + index) % (day.length + 1);
          return guestOrder(ip, n, pick === day.length ? 'asap' : day[pick]);
        }),
      );
      statuses.push(...answers.map((answer) => answer.statusCode));
    }

    const held = await slots();
    const full = day.filter((slot) => (held.get(slot)?.taken ?? 0) >= CAPACITY).length;
    const mostGuests = Math.max(...[...held.values()].map((slot) => slot.guests));
    const placed = statuses.filter((status) => status === 201).length;
    console.info(
      `${database}: 600 guest orders from 30 addresses: ${placed} placed, ${statuses.filter((s) => s === 409).length} slot full, ` +
        `${statuses.filter((s) => s === 429).length} over the limits; slots held full: ${full} of ${day.length}; ` +
        `most guest orders in one slot: ${mostGuests} of ${CAPACITY}`,
    );
    expect(statuses.every((status) => [201, 409, 429].includes(status))).toBe(true);
    expect(full).toBe(0);
    expect(mostGuests).toBe(GUEST_PLACES);
    // The board tells staff, who can pause with one tap.
    expect(await rush()).toMatchObject({ active: true, waiting_guest_orders: placed });
    expect((await rush()).slots_full_for_guests).toBeGreaterThanOrEqual(day.length);
    // What is left of the first slot is the customers' who sign in, and staff's once they answer.
    const customer = await createTestUser(app());
    const signedIn = await app().inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { 'idempotency-key': randomUUID(), 'x-forwarded-for': freshAddress(), ...customer.headers },
      payload: pickupOrder(server.productId, { guest: false }),
    });
    expect(signedIn.statusCode).toBe(201);
    expect(orderSchema.parse(signedIn.json()).promised_at).toBe(day[0]);
  });

  it('lets a Friday rush of 60 guests from 60 addresses in 15 minutes through, with staff answering', async () => {
    const placed: Order[] = [];
    const refused: string[] = [];
    const start = FRIDAY_EVENING.getTime();
    for (let index = 0; index < 60; index += 1) {
      const at = start + index * 15_000;
      pinClock(app(), new Date(at));
      // The kitchen answers each order about two minutes after it came in.
      for (const order of placed) {
        if (order.status === 'waiting' && Date.parse(order.created_at) <= at - 120_000) {
          await accept(order);
          order.status = 'accepted';
        }
      }
      const answer = await guestOrder(freshAddress(), 10_000 + index);
      if (answer.statusCode === 201) placed.push(orderSchema.parse(answer.json()));
      else refused.push(answer.body);
    }
    expect(refused).toEqual([]);
    expect(placed).toHaveLength(60);
    // The kitchen's capacity alone puts 60 orders into ten slots; unanswered guests hold at most three places.
    const perSlot = await slots();
    expect([...perSlot.values()].every((slot) => slot.taken <= CAPACITY && slot.guests <= GUEST_PLACES)).toBe(true);
  });

  it('turns a guest away from a slot whose guest places are held, but not a signed-in customer', async () => {
    const slot = todaysSlots()[4] ?? '';
    const guests: Order[] = [];
    for (let n = 0; n < GUEST_PLACES; n += 1) {
      const answer = await guestOrder(freshAddress(), 20_000 + n, slot);
      expect(answer.statusCode).toBe(201);
      guests.push(orderSchema.parse(answer.json()));
    }
    const turnedAway = await guestOrder(freshAddress(), 20_100, slot);
    expect(turnedAway.statusCode).toBe(409);
    expect(turnedAway.json()).toMatchObject({ code: 'slot_full' });

    // The checkout offers a guest the slot no more, a signed-in customer still.
    const customer = await createTestUser(app());
    const offered = async (headers: Record<string, string> = {}) =>
      timeSlotsSchema
        .parse((await app().inject({ url: '/api/stores/13/slots?order_type=pickup', headers })).json())
        .slots.map((free) => free.time);
    expect(await offered()).not.toContain(slot);
    expect(await offered(customer.headers)).toContain(slot);
    const signedIn = await app().inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { 'idempotency-key': randomUUID(), ...customer.headers },
      payload: pickupOrder(server.productId, { guest: false, requestedTime: slot }),
    });
    expect(signedIn.statusCode).toBe(201);

    // Once staff answer one of them, a guest may have its place.
    await accept(guests[0] as Order);
    expect((await guestOrder(freshAddress(), 20_101, slot)).statusCode).toBe(201);
  });

  it('moves a guest’s ASAP order to the next slot with a guest place, exactly, when 20 come at once', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => guestOrder(freshAddress(), 30_000 + n)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array<number>(20).fill(201));
    const perSlot = await slots();
    const day = todaysSlots();
    // Three guests in each of the first six slots, the last two in the seventh.
    expect(day.slice(0, 7).map((slot) => perSlot.get(slot)?.guests ?? 0)).toEqual([3, 3, 3, 3, 3, 3, 2]);
    const unanswered = await app()
      .database.db.select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(isNull(orders.userId), eq(orders.status, 'waiting')));
    expect(Number(unanswered[0]?.n)).toBe(20);
  });
});
