import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import {
  apiErrorSchema,
  categorySchema,
  discountSchema,
  postcodeSchema,
  productSchema,
  storeDetailsSchema,
  type Language,
} from '@pizzeria/domain';
import { buildTestServer, type TestServer } from '../../../test/helper.ts';
import { products } from '../../db/schema.ts';

const ROUTES = [
  {
    name: 'categories',
    urls: ['/api/categories/?store_id=13', '/api/categories?store_id=13'],
    unknown: '/api/categories/?store_id=99',
    schema: z.array(categorySchema),
  },
  {
    name: 'products',
    urls: ['/api/products/?store_id=13', '/api/products?store_id=13'],
    unknown: '/api/products/?store_id=99',
    schema: z.array(productSchema),
  },
  { name: 'store', urls: ['/api/stores/13', '/api/stores/13/'], unknown: '/api/stores/99', schema: storeDetailsSchema },
  {
    name: 'discounts',
    urls: ['/api/discounts/13', '/api/discounts/13/'],
    unknown: '/api/discounts/99',
    schema: z.array(discountSchema),
  },
  {
    name: 'postcodes',
    urls: ['/api/postcodes/store/13', '/api/postcodes/store/13/'],
    unknown: '/api/postcodes/store/99',
    schema: z.array(postcodeSchema),
  },
] as const;

const MALFORMED = [
  '/api/categories/',
  '/api/categories/?store_id=abc',
  '/api/products/',
  '/api/products?store_id=',
  '/api/products/?store_id=abc',
  '/api/products/?store_id=0',
  '/api/products/?store_id=-13',
  '/api/products/?store_id=1.5',
  '/api/products/?store_id=99999999999',
  '/api/products/?store_id=13&store_id=14',
  '/api/stores/abc',
  '/api/stores/0',
  '/api/discounts/abc',
  '/api/postcodes/store/abc',
  '/api/postcodes/store/1e99',
];

const ACCEPT_LANGUAGE: Record<Language, string | undefined> = { de: undefined, en: 'en-US;q=0.9' };

