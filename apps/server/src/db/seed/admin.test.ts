import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildTestServer, type TestServer } from '../../../test/helper.ts';
import { users } from '../schema.ts';
import { ensureAdminAccount, generatedAdminEmail } from './admin.ts';

/** Staff sign in at the back office's door; the shop's login refuses them. */
function login(app: FastifyInstance, username: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/staff/login', payload: { username, password } });
}

async function admins(app: FastifyInstance) {
  return app.database.db.select().from(users).where(eq(users.role, 'admin'));
}

describe('admin account from ADMIN_EMAIL/ADMIN_PASSWORD', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServer({ ADMIN_EMAIL: 'Chef@Bella-Napoli.example', ADMIN_PASSWORD: 'Forno-a-legna-1905' });
  });
  afterAll(() => server.close());

  it('is created on start and can sign in to the back office, not the shop', async () => {
    const { app } = server;
    expect((await admins(app)).map((admin) => [admin.email, admin.staffRole])).toEqual([
      ['chef@bella-napoli.example', 'owner'],
    ]);
    const response = await login(app, 'chef@bella-napoli.example', 'Forno-a-legna-1905');
    expect(response.statusCode).toBe(200);
    const me = await app.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${response.json().access_token}` },
    });
    expect(me.json()).toMatchObject({ email: 'chef@bella-napoli.example', role: 'admin' });
    const shop = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'chef@bella-napoli.example', password: 'Forno-a-legna-1905' },
    });
    expect(shop.statusCode).toBe(403);
    expect(shop.json()).toMatchObject({ code: 'staff_use_back_office' });
  });

  it('stays unchanged on a restart with the same settings, and takes a changed password', async () => {
    const { app } = server;
    const db = app.database.db;
    const options = { email: 'chef@bella-napoli.example', password: 'Forno-a-legna-1905' };
    expect(await ensureAdminAccount(db, options)).toEqual({ kind: 'unchanged', email: options.email });
    const staff = await login(app, options.email, options.password);
    const oldToken = staff.json().access_token as string;
    const refreshToken = staff.json().refresh_token as string;

    const changed = { ...options, password: 'Neuer-Pizzaofen-2026' };
    expect(await ensureAdminAccount(db, changed)).toEqual({ kind: 'updated', email: options.email });
    expect((await login(app, options.email, options.password)).statusCode).toBe(401);
    expect((await login(app, options.email, changed.password)).statusCode).toBe(200);
    // The old password's sessions end with it: the device's access token at once, and its refresh
    // token renews nothing.
    const stale = await app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${oldToken}` } });
    expect(stale.statusCode).toBe(401);
    const refresh = await app.inject({
      method: 'POST',
      url: '/api/staff/refresh',
      payload: { refresh_token: refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect(await admins(app)).toHaveLength(1);
  });

  it('makes an existing customer with that email the admin', async () => {
    const { app } = server;
    const registered = await app.inject({
      method: 'POST',
      url: '/api/register/customer',
      payload: { customer_name: 'Boss', email: 'boss@example.com', password: 'Capricciosa-ohne-Ei-3' },
    });
    expect(registered.statusCode).toBe(201);
    const result = await ensureAdminAccount(app.database.db, {
      email: 'boss@example.com',
      password: 'Capricciosa-ohne-Ei-3',
    });
    expect(result).toEqual({ kind: 'updated', email: 'boss@example.com' });
    const [row] = await app.database.db.select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(row).toMatchObject({ role: 'admin', staffRole: 'owner', deactivatedAt: null });
  });

  it('keeps the role an owner gave the account while another owner is active', async () => {
    const { app } = server;
    const db = app.database.db;
    const options = { email: 'chef@bella-napoli.example', password: 'Neuer-Pizzaofen-2026' };
    const [chef] = await db.select().from(users).where(eq(users.email, options.email));
    expect(chef).toMatchObject({ role: 'admin', staffRole: 'owner', deactivatedAt: null });
    // Boss (an owner since the test before) made the configured account the kitchen's, then deactivated it.
    await db.update(users).set({ staffRole: 'kitchen' }).where(eq(users.email, options.email));
    expect(await ensureAdminAccount(db, options)).toEqual({ kind: 'unchanged', email: options.email });
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.email, options.email));
    expect(await ensureAdminAccount(db, options)).toEqual({ kind: 'unchanged', email: options.email });
    const [kept] = await db.select().from(users).where(eq(users.email, options.email));
    expect(kept).toMatchObject({ staffRole: 'kitchen', deactivatedAt: expect.any(Date) });
    expect((await login(app, options.email, options.password)).statusCode).toBe(403);
  });

  it('makes the account an active owner again once no other active owner is left', async () => {
    const { app } = server;
    const db = app.database.db;
    const options = { email: 'chef@bella-napoli.example', password: 'Neuer-Pizzaofen-2026' };
    // The only other owner is deactivated: the shop is locked out of its back office.
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.email, 'boss@example.com'));
    expect(await ensureAdminAccount(db, options)).toEqual({ kind: 'updated', email: options.email });
    const [chef] = await db.select().from(users).where(eq(users.email, options.email));
    expect(chef).toMatchObject({ role: 'admin', staffRole: 'owner', deactivatedAt: null });
    // Boss stays as the owner left them; the configured account signs in again, as an owner.
    const [boss] = await db.select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(boss).toMatchObject({ staffRole: 'owner', deactivatedAt: expect.any(Date) });
    const signedIn = await login(app, options.email, options.password);
    expect(signedIn.statusCode).toBe(200);
    const team = await app.inject({
      url: '/api/admin/staff',
      headers: { authorization: `Bearer ${signedIn.json().access_token}` },
    });
    expect(team.statusCode).toBe(200);
    expect(await ensureAdminAccount(db, options)).toEqual({ kind: 'unchanged', email: options.email });
  });
});

