import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiErrorSchema, boardSchema, boardSettingsSchema, type Order } from '@pizzeria/domain';
import { auditLog, orders, stores } from '../../db/schema.ts';
import { createTestUser, pickupOrder, type TestUser } from '../../../test/helper.ts';
import { decide, movePlacedAt, ordersTestServer, placeOrderVia } from './test-orders.ts';

// The orders board's list and its settings.

// Monday 2026-06-15, 18:07 in Berlin (16:07 UTC): the demo store is open.
const NOW = new Date('2026-06-15T16:07:00Z');

const server = ordersTestServer({ clock: NOW, adminName: 'Maria Rossi' });

function placeGuestOrder(): Promise<Order> {
  return placeOrderVia(server.app, pickupOrder(server.productId));
}

async function act(order: Order, step: string, payload: object = {}) {
  const response = await decide(server.app, server.admin, `${order.id}/${step}`, payload);
  expect(response.statusCode, response.body).toBe(200);
}

/** Moves an order's placing time, as if it had been placed then. */
function placedAt(order: Order, at: string) {
  return movePlacedAt(server.app, order.id, at);
}

function boardOf(storeId: number, user: TestUser) {
  return server.app.inject({ method: 'GET', url: `/api/admin/stores/${storeId}/board`, headers: user.headers });
}

async function board() {
  const response = await boardOf(13, server.admin);
  expect(response.statusCode, response.body).toBe(200);
  return boardSchema.parse(response.json());
}

const SETTINGS = {
  auto_pause_enabled: true,
  auto_pause_after_minutes: 3,
  auto_reject_after_minutes: 15,
  chime_louder_after_minutes: 2,
  print_on_accept: false,
};

function putSettings(body: object, user: TestUser = server.admin, language = 'de') {
  return server.app.inject({
    method: 'PUT',
    url: '/api/admin/stores/13/board-settings',
    headers: { ...user.headers, 'accept-language': language },
    payload: body,
  });
}

describe('GET /api/admin/stores/:id/board', () => {
  beforeEach(async () => {
    await server.app.database.db.delete(orders);
  });

  it("holds every open order however old and only today's done ones, oldest first", async () => {
    const oldWaiting = await placeGuestOrder();
    await placedAt(oldWaiting, '2026-06-14T20:00:00Z');
    const inKitchen = await placeGuestOrder();
    await act(inKitchen, 'accept', { eta_minutes: 20 });
    const ready = await placeGuestOrder();
    await act(ready, 'accept', { eta_minutes: 20 });
    await act(ready, 'ready');
    const doneToday = await placeGuestOrder();
    await act(doneToday, 'reject', { reason: 'Zu viel los' });
    // Just after midnight in Berlin (22:00 UTC the day before, summer time): today.
    await placedAt(doneToday, '2026-06-14T22:00:30Z');
    const doneYesterday = await placeGuestOrder();
    await act(doneYesterday, 'accept', { eta_minutes: 20 });
    await act(doneYesterday, 'ready');
    await act(doneYesterday, 'complete');
    // Just before midnight in Berlin: yesterday, so it has left the board.
    await placedAt(doneYesterday, '2026-06-14T21:59:30Z');

    const view = await board();

    expect(view.orders.map((order) => [order.id, order.status])).toEqual([
      [oldWaiting.id, 'waiting'],
      [doneToday.id, 'rejected'],
      [inKitchen.id, 'accepted'],
      [ready.id, 'ready'],
    ]);
    expect(view.now).toBe(NOW.toISOString());
    expect(view.orders.every((order) => order.tracking_token === undefined)).toBe(true);
  });

  it('is only for staff', async () => {
    const customer = await createTestUser(server.app);
    expect((await boardOf(13, customer)).statusCode).toBe(403);
  });

  it('answers 404 for a store that does not exist', async () => {
    expect((await boardOf(999, server.admin)).statusCode).toBe(404);
  });
});

describe('board settings', () => {
  it('are on by default for automatic pauses and round-trip with an audit entry', async () => {
    const current = await server.app.inject({
      method: 'GET',
      url: '/api/admin/stores/13/board-settings',
      headers: server.admin.headers,
    });
    expect(boardSettingsSchema.parse(current.json())).toEqual(SETTINGS);

    const changed = {
      ...SETTINGS,
      auto_reject_after_minutes: 20,
      chime_louder_after_minutes: 5,
      print_on_accept: true,
    };
    const response = await putSettings(changed);
    expect(response.statusCode, response.body).toBe(200);
    expect(boardSettingsSchema.parse(response.json())).toEqual(changed);
    expect((await board()).settings).toEqual(changed);

    const [entry] = await server.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'board_settings'), eq(auditLog.actorUserId, server.admin.id)));
    expect(entry?.before).toEqual(SETTINGS);
    expect(entry?.after).toEqual(changed);
    await putSettings(SETTINGS);
  });

  it('turning automatic pauses off lifts an automatic pause, not a pause staff made', async () => {
    const db = server.app.database.db;
    await db.update(stores).set({ orderingPaused: true, orderingPausedBy: 'auto' }).where(eq(stores.id, 13));
    expect((await putSettings({ ...SETTINGS, auto_pause_enabled: false })).statusCode).toBe(200);
    const [lifted] = await db.select().from(stores).where(eq(stores.id, 13));
    expect(lifted?.orderingPaused).toBe(false);
    expect(lifted?.orderingPausedBy).toBeNull();

    await db.update(stores).set({ orderingPaused: true, orderingPausedBy: 'staff' }).where(eq(stores.id, 13));
    expect((await putSettings({ ...SETTINGS, auto_pause_enabled: false })).statusCode).toBe(200);
    const [kept] = await db.select().from(stores).where(eq(stores.id, 13));
    expect(kept?.orderingPaused).toBe(true);
    await db.update(stores).set({ orderingPaused: false, orderingPausedBy: null }).where(eq(stores.id, 13));
    await putSettings(SETTINGS);
  });

  it('refuses minutes out of range with a 400 in the staff member’s language', async () => {
    const response = await putSettings({ ...SETTINGS, auto_reject_after_minutes: 0 }, server.admin, 'en');
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).message).not.toBe('');
    const missing = await putSettings({ auto_pause_enabled: false });
    expect(missing.statusCode).toBe(400);
  });
});
