import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../test/helper.ts';
import securityHeaders, { type SecurityHeadersOptions } from './security-headers.ts';

/** The CSP's directives by name: `{ 'script-src': ["'self'"], … }`. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  );
}

async function serverWith(options: SecurityHeadersOptions): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(securityHeaders, options);
  app.get('/page', (_request, reply) => reply.type('text/html').send('<!doctype html><p>shop</p>'));
  app.get('/json', () => ({ ok: true }));
  app.get('/fails', () => {
    throw new Error('broken');
  });
  await app.ready();
  return app;
}

describe('security headers', () => {
  const http: SecurityHeadersOptions = { publicUrl: 'http://localhost:3000', payPal: false };

  it.each(['/page', '/json', '/fails', '/missing'])('are on every response: %s', async (url) => {
    const app = await serverWith(http);
    const response = await app.inject({ method: 'GET', url });
    await app.close();
    const csp = directives(response.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-src']).toEqual(["'none'"]);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['permissions-policy']).toContain('geolocation=()');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('add HSTS and upgrade requests only when the shop is served over https', async () => {
    const app = await serverWith({ publicUrl: 'https://pizza.example', payPal: false });
    const response = await app.inject({ method: 'GET', url: '/page' });
    await app.close();
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(response.headers['content-security-policy'])['upgrade-insecure-requests']).toEqual([]);
  });

  it("allow PayPal's script, frames, calls and images only when PayPal is configured", async () => {
    const app = await serverWith({ publicUrl: 'http://localhost:3000', payPal: true });
    const response = await app.inject({ method: 'GET', url: '/page' });
    await app.close();
    const csp = directives(response.headers['content-security-policy']);
    const payPal = ['https://*.paypal.com', 'https://*.paypalobjects.com'];
    expect(csp['script-src']).toEqual(["'self'", ...payPal]);
    expect(csp['frame-src']).toEqual(payPal);
    expect(csp['connect-src']).toEqual(["'self'", ...payPal]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', ...payPal]);
    // PayPal's window reports back to the page that opened it.
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});

describe('security headers on the whole server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServer({}, { database: 'pglite' });
  });
  afterAll(async () => server.close());

  it.each([
    ['the API', '/api/health'],
    ['an API error', '/api/orders/not-a-number'],
    ['the shop', '/order-online/'],
    ['a missing page', '/nowhere'],
    ['the API docs', '/api/docs/static/index.html'],
  ])('are on %s (%s)', async (_what, url) => {
    const response = await server.app.inject({ method: 'GET', url });
    expect(directives(response.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['permissions-policy']).toContain('microphone=()');
  });
});