describe('admin account without configuration', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServer({ MAIL_FROM: 'Pizzeria <bestellung@bella-napoli.example>' });
  });
  afterAll(() => server.close());

  it('is generated once on start, named after the sender domain', async () => {
    const { app } = server;
    expect((await admins(app)).map((admin) => [admin.email, admin.staffRole])).toEqual([
      ['admin@bella-napoli.example', 'owner'],
    ]);
    expect(await ensureAdminAccount(app.database.db, { mailFrom: 'x <a@b.example>' })).toEqual({
      kind: 'unchanged',
      email: 'admin@bella-napoli.example',
    });
  });

  it('makes exactly one admin when two instances start at once, whose password logs in', async () => {
    const { app } = server;
    const db = app.database.db;
    await db.delete(users).where(eq(users.role, 'admin'));
    const results = await Promise.all([
      ensureAdminAccount(db, { mailFrom: 'Shop <mail@shop.example>' }),
      ensureAdminAccount(db, { mailFrom: 'Shop <mail@shop.example>' }),
    ]);
    const generated = results.filter((result) => result.kind === 'generated');
    expect(generated).toHaveLength(1);
    expect(results.filter((result) => result.kind === 'unchanged')).toHaveLength(1);
    const [first] = generated;
    if (first?.kind !== 'generated') throw new Error('no generated admin');
    expect(first.email).toBe('admin@shop.example');
    expect(first.password.length).toBeGreaterThanOrEqual(16);
    expect(await admins(app)).toHaveLength(1);
    expect((await login(app, first.email, first.password)).statusCode).toBe(200);
  });

  it('names the generated admin sensibly', () => {
    expect(generatedAdminEmail('Pizzeria Bella Napoli <bestellung@bella-napoli.example>')).toBe(
      'admin@bella-napoli.example',
    );
    expect(generatedAdminEmail('orders@Shop.DE')).toBe('admin@shop.de');
    expect(generatedAdminEmail(undefined)).toBe('admin@pizzeria.example');
  });
});
