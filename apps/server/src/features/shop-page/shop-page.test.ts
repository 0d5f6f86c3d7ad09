import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shopPageDataSchema, STORE_ID, storeSchema, type ShopPageData } from '@pizzeria/domain';
import { products } from '../../db/schema.ts';
import { buildTestServer, MONDAY_EVENING, pinClock, simpleProduct, type TestServer } from '../../../test/helper.ts';

/**
 * The web app's two builds, made up: an index.html with the markers, and a server build whose
 * `renderShop` writes what it was given into the page, counts its renders and fails when told to.
 */
const template = `<!doctype html>
<html lang="de">
  <head><title>Pizzeria</title><script type="module" src="/order-online/assets/app-abc.js"></script></head>
  <body>
    <!-- a note about the markers -->
    <div id="root">
      <!--app-->
      <div class="loading-screen">Wird geladen …</div>
      <!--/app-->
    </div>
  </body>
</html>
`;

const entryServer = `
globalThis.shopRenders = [];
export async function renderShop(path, data) {
  if (globalThis.failShopRender) throw new Error('render failed');
  globalThis.shopRenders.push({ path, language: data.language });
  const first = data.products[0];
  return '<div class="app-shell"><h1>' + data.store.name + '</h1><p>' + data.products.length + ' ' + (first ? first.name.replaceAll('<', '&lt;') : '') + '</p></div>';
}
`;

interface RenderHooks {
  shopRenders: { path: string; language: string }[];
  failShopRender?: boolean;
}
const hooks = globalThis as unknown as RenderHooks;

/** The page's catalogue, as the browser reads it. */
function shopData(html: string): ShopPageData {
  const json = /<script id="shop-data" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('the page has no shop data');
  return shopPageDataSchema.parse(JSON.parse(json));
}

