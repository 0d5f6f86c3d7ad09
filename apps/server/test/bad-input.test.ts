import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BODY_LIMIT_BYTES } from '../src/server.ts';
import { buildTestServer, createTestUser, type TestServer, type TestUser } from './helper.ts';

// Input that used to reach PostgreSQL (NUL, ids past `integer`, year 0) or a parser that
// threw (a broken multipart body) answered 500. Each gets a clear 400 now, refused by the schemas.

let server: TestServer;
let app: FastifyInstance;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  server = await buildTestServer();
  app = server.app;
  admin = await createTestUser(app, { role: 'admin' });
  customer = await createTestUser(app);
});
afterAll(() => server.close());

const NUL = '\u0000';

const guestOrder = (address: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  store_id: 13,
  order_type: 'pickup',
  items: [{ product_id: 1, quantity: 1, extras: [] }],
  requested_time: 'asap',
  payment_method: 'cash',
  address: {
    type: 'shipping',
    customer_name: 'Maria Rossi',
    phone: '03012345678',
    line1: 'Torstraße 12',
    city: 'Berlin',
    zip: '10117',
    country: 'DE',
    ...address,
  },
  ...extra,
});

function expectInvalid(response: { statusCode: number; json(): unknown }): void {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ code: 'invalid_request', message: expect.any(String) });
}

describe('a NUL character', () => {
  const cases: {
    name: string;
    method: 'POST' | 'PUT' | 'GET';
    url: string;
    payload?: unknown;
    as?: 'admin' | 'customer';
  }[] = [
    {
      name: 'in a login',
      method: 'POST',
      url: '/api/login',
      payload: { username: `a${NUL}@example.com`, password: 'x' },
    },
    {
      name: 'in a password',
      method: 'POST',
      url: '/api/login',
      payload: { username: 'a@example.com', password: `pass${NUL}word` },
    },
    {
      name: 'in a new customer’s name',
      method: 'POST',
      url: '/api/register/customer',
      payload: { customer_name: `Maria${NUL}`, email: 'nul@example.com', password: 'Quattro-Formaggi-42' },
    },
    {
      name: 'in a reset request',
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: `x${NUL}@example.com` },
    },
    {
      name: 'in a reset token',
      method: 'POST',
      url: '/api/reset-password',
      payload: { token: `t${NUL}`, password: 'Quattro-Formaggi-42' },
    },
    {
      name: 'in a guest’s street',
      method: 'POST',
      url: '/api/orders/guest',
      payload: guestOrder({ line1: `Tor${NUL}straße 1` }),
    },
    {
      name: 'in an order note',
      method: 'POST',
      url: '/api/orders/guest',
      payload: guestOrder({}, { note: `Klingeln${NUL}` }),
    },
    { name: 'in a tracking token', method: 'GET', url: `/api/orders/1?token=abc%00def` },
    { name: 'in a postcode query', method: 'GET', url: `/api/stores/13/slots?order_type=delivery&postcode=10117%00` },
    {
      name: 'in a saved address',
      method: 'POST',
      url: '/api/addresses/',
      as: 'customer',
      payload: { customer_name: 'Maria', phone: '03012345678', line1: `Tor${NUL}`, city: 'Berlin', zip: '10117' },
    },
    {
      name: 'in a closure reason',
      method: 'POST',
      url: '/api/admin/stores/13/closures',
      as: 'admin',
      payload: { starts_on: '2030-01-01', ends_on: '2030-01-02', reason: `Urlaub${NUL}` },
    },
    {
      name: 'in an hours label',
      method: 'PUT',
      url: '/api/admin/stores/13/hours',
      as: 'admin',
      payload: {
        store_hours: [{ day_of_week: 1, open_time: '11:00', close_time: '22:00', label: `Mittag${NUL}` }],
        version: 1,
      },
    },
    {
      name: 'in a rejection reason',
      method: 'POST',
      url: '/api/admin/orders/1/reject',
      as: 'admin',
      payload: { reason: `Nein${NUL}` },
    },
  ];

  for (const { name, method, url, payload, as } of cases) {
    it(`${name} is refused with 400`, async () => {
      const headers = as === 'admin' ? admin.headers : as === 'customer' ? customer.headers : {};
      const response = await app.inject({
        method,
        url,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expectInvalid(response);
    });
  }
});

describe('numbers and dates out of range', () => {
  it('refuses a closure id past PostgreSQL’s integer with 400, not 500', async () => {
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/admin/stores/13/closures/2147483648',
      headers: admin.headers,
    });
    expectInvalid(response);
  });

  it('refuses a closure in year 0000, or in a year nobody means, with 400', async () => {
    for (const [starts, ends] of [
      ['0000-01-01', '0000-01-02'],
      ['1900-01-01', '1900-01-01'],
      ['2030-01-01', '9999-12-31'],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/stores/13/closures',
        headers: admin.headers,
        payload: { starts_on: starts, ends_on: ends },
      });
      expectInvalid(response);
    }
  });

  it('refuses ids past integer in every kind of path and query', async () => {
    for (const url of ['/api/orders/2147483648', '/api/products/?store_id=99999999999', '/api/stores/2147483648']) {
      expectInvalid(await app.inject({ method: 'GET', url }));
    }
  });
});

