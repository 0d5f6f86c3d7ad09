import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import { staffSessions } from '../src/db/schema.ts';
import {
  buildTestServer,
  createTestUser,
  pickupOrder,
  simpleProduct,
  type TestServer,
  type TestUser,
} from './helper.ts';

/**
 * Every route the server has, listed by the server itself (an `onRoute` hook), so that a new
 * admin route cannot be forgotten. Under `/api/admin` nobody gets in but staff; everywhere else a request
 * without credentials gets 401 unless the route is listed below as public, with the reason why.
 */

/** Routes anyone may call: the shop's own pages and data, and the ways in. */
const PUBLIC_ROUTES = new Set([
  'GET /',
  'GET /order-online/',
  'GET /order-online/*',
  'GET /api/openapi.json',
  'GET /api/health',
  'GET /api/categories/',
  'GET /api/products/',
  'GET /api/stores/:id',
  'GET /api/stores/:id/slots',
  'GET /api/discounts/:id',
  'GET /api/postcodes/store/:id',
  'GET /api/ws/store/:id/status',
  'GET /api/pictures/:file',
  // Whether PayPal is offered, and PayPal's public client id.
  'GET /api/stores/:id/payment-methods',
  // PayPal's webhook: its credential is PayPal's signature, checked before anything happens.
  'POST /api/payments/paypal/webhook',
  'POST /api/login',
  'POST /api/register/customer',
  'POST /api/forgot-password',
  'POST /api/reset-password',
  'POST /api/orders/guest',
  'POST /api/staff/login',
  'POST /api/staff/refresh',
  'POST /api/staff/logout',
]);

/**
 * Routes that take their credentials elsewhere than the `Authorization` header: an order with its
 * guest's tracking token (`?token=`), the WebSocket channels in their first message. Without them, no 2xx.
 */
const OWN_CREDENTIAL_ROUTES = new Set([
  'GET /api/orders/:id',
  'GET /api/ws/orders/:id',
  'GET /api/ws/admin/orders',
  // Paying one's order: the owner's bearer token, or the guest's tracking token.
  'POST /api/orders/:id/paypal',
  'POST /api/orders/:id/paypal/capture',
  'POST /api/orders/:id/pay-cash',
]);

interface Route {
  method: string;
  url: string;
}

const ADDRESS = {
  customer_name: 'Maria Rossi',
  phone: '03012345678',
  line1: 'Oranienstraße 5',
  city: 'Berlin',
  zip: '10997',
};

/**
 * Valid bodies for the routes that validate before they check who is calling (their guard is a
 * `preHandler`): without one they answer 400, which hides whether an anonymous write would get through.
 */
function validBody(route: Route, productId: number): Record<string, unknown> {
  const key = `${route.method} ${route.url}`;
  if (key === 'POST /api/addresses/' || key === 'PUT /api/addresses/:id') return ADDRESS;
  if (key === 'POST /api/orders/') return pickupOrder(productId, { guest: false });
  return {};
}

function isPublic(route: Route): boolean {
  // The built web app: files and pages, no data.
  if (route.url.startsWith('/order-online/')) return true;
  if (route.url.startsWith('/api/docs')) return true;
  // HEAD answers as its GET does.
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  return PUBLIC_ROUTES.has(`${method} ${route.url}`);
}

function takesOwnCredentials(route: Route): boolean {
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  return OWN_CREDENTIAL_ROUTES.has(`${method} ${route.url}`);
}

