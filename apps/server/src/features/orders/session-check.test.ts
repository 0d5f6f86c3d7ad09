import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '@pizzeria/domain';
import { users } from '../../db/schema.ts';
import { createTestUser, placePickupOrder, type TestUser } from '../../../test/helper.ts';
import type { TestSocket } from '../../../test/ws-client.ts';
import { ordersTestServer } from './test-orders.ts';
import { SESSION_CHECK_MS } from './channels.ts';

// A socket whose session ended (password reset, a device signed out) is closed within a
// minute, even when no order changes and so no message would have checked it again.

// Only intervals are the test's to move: the server's session check is one. Faked before the server is
// built, and real again after it is closed.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterAll(() => {
  vi.useRealTimers();
});
const server = ordersTestServer({ env: { SEED_OPENING_HOURS: 'always' }, sockets: true });

function placeOrder(headers?: Record<string, string>): Promise<Order> {
  return placePickupOrder(server.app, server.productId, headers);
}

async function follow(path: string, auth: Record<string, string | undefined>): Promise<TestSocket> {
  const socket = await server.sockets.to(path);
  socket.send({ type: 'auth', ...auth });
  await socket.next();
  return socket;
}

/** What a password reset or signing out everywhere does: every token issued before names nobody. */
async function endSessions(user: TestUser): Promise<void> {
  await server.app.database.db.update(users).set({ sessionVersion: 7 }).where(eq(users.id, user.id));
}

describe('sockets of an ended session', () => {
  it('are closed at the next session check, with nothing else happening; the others stay', async () => {
    const owner = await createTestUser(server.app, { name: 'Olga Owner' });
    const keeper = await createTestUser(server.app, { name: 'Kai Keeper' });
    const staffer = await createTestUser(server.app, { role: 'admin' });
    const ownersOrder = await placeOrder(owner.headers);
    const keepersOrder = await placeOrder(keeper.headers);
    const guestsOrder = await placeOrder();

    const ownerSocket = await follow(`/api/ws/orders/${ownersOrder.id}`, { access_token: owner.token });
    const board = await follow('/api/ws/admin/orders', { access_token: staffer.token });
    const keeperSocket = await follow(`/api/ws/orders/${keepersOrder.id}`, { access_token: keeper.token });
    const guestSocket = await follow(`/api/ws/orders/${guestsOrder.id}`, {
      tracking_token: guestsOrder.tracking_token,
    });

    await endSessions(owner);
    await endSessions(staffer);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_MS);

    expect(await ownerSocket.next()).toMatchObject({ type: 'error', code: 'unauthorized' });
    expect((await ownerSocket.closed).code).toBe(4401);
    expect(await board.next((message) => (message as { type?: string }).type === 'error')).toMatchObject({
      code: 'unauthorized',
    });
    expect((await board.closed).code).toBe(4401);

    // A session that goes on, and a guest's tracking token, keep their sockets.
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_MS);
    const still = await Promise.race([
      Promise.race([keeperSocket.closed, guestSocket.closed]).then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('open'), 300)),
    ]);
    expect(still).toBe('open');
    expect(SESSION_CHECK_MS).toBeLessThanOrEqual(60_000);
  });
});