describe('catalogue routes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServer();
  });
  afterAll(() => server.close());

  const get = (url: string, headers: Record<string, string | undefined> = {}) =>
    server.app.inject({
      method: 'GET',
      url,
      headers: Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)),
    });

  describe.each(ROUTES)('GET $name', ({ urls, unknown, schema }) => {
    it.each(['de', 'en'] as const)(
      'answers in %s, with and without a trailing slash, the same body',
      async (language) => {
        const bodies = [];
        for (const url of urls) {
          const response = await get(url, { 'accept-language': ACCEPT_LANGUAGE[language] });
          expect(response.statusCode, url).toBe(200);
          expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
          expect(response.headers['content-language']).toBe(language);
          expect(response.headers['vary']).toBe('Accept-Language, Accept-Encoding');
          expect(response.headers['cache-control']).toBe('no-cache');
          expect(response.headers['etag']).toMatch(/^"[\w-]{20,}"$/);
          schema.parse(response.json());
          bodies.push(response.body);
        }
        expect(new Set(bodies).size).toBe(1);
      },
    );

    it('answers 304 without a body to a current If-None-Match, 200 to a stale one', async () => {
      const first = await get(urls[0]);
      const etag = String(first.headers['etag']);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"stale", ${etag}`]) {
        const cached = await get(urls[1], { 'if-none-match': ifNoneMatch });
        expect(cached.statusCode, ifNoneMatch).toBe(304);
        expect(cached.body).toBe('');
        expect(cached.headers['etag']).toBe(etag);
        expect(cached.headers['cache-control']).toBe('no-cache');
        expect(cached.headers['vary']).toBe('Accept-Language, Accept-Encoding');
      }
      const stale = await get(urls[0], { 'if-none-match': '"stale"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(first.body);
    });

    it.each([
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const)(
      'sends %s to a client that accepts it: the same JSON, its own ETag, and 304 later',
      async (coding, decode) => {
        const plain = await get(urls[0]);
        const encoded = await get(urls[0], { 'accept-encoding': coding });
        expect(encoded.statusCode).toBe(200);
        expect(encoded.headers['content-encoding']).toBe(coding);
        expect(decode(encoded.rawPayload).toString('utf8')).toBe(plain.body);
        expect(encoded.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body));
        const etag = String(encoded.headers['etag']);
        expect(etag).not.toBe(plain.headers['etag']);
        const revalidated = await get(urls[0], { 'accept-encoding': coding, 'if-none-match': etag });
        expect(revalidated.statusCode).toBe(304);
      },
    );

    it.each(['de', 'en'] as const)('answers 404 store_not_found in %s for an unknown store', async (language) => {
      const response = await get(unknown, { 'accept-language': ACCEPT_LANGUAGE[language] });
      expect(response.statusCode).toBe(404);
      const error = apiErrorSchema.parse(response.json());
      expect(error.code).toBe('store_not_found');
      expect(error.message).toBe(language === 'de' ? 'Das Restaurant 99 gibt es nicht.' : 'Store 99 does not exist.');
    });
  });

  it.each(MALFORMED)('answers 400 invalid_request with issues to %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    const error = apiErrorSchema.parse(response.json());
    expect(error.code).toBe('invalid_request');
    expect(error.issues?.length).toBeGreaterThan(0);
  });

  it('sends each product’s bottle deposit in euros beside its price, 0 for none (decision 016)', async () => {
    const response = await get('/api/products/?store_id=13');
    const list = z.array(productSchema).parse(response.json());
    const bySlug = (slug: string) => list.find((p) => p.image_url?.endsWith(`/${slug}.svg`));
    expect(bySlug('apple-spritzer')).toMatchObject({ price: 3.2, deposit: 0.25 });
    expect(bySlug('cola')).toMatchObject({ deposit: 0.08 });
    expect(bySlug('margherita')).toMatchObject({ deposit: 0 });
    expect((response.json() as Record<string, unknown>[]).every((p) => typeof p.deposit === 'number')).toBe(true);
  });

  it('translates names, descriptions, variants, toppings and allergens', async () => {
    const menu = async (language: Language) => {
      const response = await get('/api/products/?store_id=13', { 'accept-language': ACCEPT_LANGUAGE[language] });
      const margherita = z
        .array(productSchema)
        .parse(response.json())
        .find((p) => p.image_url?.endsWith('/margherita.svg'));
      if (!margherita) throw new Error('no margherita');
      return {
        description: margherita.description,
        variant: margherita.variants[0]?.name,
        group: margherita.enriched_topping_groups[0]?.name,
        allergen: margherita.allergens[0]?.name,
      };
    };
    expect(await menu('de')).toEqual({
      description: expect.stringContaining('Tomatensauce'),
      variant: 'Klein Ø 26 cm',
      group: 'Extra Beläge',
      allergen: 'Glutenhaltiges Getreide',
    });
    expect(await menu('en')).toEqual({
      description: expect.stringContaining('tomato sauce'),
      variant: 'Small Ø 26 cm',
      group: 'Extra toppings',
      allergen: 'Cereals containing gluten',
    });
    const categories = async (language: Language) =>
      z
        .array(categorySchema)
        .parse((await get('/api/categories/?store_id=13', { 'accept-language': ACCEPT_LANGUAGE[language] })).json())
        .map((category) => category.name);
    expect(await categories('de')).toEqual(['Vorspeisen', 'Pizza', 'Pasta', 'Salate', 'Desserts', 'Getränke']);
    expect(await categories('en')).toEqual(['Starters', 'Pizza', 'Pasta', 'Salads', 'Desserts', 'Drinks']);
  });

  it("tells the restaurant's legal notice with the store, for the privacy page", async () => {
    const store = storeDetailsSchema.parse((await get('/api/stores/13')).json());
    expect(store.legal_notice).toEqual({
      legal_name: 'Bella Napoli Gastronomie GmbH',
      legal_representative: 'Geschäftsführerin: Giulia Esposito',
      trade_register: 'Amtsgericht Charlottenburg, HRB 000000 B (Beispiel)',
      vat_id: 'DE000000000 (Beispiel)',
    });
  });

  it('falls back to German for languages it does not speak', async () => {
    for (const header of ['fr-FR', 'es;q=0.8', '*']) {
      const response = await get('/api/categories/?store_id=13', { 'accept-language': header });
      expect(response.headers['content-language'], header).toBe('de');
    }
  });

  it('sends a different ETag per language when the bodies differ', async () => {
    const de = await get('/api/products/?store_id=13');
    const en = await get('/api/products/?store_id=13', { 'accept-language': 'en' });
    expect(de.headers['etag']).not.toBe(en.headers['etag']);
    const crossed = await get('/api/products/?store_id=13', {
      'accept-language': 'en',
      'if-none-match': String(de.headers['etag']),
    });
    expect(crossed.statusCode).toBe(200);
    expect(crossed.headers['content-language']).toBe('en');
  });

  it('lists every catalogue route in the OpenAPI document with tags, summary and response schemas', async () => {
    const response = await get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = z
      .object({
        paths: z.record(
          z.string(),
          z.object({
            get: z.optional(
              z.object({
                tags: z.array(z.string()),
                summary: z.string(),
                responses: z.record(z.string(), z.unknown()),
              }),
            ),
          }),
        ),
      })
      .parse(response.json());
    for (const path of [
      '/api/categories/',
      '/api/products/',
      '/api/stores/{id}',
      '/api/discounts/{id}',
      '/api/postcodes/store/{id}',
    ]) {
      const operation = document.paths[path]?.get;
      expect(operation?.tags, path).toEqual(['catalogue']);
      expect(operation?.summary.length, path).toBeGreaterThan(10);
      expect(Object.keys(operation?.responses ?? {}).sort(), path).toEqual(['200', '304', '400', '404']);
    }
    // The product schema names the deposit, and the route says what it means (decision 016).
    const products = (response.json() as { paths: Record<string, { get: Record<string, unknown> }> }).paths[
      '/api/products/'
    ]?.get;
    expect(products?.description).toMatch(/deposit.*Pfand/);
    expect(JSON.stringify(products?.responses)).toContain('"deposit"');
  });

  // Runs last: it changes the database under the cache.
  it('serves from memory until invalidated, then the new data under a new ETag', async () => {
    const url = '/api/products/?store_id=13';
    const parse = (body: unknown) => z.array(productSchema).parse(body);
    const before = await get(url);
    const oldEtag = String(before.headers['etag']);

    await server.app.database.db
      .update(products)
      .set({ name: { de: 'Pizza Regina', en: 'Pizza Regina' }, priceCents: 900 })
      .where(eq(products.imageSlug, 'margherita'));
    await server.app.database.db.update(products).set({ hidden: true }).where(eq(products.imageSlug, 'tiramisu'));
    await server.app.database.db
      .update(products)
      .set({ soldOutUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(products.imageSlug, 'salami'));

    const cached = await get(url);
    expect(cached.headers['etag']).toBe(oldEtag);
    expect(cached.body).toBe(before.body);

    server.app.catalogue.invalidate(13);

    const fresh = await get(url, { 'if-none-match': oldEtag });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['etag']).not.toBe(oldEtag);
    const list = parse(fresh.json());
    const regina = list.find((product) => product.image_url?.endsWith('/margherita.svg'));
    expect(regina).toMatchObject({ name: 'Pizza Regina', price: 9 });
    expect(list.some((product) => product.image_url?.endsWith('/tiramisu.svg'))).toBe(false);
    // Sold out today: still on the menu, in its category, marked and not orderable.
    const salami = list.find((product) => product.image_url?.endsWith('/salami.svg'));
    expect(salami).toMatchObject({ available: false, sold_out: true });
    expect(regina).toMatchObject({ available: true, sold_out: false });
    expect(list).toHaveLength(parse(before.json()).length - 1);

    const catalogue = await server.app.catalogue.get(13);
    expect(catalogue?.products.find((product) => product.image?.cardUrl.endsWith('/tiramisu.svg'))?.available).toBe(
      false,
    );

    const revalidated = await get(url, { 'if-none-match': String(fresh.headers['etag']) });
    expect(revalidated.statusCode).toBe(304);
  });
});
