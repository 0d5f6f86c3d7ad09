import { expect } from 'vitest';
import * as z from 'zod/mini';
import {
  MAX_ADMIN_ORDERS_PAGE,
  orderSchema,
  storeSettingsSchema,
  staffLoginResponseSchema,
  type Order,
} from '@pizzeria/domain';
import { startMain, type StartedMain } from './child-server.ts';

// A shop on PGlite in a child process, as `npm start` runs it, for the tests that kill it
// (`pglite-kill.test.ts`) and damage its data directory (`pglite-damage.test.ts`).

/** mulberry32: a small seeded generator, enough to replay the kill moments. */
export function seeded(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const ADMIN = { email: 'admin@example.com', password: 'pglite-test-admin-password' };

export interface Server {
  started: StartedMain;
  origin: string;
}

/**
 * The pino lines at error or above, and anything else a process wrote that is not a log line. (Two
 * warnings are expected: the servers get an empty web app.)
 */
export function troubleIn(output: { stdout: string; stderr: string }): string[] {
  const lines = `${output.stdout}\n${output.stderr}`.split('\n').filter((line) => line.trim() !== '');
  return lines.filter((line) => {
    try {
      return ((JSON.parse(line) as { level?: number }).level ?? 60) >= 50;
    } catch {
      return true;
    }
  });
}

/** Starts the server on `dataDir` and waits until it answers its health check. */
export async function startShop(dataDir: string, env: Record<string, string> = {}): Promise<Server> {
  const started = startMain({
    DATA_DIR: dataDir,
    // Open around the clock: what hour it is matters only to the slots (see `openAllDay`).
    SEED_OPENING_HOURS: 'always',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Every order comes from 127.0.0.1 and the same guest: the limits have their own tests.
    ORDERS_PER_HOUR_PER_ADDRESS: '100000',
    ORDERS_PER_HOUR_PER_CUSTOMER: '100000',
    TRACKING_FAILURES_PER_HOUR_PER_ADDRESS: '100000',
    GUEST_ORDERS_SHARE_OF_SLOT_PERCENT: '100',
    ...env,
  });
  const [, origin = ''] = await started.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
  const health = await fetch(`${origin}/api/health`);
  expect(health.status).toBe(200);
  return { started, origin };
}

export async function json<T>(response: Response, schema: { parse(data: unknown): T }, what: string): Promise<T> {
  const body: unknown = await response.json();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(body)}`);
  return schema.parse(body);
}

/**
 * Makes room for every order at any hour. The store is seeded open around the clock, but its slots end at
 * local midnight and a 20-minute kitchen offers none in the last half hour of the day (and six orders a
 * slot fill a late evening): the store moves to a UTC offset where it is afternoon now, with the most
 * orders per slot and the shortest preparation.
 */
export async function openAllDay(origin: string, headers: Record<string, string>): Promise<void> {
  const url = `${origin}/api/admin/stores/13/settings`;
  const settings = await json(await fetch(url, { headers }), storeSettingsSchema, 'the store settings');
  const timezone = afternoonZone(new Date().getUTCHours());
  const { store_hours: _hours, ...editable } = settings;
  const saved = await fetch(url, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ ...editable, timezone, orders_per_slot: 100, preparation_minutes: 5 }),
  });
  await json(saved, storeSettingsSchema, 'saving the store settings');
}

/** A time zone where it is afternoon (15:00, or as late as UTC+14 reaches) at this UTC hour. */
export function afternoonZone(utcHour: number): string {
  const offset = Math.min(14, 15 - utcHour);
  // The Etc zones count the other way round: Etc/GMT-3 is three hours ahead of UTC. The settings take a zone
  // as the runtime spells it, and it spells Etc/UTC as UTC.
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

export async function adminHeaders(origin: string): Promise<Record<string, string>> {
  const login = await fetch(`${origin}/api/staff/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password, device_name: 'pglite-kill' }),
  });
  const { access_token: token } = await json(login, staffLoginResponseSchema, 'the admin login');
  return { authorization: `Bearer ${token}` };
}

/** What staff read of an order: everything the 201 said but the guest's tracking token. */
export function withoutToken(order: Order): Omit<Order, 'tracking_token'> {
  const { tracking_token: _token, ...rest } = order;
  return rest;
}

/** Every order in the database, newest first, as staff see them. */
export async function allOrders(origin: string, headers: Record<string, string>): Promise<Order[]> {
  const orders: Order[] = [];
  let before: number | undefined;
  for (;;) {
    const query = new URLSearchParams({
      limit: String(MAX_ADMIN_ORDERS_PAGE),
      ...(before ? { before: String(before) } : {}),
    });
    const page = await json(
      await fetch(`${origin}/api/admin/orders?${query.toString()}`, { headers }),
      z.array(orderSchema),
      'the staff order list',
    );
    orders.push(...page);
    if (page.length < MAX_ADMIN_ORDERS_PAGE) return orders;
    before = page.at(-1)?.id;
  }
}