describe('the menu page rendered on the server', () => {
  let server: TestServer;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'web-ssr-'));
    mkdirSync(path.join(root, 'dist'));
    mkdirSync(path.join(root, 'dist-server'));
    writeFileSync(path.join(root, 'dist', 'index.html'), template);
    writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), entryServer);
    server = await buildTestServer({ WEB_DIST: path.join(root, 'dist') });
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });
  beforeEach(() => {
    hooks.shopRenders = [];
    hooks.failShopRender = false;
  });

  it('sends the rendered menu in place of the loading screen, with the catalogue it was rendered from', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/order-online/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('accept-encoding, cookie');
    const html = response.body;
    // Nothing but the app in #root: the browser's first render keeps every element in place.
    expect(html).toContain('<div id="root"><div class="app-shell"><h1>Pizzeria Bella Napoli</h1>');
    expect(html).toMatch(/<\/p><\/div><\/div>\s*<script id="shop-data"/);
    expect(html).not.toContain('loading-screen');
    expect(html).not.toContain('<!--app-->');
    expect(html).toContain('<html lang="de">');

    const data = shopData(html);
    const api = async (url: string) => (await server.app.inject({ method: 'GET', url })).json<unknown>();
    expect(data.language).toBe('de');
    expect(data.products).toEqual(await api(`/api/products/?store_id=${STORE_ID}`));
    expect(data.categories).toEqual(await api(`/api/categories/?store_id=${STORE_ID}`));
    expect(data.postcodes).toEqual(await api(`/api/postcodes/store/${STORE_ID}`));
    expect(data.discounts).toEqual(await api(`/api/discounts/${STORE_ID}`));
    expect(data.store).toMatchObject(storeSchema.parse(await api(`/api/stores/${STORE_ID}`)));
    expect(hooks.shopRenders).toEqual([{ path: '/order-online/', language: 'de' }]);
  });

  it('renders in the language the customer chose (the app keeps it in a cookie)', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/order-online/',
      headers: { cookie: 'other=1; app_language=en' },
    });
    expect(response.body).toContain('<html lang="en">');
    const data = shopData(response.body);
    expect(data.language).toBe('en');
    const english = await server.app.inject({
      method: 'GET',
      url: `/api/products/?store_id=${STORE_ID}`,
      headers: { 'accept-language': 'en' },
    });
    expect(data.products).toEqual(english.json());
  });

  it('renders once per menu and language, and again after the menu changed', async () => {
    const first = await server.app.inject({ method: 'GET', url: '/order-online/' });
    const again = await server.app.inject({ method: 'GET', url: '/order-online/' });
    expect(again.body).toBe(first.body);
    const rendersBefore = hooks.shopRenders.length;

    const product = await simpleProduct(server.app);
    const name = { de: 'Pizza </script><script>alert(1)</script>', en: 'Pizza' };
    await server.app.database.db.update(products).set({ name }).where(eq(products.id, product.id));
    await server.app.catalogue.invalidate(STORE_ID);

    const changed = await server.app.inject({ method: 'GET', url: '/order-online/' });
    expect(hooks.shopRenders.length).toBe(rendersBefore + 1);
    // The name cannot end the data's script element; the browser reads it back as it was.
    expect(changed.body.match(/<\/script>/g)).toHaveLength(1 + (template.match(/<\/script>/g)?.length ?? 0));
    expect(shopData(changed.body).products.find((entry) => entry.id === product.id)?.name).toBe(name.de);
    // Each page names the menu's version it was rendered from, as the live status channel names it.
    expect(shopData(first.body).menu_version).toEqual(expect.any(String));
    expect(shopData(changed.body).menu_version).toBe(await server.app.catalogue.version(STORE_ID));
    expect(shopData(changed.body).menu_version).not.toBe(shopData(first.body).menu_version);
  });

  it("renders with the store's status of the moment, and again when it changes", async () => {
    pinClock(server.app, MONDAY_EVENING);
    const open = await server.app.inject({ method: 'GET', url: '/order-online/' });
    expect(shopData(open.body).status).toMatchObject({ kind: 'open' });
    const again = await server.app.inject({ method: 'GET', url: '/order-online/' });
    expect(again.body).toBe(open.body);
    const rendersWhileOpen = hooks.shopRenders.length;

    // Four in the morning: closed, opening later that day.
    pinClock(server.app, new Date('2026-06-16T02:00:00Z'));
    const closed = await server.app.inject({ method: 'GET', url: '/order-online/' });
    expect(shopData(closed.body).status).toMatchObject({ kind: 'opens_at' });
    expect(closed.headers.etag).not.toBe(open.headers.etag);
    expect(hooks.shopRenders.length).toBe(rendersWhileOpen + 1);
  });

  it('sends it compressed as the browser accepts, and 304 while it is unchanged', async () => {
    const plain = await server.app.inject({ method: 'GET', url: '/order-online/' });
    const br = await server.app.inject({ method: 'GET', url: '/order-online/', headers: { 'accept-encoding': 'br' } });
    const gzip = await server.app.inject({
      method: 'GET',
      url: '/order-online/',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const etag = plain.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await server.app.inject({
      method: 'GET',
      url: '/order-online/',
      headers: { 'if-none-match': String(etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('sends the app shell when rendering fails, and renders again on the next load', async () => {
    await server.app.catalogue.invalidate(STORE_ID);
    const product = await simpleProduct(server.app);
    await server.app.database.db
      .update(products)
      .set({ name: { de: 'Neu', en: 'New' } })
      .where(eq(products.id, product.id));
    await server.app.catalogue.invalidate(STORE_ID);

    hooks.failShopRender = true;
    const failed = await server.app.inject({ method: 'GET', url: '/order-online/' });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toBe(template);

    hooks.failShopRender = false;
    const rendered = await server.app.inject({ method: 'GET', url: '/order-online/' });
    expect(rendered.body).toContain('<h1>Pizzeria Bella Napoli</h1>');
  });

  it('leaves every other page to the app shell', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/order-online/checkout' });
    expect(response.body).toBe(template);
    expect(hooks.shopRenders).toEqual([]);
  });
});
