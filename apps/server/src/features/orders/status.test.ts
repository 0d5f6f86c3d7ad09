import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderEvents, orders } from '../../db/schema.ts';
import { placePickupOrder } from '../../../test/helper.ts';
import { changeStatus, type OrderActor } from './status.ts';
import { ordersTestServer } from './test-orders.ts';

const server = ordersTestServer();

describe('changeStatus', () => {
  it('moves an order only where the transition table allows, with its event and actor in one go', async () => {
    const db = server.app.database.db;
    const { id } = await placePickupOrder(server.app, server.productId);
    const at = new Date('2026-06-15T16:10:00Z');
    const actor = { kind: 'system' as const, userId: null };

    // A waiting order may not be completed: nothing changes, no event is written.
    const skipped = await db.transaction((tx) =>
      changeStatus(tx, {
        to: 'completed',
        which: eq(orders.id, id),
        actor,
        at,
        note: 'too early',
      }),
    );
    expect(skipped).toEqual([]);

    const [rejected] = await db.transaction((tx) =>
      changeStatus(tx, {
        to: 'rejected',
        which: eq(orders.id, id),
        actor,
        at,
        patch: { rejectionReason: 'Küche zu' },
        note: (row) => `abgelehnt: ${row.rejectionReason}`,
      }),
    );
    expect(rejected).toMatchObject({
      id,
      status: 'rejected',
      rejectionReason: 'Küche zu',
    });
    const events = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, id), eq(orderEvents.status, 'rejected')));
    expect(events).toMatchObject([
      {
        actorKind: 'system',
        actorUserId: null,
        note: 'abgelehnt: Küche zu',
        createdAt: at,
      },
    ]);

    // Rejected is final: a second change finds nothing to move.
    const again = await db.transaction((tx) =>
      changeStatus(tx, { to: 'accepted', which: eq(orders.id, id), actor, at }),
    );
    expect(again).toEqual([]);
  });

  it('takes only the steps of who acts: staff never cancel a waiting order, a customer never accepts one', async () => {
    const db = server.app.database.db;
    const { id } = await placePickupOrder(server.app, server.productId);
    const at = new Date('2026-06-15T16:10:00Z');
    const move = (to: 'cancelled' | 'accepted', actor: OrderActor) =>
      db.transaction((tx) => changeStatus(tx, { to, which: eq(orders.id, id), actor, at }));

    expect(await move('cancelled', { kind: 'staff', userId: server.admin.id })).toEqual([]);
    expect(await move('cancelled', { kind: 'system', userId: null })).toEqual([]);
    expect(await move('accepted', { kind: 'guest', userId: null })).toEqual([]);
    expect(await move('cancelled', { kind: 'guest', userId: null })).toMatchObject([{ id, status: 'cancelled' }]);
  });
});
