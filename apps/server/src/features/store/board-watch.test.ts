import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestServer, createTestUser, type TestServer, type TestUser } from '../../../test/helper.ts';
import { openSocket, wsBase, type TestSocket } from '../../../test/ws-client.ts';
import { auditLog, storeClosures, stores } from '../../db/schema.ts';

// Online orders pause by themselves while no staff board is connected during opening hours,
// and resume when one connects. The demo store 13 is open on Mondays 11:30–14:30 and 17:00–22:30 (Berlin).

/** Monday 2026-06-15, 18:07 in Berlin (UTC+2): the store is open. The instance starts watching then. */
const STARTED = new Date('2026-06-15T16:07:00Z');
const minutes = (count: number, from = STARTED) => new Date(from.getTime() + count * 60_000);
/** Well past the instance's own grace period, still in the evening slot. */
const LATER = minutes(30);

let server: TestServer;
let base: string;
let admin: TestUser;
let time = STARTED;
const sockets: TestSocket[] = [];
const boards: TestSocket[] = [];

function app() {
  return server.app;
}

async function storeRow() {
  const [row] = await app()
    .database.db.select({
      paused: stores.orderingPaused,
      until: stores.orderingPausedUntil,
      by: stores.orderingPausedBy,
      seenAt: stores.boardSeenAt,
    })
    .from(stores)
    .where(eq(stores.id, 13));
  return row;
}

