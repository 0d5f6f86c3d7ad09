import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeStatusMessageSchema } from '@pizzeria/domain';
import { auditLog, stores } from '../../db/schema.ts';
import { createTestUser, startInstance, type TestUser } from '../../../test/helper.ts';
import { createFreshDatabase, type FreshDatabase } from '../../../test/fresh-database.ts';
import { openSocket, wsBase, type TestSocket } from '../../../test/ws-client.ts';

// Automatic pauses with two instances on one PostgreSQL and one Redis: a store pauses once however many
// instances check, and a board on either keeps every instance from pausing.

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
/** Monday 2026-06-15, 18:07 in Berlin: the demo store is open. Both instances start watching then. */
const STARTED = new Date('2026-06-15T16:07:00Z');
const minutes = (count: number) => new Date(STARTED.getTime() + count * 60_000);

describe.skipIf(!adminUrl || !redisUrl)('the board watch on two instances', () => {
  let database: FreshDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: TestUser;
  let time = STARTED;
  const sockets: TestSocket[] = [];

  async function open(instance: FastifyInstance, path: string): Promise<TestSocket> {
    const socket = await openSocket(`${await wsBase(instance)}${path}`);
    sockets.push(socket);
    return socket;
  }

  async function actions() {
    const rows = await a.database.db.select({ action: auditLog.action }).from(auditLog).orderBy(auditLog.id);
    return rows.map((row) => row.action);
  }

  beforeAll(async () => {
    database = await createFreshDatabase(adminUrl ?? '');
    [a, b] = await Promise.all([
      startInstance(database.url(), redisUrl ?? '', () => time),
      startInstance(database.url(), redisUrl ?? '', () => time),
    ]);
    admin = await createTestUser(a, { role: 'admin' });
    // Both start watching now; nobody pauses within the setting's minutes after a start.
    expect(await Promise.all([a.boardWatch.check(), b.boardWatch.check()])).toEqual([[], []]);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.allSettled([a?.close(), b?.close()]);
    await database?.drop();
  });

  beforeEach(async () => {
    await a.database.db.delete(auditLog);
    await a.database.db.update(stores).set({ autoPauseEnabled: true });
  });

  it('pauses once when both check at the same moment: one pause, one audit entry', async () => {
    time = minutes(4);
    const paused = await Promise.all([a.boardWatch.check(), b.boardWatch.check()]);
    expect(paused.flat()).toEqual([13]);
    expect(await actions()).toEqual(['auto_pause']);
  });

  it("resumes on a board connecting to A, and B's shops hear of it", async () => {
    const status = await open(b, '/api/ws/store/13/status');
    expect(storeStatusMessageSchema.parse(await status.next()).pause).toEqual({
      paused: true,
      until: null,
      reason: 'auto',
    });

    time = minutes(5);
    const board = await open(a, '/api/ws/admin/orders');
    board.send({ type: 'auth', access_token: admin.token });
    expect(await board.next()).toEqual({ type: 'ready' });
    expect(await actions()).toEqual(['auto_resume']);
    await status.next((message) => storeStatusMessageSchema.safeParse(message).data?.is_open === true, 1_000);
  });

  it('keeps B from pausing while the board stays on A', async () => {
    time = minutes(20);
    expect(await a.boardWatch.check()).toEqual([]);
    expect(await b.boardWatch.check()).toEqual([]);
    const [row] = await b.database.db
      .select({ paused: stores.orderingPaused, seenAt: stores.boardSeenAt })
      .from(stores)
      .where(eq(stores.id, 13));
    expect(row).toEqual({ paused: false, seenAt: time });
    expect(await actions()).toEqual([]);
  });
});
