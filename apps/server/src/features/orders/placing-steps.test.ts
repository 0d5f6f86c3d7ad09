import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_ORDER_NOTE_LENGTH, orderRequestSchema } from '@pizzeria/domain';
import { MONDAY_EVENING, pickupOrder, pinClock, placePickupOrder } from '../../../test/helper.ts';
import { orders, stores } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Catalogue } from '../catalogue/index.ts';
import type { OrderContact } from './contact.ts';
import { customerReading } from './guest-share.ts';
import { attemptOf, requestedOf } from './placing-attempt.ts';
import { priceStep, termsOf } from './placing-price.ts';
import { claimSlot, type SlotPlan, type SlotQuery } from './placing-slot.ts';
import { ordersTestServer } from './test-orders.ts';
import type { PlaceOrderInput } from './types.ts';

// The steps of placing an order, each on its own; the routes' tests place whole orders.

const server = ordersTestServer({ database: 'pglite', clock: false });
let catalogue: Catalogue;

beforeAll(async () => {
  const loaded = await server.app.catalogue.get(13);
  if (!loaded) throw new Error('no demo catalogue');
  catalogue = loaded;
});

function body(overrides: Record<string, unknown> = {}) {
  return orderRequestSchema.parse({ ...pickupOrder(server.productId), ...overrides });
}

function input(customerId: number | null, overrides: Record<string, unknown> = {}): PlaceOrderInput {
  return { customerId, body: body(overrides), idempotencyKey: 'key-1', language: 'en' };
}

/** The error code a step throws, or null when it does not throw. */
function codeOf(step: () => unknown): string | null {
  try {
    step();
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error.code;
    throw error;
  }
}

describe('the attempt', () => {
  it("keys a guest's and a customer's orders apart, and fingerprints the body", () => {
    const guest = attemptOf(input(null), 100);
    const customer = attemptOf(input(7), 100);
    expect(guest.scope).toBe('guest');
    expect(customer.scope).toBe('user:7');
    expect(customer.requestHash).toBe(guest.requestHash);
    expect(attemptOf(input(null, { note: 'extra cheese' }), 100).requestHash).not.toBe(guest.requestHash);
  });

  it('reads the requested time as ASAP or as an instant', () => {
    expect(requestedOf(input(null))).toBe('asap');
    expect(requestedOf(input(null, { requested_time: '2026-06-15T18:00:00.000Z' }))).toEqual(
      new Date('2026-06-15T18:00:00.000Z'),
    );
  });
});

describe('the terms', () => {
  it('holds an order paid online until it is paid, and refuses PayPal when it is not set up', () => {
    expect(termsOf(body(), false)).toEqual({ paidOnline: false, status: 'waiting', note: null });
    expect(termsOf(body({ payment_method: 'paypal' }), true)).toEqual({
      paidOnline: true,
      status: 'pending_payment',
      note: null,
    });
    expect(codeOf(() => termsOf(body({ payment_method: 'paypal' }), false))).toBe('payment_method_unavailable');
  });

  it('trims the note, drops an empty one and refuses one too long', () => {
    expect(termsOf(body({ note: '  no onions  ' }), false).note).toBe('no onions');
    expect(termsOf(body({ note: '   ' }), false).note).toBeNull();
    const long = 'x'.repeat(MAX_ORDER_NOTE_LENGTH + 1);
    expect(codeOf(() => termsOf(body({ note: `  ${long}  ` }), false))).toBe('note_too_long');
  });
});

describe('the price', () => {
  const area = () => {
    const first = catalogue.postcodes[0];
    if (!first) throw new Error('the demo store delivers nowhere');
    return first;
  };
  const contact = (city: string, postcode: string | null): OrderContact => ({
    postcode,
    address: {
      customerName: 'Gabi Gast',
      phone: '015112345678',
      email: null,
      line1: 'Gneisenaustraße 1',
      line2: null,
      city,
      zip: postcode ?? '',
      country: 'DE',
    },
  });
  const delivery = (quantity: number) =>
    body({
      order_type: 'delivery',
      items: [{ product_id: server.productId, quantity, extras: [] }],
    });

  it('fills in the town from the delivery area when the form did not ask, and keeps a typed one', () => {
    const { postcode, city } = area();
    const untyped = contact('  ', postcode);
    const filled = priceStep(catalogue, delivery(10), untyped);
    expect(filled.contact.address.city).toBe(city);
    expect(untyped.address.city).toBe('  ');
    expect(filled.priced.postcode?.postcode).toBe(postcode);
    expect(priceStep(catalogue, delivery(10), contact('Kreuzberg', postcode)).contact.address.city).toBe('Kreuzberg');
  });

  it("answers a pricing refusal with the order's error code", () => {
    expect(codeOf(() => priceStep(catalogue, delivery(10), contact('Berlin', '99999')))).toBe('postcode_not_delivered');
    const unknown = body({ items: [{ product_id: 999_999, quantity: 1, extras: [] }] });
    expect(codeOf(() => priceStep(catalogue, unknown, contact('Berlin', null)))).toBe('unknown_product');
  });
});

describe('the slot claimed in the transaction', () => {
  // The demo store's ASAP slots for a pickup at MONDAY_EVENING (20 minutes of preparation).
  const FIRST = new Date('2026-06-15T16:30:00.000Z');
  const SECOND = new Date('2026-06-15T16:45:00.000Z');
  const seen = { preparationMinutes: 20, pause: { paused: false, until: null }, closures: [] };
  const query = (requested: SlotQuery['requested']): SlotQuery => ({
    storeId: 13,
    catalogue,
    orderType: 'pickup',
    deliveryMinutes: 0,
    requested,
    reading: customerReading,
  });
  const claim = (slot: SlotQuery, plan: Partial<SlotPlan>) =>
    server.app.database.db.transaction((tx) =>
      claimSlot(tx, slot, { now: MONDAY_EVENING, candidate: FIRST, takenBefore: new Map(), seen, ...plan }),
    );

  beforeEach(async () => {
    pinClock(server.app);
    const db = server.app.database.db;
    await db.delete(orders);
    await db
      .update(stores)
      .set({ ordersPerSlot: 1, preparationMinutes: 20, orderingPaused: false })
      .where(eq(stores.id, 13));
  });

  it('keeps the planned slot when the store is as the plan saw it and the slot has room', async () => {
    expect(await claim(query('asap'), {})).toEqual(FIRST);
  });

  it('plans again when the settings changed since the plan', async () => {
    const early = new Date('2026-06-15T16:15:00.000Z');
    expect(await claim(query('asap'), { candidate: early, seen: { ...seen, preparationMinutes: 5 } })).toEqual(FIRST);
  });

  it('moves an ASAP order on when its slot filled up while it waited, and refuses a full requested time', async () => {
    await placePickupOrder(server.app, server.productId);
    // The plan saw the first slot free: the transaction finds it full and takes the next one.
    expect(await claim(query('asap'), { takenBefore: new Map([[FIRST.getTime(), 0]]) })).toEqual(SECOND);
    await expect(claim(query(FIRST), {})).rejects.toMatchObject({ code: 'slot_full' });
  });
});
