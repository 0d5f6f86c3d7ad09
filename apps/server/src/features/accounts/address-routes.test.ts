import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { eq } from 'drizzle-orm';
import { addressSchema, type Address } from '@pizzeria/domain';
import { buildTestServer, createTestUser, type TestServer, type TestUser } from '../../../test/helper.ts';
import { addresses } from '../../db/schema.ts';

let server: TestServer;
let anna: TestUser;
let bert: TestUser;

const home = { customer_name: 'Anna A', phone: '0301234567', line1: 'Oranienstraße 1', city: 'Berlin', zip: '10999' };

async function create(user: TestUser, payload: object) {
  return server.app.inject({ method: 'POST', url: '/api/addresses/', headers: user.headers, payload });
}

async function list(user: TestUser): Promise<Address[]> {
  const response = await server.app.inject({ url: '/api/addresses/', headers: user.headers });
  expect(response.statusCode).toBe(200);
  return z.array(addressSchema).parse(response.json());
}

beforeAll(async () => {
  server = await buildTestServer();
  anna = await createTestUser(server.app);
  bert = await createTestUser(server.app);
});

afterAll(async () => {
  await server.close();
});

describe('/api/addresses/', () => {
  it('saves addresses; the first and any one marked default is the only default', async () => {
    const first = await create(anna, home);
    expect(first.statusCode).toBe(201);
    expect(addressSchema.parse(first.json())).toMatchObject({
      ...home,
      phone: '+49301234567',
      line2: null,
      country: 'DE',
      is_default: true,
    });

    const work = addressSchema.parse((await create(anna, { ...home, line1: 'Büro 2', zip: '10997' })).json());
    expect(work.is_default).toBe(false);
    const chosen = addressSchema.parse(
      (await create(anna, { ...home, line1: 'Neu 3', line2: '3. OG', is_default: true })).json(),
    );

    const addresses = await list(anna);
    expect(addresses.filter((address) => address.is_default).map((address) => address.id)).toEqual([chosen.id]);
    expect(addresses[0]?.id).toBe(chosen.id);

    const updated = await server.app.inject({
      method: 'PUT',
      url: `/api/addresses/${work.id}`,
      headers: anna.headers,
      payload: { ...home, line1: 'Büro 4', zip: '10997', is_default: true },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: work.id, line1: 'Büro 4', is_default: true });
    expect((await list(anna)).filter((address) => address.is_default).map((address) => address.id)).toEqual([work.id]);
    expect(await list(bert)).toEqual([]);
  });

  it("never shows or changes another customer's address", async () => {
    const bertsAddress = addressSchema.parse((await create(bert, { ...home, customer_name: 'Bert' })).json());
    const put = await server.app.inject({
      method: 'PUT',
      url: `/api/addresses/${bertsAddress.id}`,
      headers: anna.headers,
      payload: { ...home, line1: 'Gekapert' },
    });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ code: 'address_not_found' });
    const remove = await server.app.inject({
      method: 'DELETE',
      url: `/api/addresses/${bertsAddress.id}`,
      headers: anna.headers,
    });
    expect(remove.statusCode).toBe(404);
    expect((await list(bert)).map((address) => address.line1)).toEqual([home.line1]);
    expect((await list(anna)).map((address) => address.id)).not.toContain(bertsAddress.id);
  });

  it('stores the phone in E.164, however it is typed', async () => {
    const carla = await createTestUser(server.app);
    const created = await create(carla, { ...home, phone: '+49 151 2345 6789' });
    expect(created.statusCode, created.body).toBe(201);
    const saved = addressSchema.parse(created.json());
    expect(saved.phone).toBe('+4915123456789');
    const updated = await server.app.inject({
      method: 'PUT',
      url: `/api/addresses/${saved.id}`,
      headers: carla.headers,
      payload: { ...home, phone: '0151/234 567 89' },
    });
    expect(updated.json()).toMatchObject({ phone: '+4915123456789' });
    const [row] = await server.app.database.db
      .select({ phone: addresses.phone })
      .from(addresses)
      .where(eq(addresses.id, saved.id));
    expect(row?.phone).toBe('+4915123456789');
  });

  it('refuses a phone number that is none with invalid_phone, in the caller’s language', async () => {
    for (const phone of ['+49 30', 'call me', '']) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/addresses/',
        headers: { ...anna.headers, 'accept-language': 'de' },
        payload: { ...home, phone },
      });
      expect(response.statusCode, phone).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'invalid_phone',
        message: expect.stringMatching(/^Die Telefonnummer ist ungültig/),
      });
    }
  });

  it('refuses invalid addresses with 400 and a message', async () => {
    for (const payload of [
      { ...home, zip: '1099' },
      { ...home, line1: '   ' },
      { ...home, customer_name: '' },
      { ...home, country: 'Germany' },
      {},
    ]) {
      const response = await create(anna, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_request' });
    }
    expect(
      (await server.app.inject({ method: 'PUT', url: '/api/addresses/abc', headers: anna.headers, payload: home }))
        .statusCode,
    ).toBe(400);
    expect((await server.app.inject({ url: '/api/addresses/' })).statusCode).toBe(401);
  });

  it('deletes only the owner’s address', async () => {
    const spare = addressSchema.parse((await create(anna, { ...home, line1: 'Weg 9' })).json());
    const response = await server.app.inject({
      method: 'DELETE',
      url: `/api/addresses/${spare.id}`,
      headers: anna.headers,
    });
    expect(response.statusCode).toBe(204);
    expect((await list(anna)).map((address) => address.id)).not.toContain(spare.id);
  });

  it('refuses a postcode outside the delivery areas, in the caller’s language', async () => {
    const outside = await server.app.inject({
      method: 'POST',
      url: '/api/addresses/',
      headers: { ...anna.headers, 'accept-language': 'de' },
      payload: { ...home, zip: '80331', city: 'München' },
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json()).toMatchObject({
      code: 'postcode_not_delivered',
      message: 'In diese Postleitzahl liefern wir leider nicht.',
    });
    expect((await list(anna)).map((address) => address.zip)).not.toContain('80331');

    const saved = addressSchema.parse((await create(anna, { ...home, line1: 'Umzug 1' })).json());
    const moved = await server.app.inject({
      method: 'PUT',
      url: `/api/addresses/${saved.id}`,
      headers: { ...anna.headers, 'accept-language': 'en' },
      payload: { ...home, line1: 'Umzug 1', zip: '80331' },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json()).toMatchObject({
      code: 'postcode_not_delivered',
      message: 'We do not deliver to this postcode.',
    });
    expect((await list(anna)).find((address) => address.id === saved.id)?.zip).toBe(home.zip);
  });

  it('lets only the owner delete an address: another customer gets 404, a guest 401', async () => {
    const spare = addressSchema.parse((await create(anna, { ...home, line1: 'Weg 10' })).json());
    const url = `/api/addresses/${spare.id}`;
    expect((await server.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    const byBert = await server.app.inject({ method: 'DELETE', url, headers: bert.headers });
    expect(byBert.statusCode).toBe(404);
    expect(byBert.json()).toMatchObject({ code: 'address_not_found' });
    expect((await list(anna)).map((address) => address.id)).toContain(spare.id);
    expect((await server.app.inject({ method: 'DELETE', url, headers: anna.headers })).statusCode).toBe(204);
    expect((await server.app.inject({ method: 'DELETE', url, headers: anna.headers })).statusCode).toBe(404);
  });

  it('documents deleting and the refused postcode in the OpenAPI document', async () => {
    const document = (await server.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown>; description?: string }>>;
    }>();
    const one = document.paths['/api/addresses/{id}'];
    expect(Object.keys(one?.delete?.responses ?? {})).toEqual(expect.arrayContaining(['204', '401', '404']));
    expect(one?.delete?.description).toMatch(/Orders keep their own copy/);
    expect(Object.keys(document.paths['/api/addresses/']?.post?.responses ?? {})).toContain('422');
  });
});
