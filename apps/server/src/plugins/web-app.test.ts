import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../test/helper.ts';

describe('the web app under /order-online', () => {
  let server: TestServer;
  let dist: string;
  const shell = '<!doctype html><title>shop</title>';
  const script = 'console.log("pizza");'.repeat(20);
  const worker = 'self.addEventListener("push", () => {});';
  const manifest = '{"name":"Verwaltung","start_url":"/order-online/admin/home"}';

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), shell);
    writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(shell));
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    mkdirSync(path.join(dist, 'admin'));
    writeFileSync(path.join(dist, 'admin', 'sw.js'), worker);
    writeFileSync(path.join(dist, 'admin', 'manifest.webmanifest'), manifest);
    server = await buildTestServer({ WEB_DIST: dist }, { database: 'pglite' });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends / to the shop', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/order-online/');
  });

  it.each(['/order-online/', '/order-online', '/order-online/support', '/order-online/login/checkout'])(
    'answers %s with the app shell, always revalidated',
    async (url) => {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(shell);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('sends the precompressed twin of an asset, cached for a year', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/order-online/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('answers a missing asset with 404 JSON, not the app shell', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/order-online/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('sends the back office’s service worker unhashed and never from a stale cache, for the back office’s scope', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/order-online/admin/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(worker);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['service-worker-allowed']).toBe('/order-online/admin/');
  });

  it('sends the back office’s manifest as a web app manifest', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/order-online/admin/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.json()).toMatchObject({ start_url: '/order-online/admin/home' });
  });
});