describe('names', () => {
  it('refuses a name made only of invisible characters', async () => {
    for (const name of ['\u200b\u200b', '\u00ad', ' \u2060 ', '\u200e']) {
      const registered = await app.inject({
        method: 'POST',
        url: '/api/register/customer',
        payload: { customer_name: name, email: 'invisible@example.com', password: 'Quattro-Formaggi-42' },
      });
      expectInvalid(registered);
      expectInvalid(
        await app.inject({ method: 'POST', url: '/api/orders/guest', payload: guestOrder({ customer_name: name }) }),
      );
    }
  });

  it('still takes names in any script, with accents, hyphens and digits', async () => {
    for (const [index, name] of ['Jürgen Groß', 'Zoë-Lou O’Neill', '李小龙', 'Ⅱ 2'].entries()) {
      const registered = await app.inject({
        method: 'POST',
        url: '/api/register/customer',
        payload: { customer_name: name, email: `names${index}@example.com`, password: 'Quattro-Formaggi-42' },
      });
      expect(registered.statusCode).toBe(201);
    }
  });
});

describe('a broken multipart body on /api/login', () => {
  it('answers 400, not 500', async () => {
    const boundary = '----pizzeria';
    const bodies = [
      // Cut off in the middle of a part.
      `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\nanna@example.com`,
      // A part without headers.
      `--${boundary}\r\n\r\nvalue\r\n--${boundary}--\r\n`,
      // Not multipart at all.
      'this is not multipart',
    ];
    for (const payload of bodies) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
    const noBoundary = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'username=a',
    });
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode).toBeLessThan(500);
  });
});

describe('a file in a login form', () => {
  it.each(['/api/login', '/api/staff/login'])('answers 415 on %s: no form of ours takes a file', async (url) => {
    const form = new FormData();
    form.append('username', 'anna@example.com');
    form.append('password', new Blob(['Margherita-42'], { type: 'text/plain' }), 'password.txt');
    const encoded = new Response(form);
    const payload = Buffer.from(await encoded.arrayBuffer());
    for (const language of ['de', 'en'] as const) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': encoded.headers.get('content-type') ?? '', 'accept-language': language },
        payload,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        code: 'files_not_accepted',
        message:
          language === 'de'
            ? 'Dieses Formular nimmt keine Dateien an. Bitte senden Sie nur die Felder.'
            : 'This form does not take files. Please send its fields only.',
      });
    }
  });
});

describe('who comes before what', () => {
  it('answers an anonymous request to a signed-in route with 401 before reading its body', async () => {
    for (const [method, url] of [
      ['POST', '/api/orders/'],
      ['POST', '/api/addresses/'],
      ['PUT', '/api/addresses/1'],
    ] as const) {
      const response = await app.inject({ method, url, payload: { nonsense: true } });
      expect(response.statusCode).toBe(401);
    }
  });
});

// What Fastify refuses before a route runs says so in the shop's words and codes.
describe('bodies the API does not take', () => {
  const order = guestOrder({});

  it('refuses a 10 MB body with 413 as soon as its length is announced, before it is sent', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/orders/guest',
          headers: {
            'content-type': 'application/json',
            'content-length': String(10 * 1024 * 1024),
            'accept-language': 'de',
          },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      // Only the start of the body: the answer must not wait for the rest.
      request.write('{"items":[');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: 'Die Anfrage ist zu groß.', code: 'body_too_large' });
  });

  it('refuses a body over the limit that is sent whole', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/orders/guest',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ ...order, note: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'body_too_large', message: 'The request is too large.' });
  });

  it.each([
    ['text/plain', 'hello'],
    ['application/xml', '<order/>'],
    ['text/html', '<p>order</p>'],
  ])('answers a %s body with 415', async (type, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/orders/guest',
      headers: { 'content-type': type, 'accept-language': 'de' },
      payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      message: 'Die Anfrage hat ein Format, das wir nicht annehmen. Bitte senden Sie JSON.',
      code: 'unsupported_media_type',
    });
  });

  // JSON is UTF-8 and is read as UTF-8 whatever it declares: a body in another charset would arrive as
  // something other than was sent (or not at all), on the routes that read JSON their own way too.
  it.each([
    ['utf-16', '/api/orders/guest', 'utf16le'],
    ['UTF-16BE', '/api/login', 'utf16le'],
    ['iso-8859-1', '/api/register/customer', 'latin1'],
    ['"latin1"', '/api/payments/paypal/webhook', 'latin1'],
    ['utf-8; charset=utf-16', '/api/login', 'utf16le'],
  ] as const)('answers JSON declared charset=%s with 415 (%s)', async (charset, url, encoding) => {
    const body = { username: 'jürgen@example.com', password: 'Straße-12345', ...order };
    for (const language of ['de', 'en'] as const) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': `application/json; charset=${charset}`, 'accept-language': language },
        payload: Buffer.from(JSON.stringify(body), encoding),
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        code: 'unsupported_charset',
        message:
          language === 'de'
            ? 'Die Anfrage ist in einer Zeichenkodierung, die wir nicht lesen. Bitte senden Sie JSON in UTF-8.'
            : 'The request is in a character encoding we do not read. Please send JSON in UTF-8.',
      });
    }
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON; Charset="UTF-8"'])(
    'still takes JSON as %s',
    async (type) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': type },
        payload: JSON.stringify({ username: 'jürgen@example.com', password: 'Straße-12345' }),
      });
      // Read, and refused only for the credentials.
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'invalid_credentials' });
    },
  );

  it.each([
    ['broken JSON', '{"store_id": 13,'],
    ['an empty body', ''],
  ])('answers %s with 400 invalid_json', async (_what, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/orders/guest',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_json', message: expect.any(String) });
  });

  it.each([
    ['JSON nested 100,000 deep', '['.repeat(100_000) + ']'.repeat(100_000), 'invalid_request'],
    ['a poisoned prototype', '{"__proto__": {"admin": true}}', 'invalid_json'],
  ])('answers %s with 400', async (_what, payload, code) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/orders/guest',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, message: expect.stringMatching(/^The request is not valid/) });
  });

  it('answers an unknown address with a 404 in the caller’s language', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'accept-language': 'de' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Diese Adresse gibt es nicht.', code: 'not_found' });
  });
});
