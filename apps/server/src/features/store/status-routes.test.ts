import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  storeAvailabilitySchema,
  storeSchema,
  storeHoursResponseSchema,
  storeStatusMessageSchema,
  timeSlotsSchema,
  type StoreStatusMessage,
} from '@pizzeria/domain';
import {
  buildTestServer,
  createTestUser,
  MONDAY_EVENING,
  pickupOrder,
  pinClock,
  simpleProduct,
  storeVersion,
  type TestServer,
  type TestUser,
} from '../../../test/helper.ts';
import { openSocket, wsBase, type TestSocket } from '../../../test/ws-client.ts';
import { storeClosures, stores } from '../../db/schema.ts';
import type { CatalogueProduct } from '../catalogue/index.ts';
import { PUSH_BATCH, STORE_STATUS_CHANGED } from './status-service.ts';

// At MONDAY_EVENING (18:07 in Berlin, UTC+2) the demo store is open 11:30–14:30 and 17:00–22:30.

let server: TestServer;
let base: string;
let admin: TestUser;
let customer: TestUser;
let simple: CatalogueProduct;
const sockets: TestSocket[] = [];

function app() {
  return server.app;
}

async function statusSocket(storeId: number | string = 13): Promise<TestSocket> {
  const socket = await openSocket(`${base}/api/ws/store/${storeId}/status`);
  sockets.push(socket);
  return socket;
}

async function nextStatus(socket: TestSocket, match: (message: StoreStatusMessage) => boolean = () => true) {
  return storeStatusMessageSchema.parse(
    await socket.next((message) => {
      const parsed = storeStatusMessageSchema.safeParse(message);
      return parsed.success && match(parsed.data);
    }),
  );
}

function asAdmin(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  return app().inject({ method, url, payload, headers: admin.headers });
}

async function slots(orderType: 'pickup' | 'delivery' = 'pickup') {
  const response = await app().inject({ method: 'GET', url: `/api/stores/13/slots?order_type=${orderType}` });
  expect(response.statusCode).toBe(200);
  return timeSlotsSchema.parse(response.json());
}

async function pickupAt(requestedTime: string) {
  return app().inject({
    method: 'POST',
    url: '/api/orders/guest',
    headers: { 'idempotency-key': randomUUID() },
    payload: pickupOrder(simple.id, { requestedTime }),
  });
}

beforeAll(async () => {
  server = await buildTestServer();
  base = await wsBase(app());
  admin = await createTestUser(app(), { role: 'admin' });
  customer = await createTestUser(app());
  simple = await simpleProduct(app());
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.close();
});

beforeEach(async () => {
  pinClock(app());
  // Whatever a failed test left behind: no pause, no closures.
  await app().database.db.update(stores).set({ orderingPaused: false, orderingPausedUntil: null });
  await app().database.db.delete(storeClosures);
  await app().storeStatus.changed(13);
});