describe('authorisation matrix', () => {
  let server: TestServer;
  let app: FastifyInstance;
  const routes: Route[] = [];
  let customer: TestUser;
  let admin: TestUser;
  /** An existing row for each kind of id a path can name. */
  const ids: Record<string, number> = { stores: 13 };
  let productId = 0;

  beforeAll(async () => {
    const seen = new Set<string>();
    const collect = (route: RouteOptions) => {
      const methods: HTTPMethods[] = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const key = `${method} ${route.url}`;
        if (seen.has(key)) continue;
        seen.add(key);
        routes.push({ method, url: route.url });
      }
    };
    server = await buildTestServer({}, { onRoute: collect });
    app = server.app;
    customer = await createTestUser(app);
    admin = await createTestUser(app, { role: 'admin' });

    const product = await simpleProduct(app);
    productId = product.id;
    const order = await app.inject({
      method: 'POST',
      url: '/api/orders/guest',
      headers: { 'idempotency-key': randomUUID() },
      payload: pickupOrder(product.id),
    });
    // The store may be closed when this runs: then the order routes are probed with an id that names nothing.
    ids.orders = order.statusCode === 201 ? order.json<{ id: number }>().id : 1;
    const address = await app.inject({
      method: 'POST',
      url: '/api/addresses/',
      headers: customer.headers,
      payload: ADDRESS,
    });
    expect(address.statusCode).toBe(201);
    ids.addresses = address.json<{ id: number }>().id;
    const [session] = await app.database.db
      .insert(staffSessions)
      .values({ userId: admin.id, tokenHash: `matrix-${randomUUID()}`, deviceName: 'Matrix' })
      .returning({ id: staffSessions.id });
    ids.sessions = session?.id ?? 1;
  });
  afterAll(() => server.close());

  /** The URL with every parameter filled: an `:id` by the collection it follows, a wildcard with a page. */
  function concrete(url: string): string {
    const parts = url.split('/');
    return parts
      .map((part, index) => {
        if (part === '*') return 'menu';
        if (!part.startsWith(':')) return part;
        const collection = parts[index - 1] === 'store' ? 'stores' : (parts[index - 1] ?? '');
        return String(ids[collection] ?? 1);
      })
      .join('/');
  }

  function call(route: Route, headers: Record<string, string> = {}) {
    return app.inject({
      method: route.method as HTTPMethods,
      url: concrete(route.url),
      headers: { 'accept-language': 'en', ...headers },
      ...(['GET', 'HEAD', 'DELETE'].includes(route.method) ? {} : { payload: validBody(route, productId) }),
    });
  }

  it('lists the routes from the server itself', () => {
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    expect(keys).toContain('GET /api/admin/sessions');
    expect(keys).toContain('DELETE /api/admin/sessions/:id');
    expect(keys).toContain('POST /api/staff/login');
    // Every route listed as public still exists: the lists do not rot.
    for (const key of [...PUBLIC_ROUTES, ...OWN_CREDENTIAL_ROUTES]) expect(keys).toContain(key);
  });

  it('lets nobody but staff into /api/admin: anonymous 401, customer 403, admin neither', async () => {
    const adminRoutes = routes.filter((route) => route.url === '/api/admin' || route.url.startsWith('/api/admin/'));
    expect(adminRoutes.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const route of adminRoutes) {
      const key = `${route.method} ${route.url}`;
      const anonymous = await call(route);
      if (anonymous.statusCode !== 401) failures.push(`${key}: anonymous got ${anonymous.statusCode}`);
      const asCustomer = await call(route, customer.headers);
      if (asCustomer.statusCode !== 403) failures.push(`${key}: customer got ${asCustomer.statusCode}`);
      const asAdmin = await call(route, admin.headers);
      if ([401, 403].includes(asAdmin.statusCode)) failures.push(`${key}: admin got ${asAdmin.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 to a request without credentials on every route that is not public', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      if (isPublic(route)) continue;
      const key = `${route.method} ${route.url}`;
      const anonymous = await call(route);
      if (takesOwnCredentials(route)) {
        if (anonymous.statusCode < 300) failures.push(`${key}: anonymous got ${anonymous.statusCode}`);
      } else if (anonymous.statusCode !== 401) {
        failures.push(`${key}: anonymous got ${anonymous.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses every write outside the ways in to a request without credentials', () => {
    const openWrites = routes
      .filter((route) => !['GET', 'HEAD'].includes(route.method))
      .filter((route) => isPublic(route))
      .map((route) => route.url)
      .filter(
        (url) =>
          !url.startsWith('/api/staff/') &&
          !['/api/login', '/api/register/customer', '/api/forgot-password', '/api/reset-password'].includes(url) &&
          url !== '/api/orders/guest' &&
          url !== '/api/payments/paypal/webhook',
      );
    expect(openWrites).toEqual([]);
  });
});