async function auditEntries() {
  return app()
    .database.db.select({
      storeId: auditLog.storeId,
      actorKind: auditLog.actorKind,
      actorUserId: auditLog.actorUserId,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .orderBy(auditLog.id);
}

async function setStore(values: Partial<typeof stores.$inferInsert>) {
  await app().database.db.update(stores).set(values).where(eq(stores.id, 13));
  await app().storeStatus.changed(13);
}

/** A staff board on this instance, signed in and told `ready`. */
async function openBoard(): Promise<TestSocket> {
  const board = await openSocket(`${base}/api/ws/admin/orders`);
  sockets.push(board);
  boards.push(board);
  board.send({ type: 'auth', access_token: admin.token });
  expect(await board.next()).toEqual({ type: 'ready' });
  return board;
}

const NOT_PAUSED = { ordering_paused: false, ordering_paused_until: null, ordering_paused_by: null };
const AUTO_PAUSED = { ordering_paused: true, ordering_paused_until: null, ordering_paused_by: 'auto' };

beforeAll(async () => {
  server = await buildTestServer();
  base = await wsBase(app());
  admin = await createTestUser(app(), { role: 'admin' });
  app().storeStatus.clock = { now: () => time };
  app().orders.clock = { now: () => time };
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.close();
});

/** Closes the boards still open and waits until their leaving is recorded, so it cannot land later. */
async function closeBoards(): Promise<void> {
  for (const socket of sockets.splice(0)) socket.close();
  if (boards.length === 0) return;
  boards.length = 0;
  time = new Date(time.getTime() + 1_000);
  const left = time;
  await vi.waitFor(async () => expect((await storeRow())?.seenAt).toEqual(left));
}

beforeEach(async () => {
  await closeBoards();
  expect(app().boardWatch.boards).toBe(0);
  await app().database.db.delete(storeClosures);
  await setStore({
    orderingPaused: false,
    orderingPausedUntil: null,
    orderingPausedBy: null,
    boardSeenAt: null,
    autoPauseEnabled: true,
    autoPauseAfterMinutes: 3,
  });
  await app().database.db.delete(auditLog);
});

describe('the board watch', () => {
  // First in this file: the instance starts watching at its first check.
  it('gives a freshly started server the setting’s minutes before it pauses, though no board was ever seen', async () => {
    time = STARTED;
    expect(await app().boardWatch.check()).toEqual([]);
    time = minutes(2);
    expect(await app().boardWatch.check()).toEqual([]);
    time = minutes(3);
    expect(await app().boardWatch.check()).toEqual([13]);
  });

  it('pauses once when no board has been connected for longer than the setting, and records it', async () => {
    time = LATER;
    await setStore({ boardSeenAt: minutes(-4, LATER) });
    expect(await app().boardWatch.check()).toEqual([13]);
    expect(await app().boardWatch.check()).toEqual([]);

    expect(await storeRow()).toMatchObject({ paused: true, until: null, by: 'auto' });
    expect(await auditEntries()).toEqual([
      {
        storeId: 13,
        actorKind: 'system',
        actorUserId: null,
        entity: 'store',
        entityId: '13',
        action: 'auto_pause',
        before: NOT_PAUSED,
        after: AUTO_PAUSED,
      },
    ]);
  });

  it('tells the shop that the pause is automatic', async () => {
    time = LATER;
    const status = await openSocket(`${base}/api/ws/store/13/status`);
    sockets.push(status);
    expect(await status.next()).toMatchObject({ is_open: true });

    await app().boardWatch.check();
    expect(await status.next()).toMatchObject({ is_open: false, pause: { paused: true, until: null, reason: 'auto' } });
  });

  it('does not pause while a board was seen within the setting', async () => {
    time = LATER;
    await setStore({ boardSeenAt: minutes(-2, LATER) });
    expect(await app().boardWatch.check()).toEqual([]);
    await setStore({ autoPauseAfterMinutes: 1 });
    expect(await app().boardWatch.check()).toEqual([13]);
  });

  it('resumes at once when a board connects, and records the resume', async () => {
    time = LATER;
    await app().boardWatch.check();
    expect((await storeRow())?.by).toBe('auto');

    time = minutes(1, LATER);
    await openBoard();
    expect(await storeRow()).toEqual({ paused: false, until: null, by: null, seenAt: time });
    expect(await app().storeStatus.message(13)).toMatchObject({ is_open: true });
    expect((await auditEntries()).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['auto_pause', NOT_PAUSED, AUTO_PAUSED],
      ['auto_resume', AUTO_PAUSED, NOT_PAUSED],
    ]);
  });

  it('never lifts a pause staff made, nor replaces it', async () => {
    time = LATER;
    const paused = await app().inject({
      method: 'PUT',
      url: '/api/admin/stores/13/pause',
      headers: admin.headers,
      payload: { paused: true },
    });
    expect(paused.statusCode).toBe(200);
    expect(await app().boardWatch.check()).toEqual([]);
    await openBoard();
    expect(await storeRow()).toMatchObject({ paused: true, by: 'staff' });
    expect(await app().storeStatus.message(13)).toMatchObject({
      pause: { paused: true, until: null, reason: 'staff' },
    });
    // Staff's own pause is in the log; the watch added nothing to it.
    expect((await auditEntries()).map((entry) => [entry.actorKind, entry.action])).toEqual([['staff', 'pause']]);
  });

  it('keeps the store open while a board stays connected, and counts the minutes from when it left', async () => {
    time = LATER;
    const board = await openBoard();
    time = minutes(10, LATER);
    expect(await app().boardWatch.check()).toEqual([]);
    expect((await storeRow())?.seenAt).toEqual(time);

    time = minutes(12, LATER);
    board.close();
    boards.length = 0;
    await vi.waitFor(async () => expect((await storeRow())?.seenAt).toEqual(minutes(12, LATER)));
    expect(app().boardWatch.boards).toBe(0);
    time = minutes(14, LATER);
    expect(await app().boardWatch.check()).toEqual([]);
    time = minutes(16, LATER);
    expect(await app().boardWatch.check()).toEqual([13]);
  });

  it('pauses nothing outside the opening hours or on a closure day', async () => {
    time = new Date('2026-06-15T21:00:00Z'); // 23:00 in Berlin, after the evening slot
    expect(await app().boardWatch.check()).toEqual([]);
    time = LATER;
    await app().database.db.insert(storeClosures).values({ storeId: 13, startsOn: '2026-06-15', endsOn: '2026-06-15' });
    await app().storeStatus.changed(13);
    expect(await app().boardWatch.check()).toEqual([]);
    expect(await auditEntries()).toEqual([]);
  });

  it('pauses nothing when staff turned automatic pauses off', async () => {
    time = LATER;
    await setStore({ autoPauseEnabled: false });
    expect(await app().boardWatch.check()).toEqual([]);
    expect((await storeRow())?.paused).toBe(false);
  });

  it('replaces a staff pause whose end has passed', async () => {
    time = LATER;
    const ended = minutes(-1, LATER);
    await setStore({ orderingPaused: true, orderingPausedUntil: ended, orderingPausedBy: 'staff' });
    expect(await app().boardWatch.check()).toEqual([13]);
    expect((await auditEntries())[0]?.before).toEqual({
      ordering_paused: true,
      ordering_paused_until: ended.toISOString(),
      ordering_paused_by: 'staff',
    });
  });
});