describe('WS /api/ws/store/:id/status', () => {
  it('sends the status on connect: the hours in effect today, the store clock, open', async () => {
    const socket = await statusSocket();
    expect(await nextStatus(socket)).toEqual({
      today_hours: [
        { day_of_week: 1, open_time: '11:30', close_time: '14:30', label: null },
        { day_of_week: 1, open_time: '17:00', close_time: '22:30', label: null },
      ],
      local_time: '2026-06-15T18:07:00+02:00',
      timezone: 'Europe/Berlin',
      is_open: true,
      pause: { paused: false, until: null },
      closure: null,
      // The catalogue's fingerprint: open shops read the menu again when it changes.
      menu_version: expect.any(String),
      // Monday the 15th: Tuesday's lunch is the first opening of a later day.
      reopens: { date: '2026-06-16', time: '11:30' },
    });
  });

  it('answers an unknown or malformed store with {error} and closes with 4404', async () => {
    for (const id of [99, 'pizza']) {
      const socket = await statusSocket(id);
      expect(await socket.next()).toEqual({ error: 'There is no such store' });
      expect((await socket.closed).code).toBe(4404);
    }
  });

  it('says {error} while the status cannot be computed, and the status again once it can', async () => {
    const status = app().storeStatus;
    const message = status.message;
    status.message = () => Promise.reject(new Error('database unreachable'));
    try {
      const socket = await statusSocket();
      expect(await socket.next()).toEqual({ error: 'The store status cannot be computed right now' });
      status.message = message;
      await status.changed(13);
      expect((await nextStatus(socket)).is_open).toBe(true);
    } finally {
      status.message = message;
    }
  });

  it('pushes a pause by staff to every subscriber, and its end', async () => {
    const [first, second] = [await statusSocket(), await statusSocket()];
    await nextStatus(first);
    await nextStatus(second);

    const until = '2026-06-15T18:30:00+02:00';
    const paused = await asAdmin('PUT', '/api/admin/stores/13/pause', { paused: true, until });
    expect(paused.statusCode).toBe(200);
    expect(storeAvailabilitySchema.parse(paused.json()).status.is_open).toBe(false);
    for (const socket of [first, second]) {
      const message = await nextStatus(socket, (status) => status.pause.paused);
      expect(message.is_open).toBe(false);
      expect(Date.parse(message.pause.until ?? '')).toBe(Date.parse(until));
      expect(message.pause.reason).toBe('staff');
    }
    const [row] = await app().database.db.select({ by: stores.orderingPausedBy }).from(stores);
    expect(row?.by).toBe('staff');

    const resumed = await asAdmin('PUT', '/api/admin/stores/13/pause', { paused: false });
    expect(resumed.statusCode).toBe(200);
    expect(await nextStatus(first, (status) => !status.pause.paused)).toMatchObject({
      is_open: true,
      pause: { until: null },
    });
    const [after] = await app().database.db.select({ by: stores.orderingPausedBy }).from(stores);
    expect(after?.by).toBeNull();
  });

  it('pushes to many subscribers in batches with turns of the event loop between them, each ending with the latest status', async () => {
    // Stand-ins for sockets: what the push sees of a WebSocket (readyState, bufferedAmount, send, once).
    const events: string[] = [];
    const received = new Map<number, string[]>();
    const closes: (() => void)[] = [];
    const fakes = Array.from({ length: 3 * PUSH_BATCH + 10 }, (_, index) => {
      received.set(index, []);
      return {
        OPEN: 1,
        readyState: 1,
        bufferedAmount: 0,
        send(data: string | Buffer) {
          received.get(index)?.push(String(data));
          events.push('send');
        },
        once(_event: 'close', listener: () => void) {
          closes.push(listener);
        },
      };
    });
    for (const fake of fakes) await app().storeStatus.subscribe(13, fake as unknown as WebSocket);
    events.length = 0;
    for (const list of received.values()) list.length = 0;

    // Other work asks for a turn all along: it must get one between the batches of a push.
    let ticking = true;
    const tick = () => {
      events.push('turn');
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    // Paused, and resumed at once: a push asked for while the first may still be under way.
    const paused = await asAdmin('PUT', '/api/admin/stores/13/pause', { paused: true });
    expect(paused.statusCode).toBe(200);
    const resumed = await asAdmin('PUT', '/api/admin/stores/13/pause', { paused: false });
    expect(resumed.statusCode).toBe(200);
    await vi.waitFor(() => {
      const last = received.get(fakes.length - 1)?.at(-1);
      expect(last && storeStatusMessageSchema.parse(JSON.parse(last)).pause.paused).toBe(false);
    });
    ticking = false;

    // The longest run of writes without a turn in between: a batch, and the rest of one push running into
    // the first batch of the next (without batches it is every subscriber).
    let run = 0;
    let longest = 0;
    for (const event of events) {
      run = event === 'send' ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    expect(events.filter((event) => event === 'send').length).toBeGreaterThanOrEqual(fakes.length);
    expect(longest).toBeLessThanOrEqual(2 * PUSH_BATCH);
    // Every subscriber ends with the resume, none with the pause after it.
    for (const [index, messages] of received) {
      const last = messages.at(-1);
      expect(last, `subscriber ${index}`).toBeDefined();
      expect(storeStatusMessageSchema.parse(JSON.parse(last ?? '')).pause.paused, `subscriber ${index}`).toBe(false);
    }
    for (const close of closes) close();
  });

  it('lets a change heard during a push take it over: the rest get the newer status first, never the older', async () => {
    const received = new Map<number, string[]>();
    const closes: (() => void)[] = [];
    const aMinuteLater = new Date(MONDAY_EVENING.getTime() + 60_000);
    let started = false;
    const fakes = Array.from({ length: 3 * PUSH_BATCH + 10 }, (_, index) => ({
      OPEN: 1,
      readyState: 1,
      bufferedAmount: 0,
      send(data: string | Buffer) {
        if (!started) return;
        const localTime = storeStatusMessageSchema.parse(JSON.parse(String(data))).local_time;
        received.set(index, [...(received.get(index) ?? []), localTime]);
        // The status changes (a minute passes), and the change is heard, while the push is in its first batch.
        if (index === 10 && app().storeStatus.clock.now() === MONDAY_EVENING) {
          app().storeStatus.clock = { now: () => aMinuteLater };
          void app().pubsub.publish(STORE_STATUS_CHANGED, { storeId: 13 });
        }
      },
      once(_event: 'close', listener: () => void) {
        closes.push(listener);
      },
    }));
    for (const fake of fakes) await app().storeStatus.subscribe(13, fake as unknown as WebSocket);
    started = true;

    await app().storeStatus.changed(13);
    await vi.waitFor(() => expect(received.get(0)?.length).toBeGreaterThanOrEqual(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [older, newer] = received.get(0) ?? [];
    expect(newer).not.toBe(older);
    // Everyone ends with the newer status. Only the first batch got the older one: pushed after the first
    // push, the newer would have waited for all of them to get the older.
    for (const [index, times] of received) expect(times.at(-1), `subscriber ${index}`).toBe(newer);
    expect(received.size).toBe(fakes.length);
    const gotOlder = [...received.values()].filter((times) => times.includes(older ?? '')).length;
    expect(gotOlder).toBeLessThanOrEqual(PUSH_BATCH);
    // (A minute's push of the newer one may come on top: the clock says 18:08 by then.)
    expect(received.get(fakes.length - 1)?.includes(older ?? '')).toBe(false);
    for (const close of closes) close();
  });

  it('never leaves a new subscriber with its first status when a push overtook it with a newer one', async () => {
    const received: boolean[] = [];
    let closed = () => {};
    const fake = {
      OPEN: 1,
      readyState: 1,
      bufferedAmount: 0,
      send(data: string | Buffer) {
        received.push(storeStatusMessageSchema.parse(JSON.parse(String(data))).pause.paused);
      },
      once(_event: 'close', listener: () => void) {
        closed = listener;
      },
    };
    // The subscriber's first status is computed (open), and slow to come back: staff pause meanwhile.
    const service = app().storeStatus;
    const message = service.message.bind(service);
    let gateNext = false;
    let computed = () => {};
    const firstComputed = new Promise<void>((resolve) => (computed = resolve));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    service.message = async (storeId) => {
      const gated = gateNext;
      gateNext = false;
      const status = await message(storeId);
      if (gated) {
        computed();
        await released;
      }
      return status;
    };
    try {
      // subscribe asks for the first status at once: that call is the one held back.
      gateNext = true;
      const subscribed = service.subscribe(13, fake as unknown as WebSocket);
      expect(gateNext).toBe(false);
      await firstComputed;
      const paused = await asAdmin('PUT', '/api/admin/stores/13/pause', { paused: true });
      expect(paused.statusCode).toBe(200);
      await vi.waitFor(() => expect(received.at(-1)).toBe(true));
      const beforeFirst = received.length;
      release();
      await subscribed;
      // The first status came after the push: computed again, it says paused too.
      expect(received.length).toBe(beforeFirst + 1);
      expect(received.at(-1)).toBe(true);
    } finally {
      service.message = message;
      release();
      closed();
    }
  });

  it('pushes a closure day with its reason, and its removal', async () => {
    const socket = await statusSocket();
    await nextStatus(socket);
    const created = await asAdmin('POST', '/api/admin/stores/13/closures', {
      starts_on: '2026-06-15',
      ends_on: '2026-06-16',
      reason: 'Inventur',
    });
    expect(created.statusCode).toBe(201);
    const closure = created.json<{ id: number }>();
    expect(await nextStatus(socket, (status) => status.closure !== null)).toMatchObject({
      is_open: false,
      today_hours: [],
      closure: { reason: 'Inventur' },
    });

    expect((await asAdmin('DELETE', `/api/admin/stores/13/closures/${closure.id}`)).statusCode).toBe(204);
    expect(await nextStatus(socket, (status) => status.closure === null)).toMatchObject({ is_open: true });
  });

  it('pushes edited weekly hours, which the catalogue serves at once', async () => {
    const before = storeSchema.parse((await app().inject({ method: 'GET', url: '/api/stores/13' })).json());
    const socket = await statusSocket();
    await nextStatus(socket);

    const edited = await asAdmin('PUT', '/api/admin/stores/13/hours', {
      store_hours: [{ day_of_week: 1, open_time: '19:00', close_time: '02:00', label: 'Abend' }],
      version: await storeVersion(app(), admin),
    });
    expect(edited.statusCode).toBe(200);
    expect(await nextStatus(socket, (status) => status.today_hours.length === 1)).toMatchObject({
      is_open: false,
      today_hours: [{ day_of_week: 1, open_time: '19:00', close_time: '02:00', label: 'Abend' }],
    });
    const after = storeSchema.parse((await app().inject({ method: 'GET', url: '/api/stores/13' })).json());
    expect(after.store_hours).toEqual([{ day_of_week: 1, open_time: '19:00', close_time: '02:00', label: 'Abend' }]);

    const restored = await asAdmin('PUT', '/api/admin/stores/13/hours', {
      store_hours: before.store_hours,
      version: storeHoursResponseSchema.parse(edited.json()).version,
    });
    expect(restored.statusCode).toBe(200);
    expect(await nextStatus(socket, (status) => status.today_hours.length === 2)).toMatchObject({ is_open: true });
  });
});

describe('orders while the store is paused or closed', () => {
  it('refuses ASAP with store_closed while paused, and takes a later slot after the pause', async () => {
    await asAdmin('PUT', '/api/admin/stores/13/pause', { paused: true, until: '2026-06-15T19:00:00+02:00' });
    const offer = await slots();
    expect(offer.asap_available).toBe(false);
    // 19:00 + 20 minutes of preparation: the first slot is 19:30 (17:30 UTC).
    expect(offer.slots[0]?.time).toBe('2026-06-15T17:30:00.000Z');

    const asap = await pickupAt('asap');
    expect(asap.statusCode).toBe(422);
    expect(asap.json()).toMatchObject({ code: 'store_closed' });
    const tooEarly = await pickupAt('2026-06-15T16:30:00.000Z');
    expect(tooEarly.json()).toMatchObject({ code: 'invalid_time_slot' });
    expect((await pickupAt('2026-06-15T17:30:00.000Z')).statusCode).toBe(201);

    await asAdmin('PUT', '/api/admin/stores/13/pause', { paused: false });
    expect((await slots()).asap_available).toBe(true);
  });

  it('offers nothing while paused until staff resume', async () => {
    await asAdmin('PUT', '/api/admin/stores/13/pause', { paused: true, until: null });
    expect(await slots()).toMatchObject({ asap_available: false, slots: [] });
    expect((await pickupAt('asap')).json()).toMatchObject({ code: 'store_closed' });
    await asAdmin('PUT', '/api/admin/stores/13/pause', { paused: false });
  });

  it('offers nothing on a closure day', async () => {
    // The orders placed today by the tests above are closed over on purpose.
    const created = await asAdmin('POST', '/api/admin/stores/13/closures', {
      starts_on: '2026-06-15',
      ends_on: '2026-06-15',
      confirm: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await slots('delivery')).toMatchObject({ asap_available: false, slots: [] });
    expect((await pickupAt('2026-06-15T18:00:00.000Z')).json()).toMatchObject({ code: 'invalid_time_slot' });
    await asAdmin('DELETE', `/api/admin/stores/13/closures/${created.json<{ id: number }>().id}`);
    expect((await slots()).asap_available).toBe(true);
  });
});

describe('/api/admin/stores/:id availability routes', () => {
  const routes: ['GET' | 'PUT' | 'POST' | 'DELETE', string, Record<string, unknown>?][] = [
    ['GET', '/api/admin/stores/13/availability'],
    ['PUT', '/api/admin/stores/13/pause', { paused: true }],
    ['POST', '/api/admin/stores/13/closures', { starts_on: '2026-12-24', ends_on: '2026-12-26' }],
    ['DELETE', '/api/admin/stores/13/closures/1'],
    ['PUT', '/api/admin/stores/13/hours', { store_hours: [], version: 1 }],
  ];

  it('admit admins only: 401 for nobody, 403 for a customer, and nothing changes', async () => {
    for (const [method, url, payload] of routes) {
      expect((await app().inject({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
      expect((await app().inject({ method, url, payload, headers: customer.headers })).statusCode).toBe(403);
    }
    const view = storeAvailabilitySchema.parse((await asAdmin('GET', '/api/admin/stores/13/availability')).json());
    expect(view.pause.paused).toBe(false);
    expect(view.closures).toEqual([]);
    expect(view.status.today_hours.length).toBeGreaterThan(0);
  });

  it('refuse what cannot be meant with a 4xx and a message in the caller’s language', async () => {
    const cases: [string, string, Record<string, unknown> | undefined, number, string][] = [
      [
        'PUT',
        '/api/admin/stores/13/pause',
        { paused: true, until: '2026-06-15T18:00:00+02:00' },
        400,
        'pause_end_in_past',
      ],
      ['PUT', '/api/admin/stores/13/pause', { paused: 'yes' }, 400, 'invalid_request'],
      [
        'POST',
        '/api/admin/stores/13/closures',
        { starts_on: '2026-06-20', ends_on: '2026-06-18' },
        400,
        'invalid_date_range',
      ],
      [
        'POST',
        '/api/admin/stores/13/closures',
        { starts_on: '2026-06-01', ends_on: '2026-06-14' },
        400,
        'closure_in_past',
      ],
      [
        'POST',
        '/api/admin/stores/13/closures',
        { starts_on: '24.12.2026', ends_on: '2026-12-26' },
        400,
        'invalid_request',
      ],
      ['DELETE', '/api/admin/stores/13/closures/999999', undefined, 404, 'closure_not_found'],
      ['PUT', '/api/admin/stores/99/pause', { paused: true }, 404, 'store_not_found'],
      [
        'PUT',
        '/api/admin/stores/13/hours',
        {
          store_hours: [
            { day_of_week: 1, open_time: '11:00', close_time: '14:00' },
            { day_of_week: 1, open_time: '11:00', close_time: '15:00' },
          ],
          version: 1,
        },
        400,
        'duplicate_hours',
      ],
      [
        'PUT',
        '/api/admin/stores/13/hours',
        { store_hours: [{ day_of_week: 7, open_time: '11:00', close_time: '14:00' }], version: 1 },
        400,
        'invalid_request',
      ],
      [
        'PUT',
        '/api/admin/stores/13/hours',
        { store_hours: [{ day_of_week: 1, open_time: '24:00', close_time: '14:00' }], version: 1 },
        400,
        'invalid_request',
      ],
    ];
    for (const [method, url, payload, status, code] of cases) {
      const response = await app().inject({
        method: method as 'PUT',
        url,
        payload,
        headers: { ...admin.headers, 'accept-language': 'en' },
      });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(status);
      expect(response.json(), `${method} ${url}`).toMatchObject({ code });
      expect(response.json<{ message: string }>().message.length).toBeGreaterThan(5);
    }
    const view = storeAvailabilitySchema.parse((await asAdmin('GET', '/api/admin/stores/13/availability')).json());
    expect(view).toMatchObject({ pause: { paused: false }, closures: [] });
  });
});

describe('OpenAPI', () => {
  it('documents the WebSocket channels and the staff availability routes', async () => {
    const document = (await app().inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { tags?: string[]; summary?: string; responses?: Record<string, unknown> }>>;
    }>();
    for (const path of ['/api/ws/store/{id}/status', '/api/ws/orders/{id}', '/api/ws/admin/orders']) {
      const operation = document.paths[path]?.get;
      expect(operation?.tags, path).toEqual(['realtime']);
      expect(operation?.summary?.startsWith('WebSocket:'), path).toBe(true);
      expect(Object.keys(operation?.responses ?? {}), path).toEqual(['101']);
    }
    expect(document.paths['/api/admin/stores/{id}/pause']?.put?.tags).toEqual(['admin']);
    expect(document.paths['/api/admin/stores/{id}/closures/{closureId}']?.delete).toBeDefined();
  });
});
