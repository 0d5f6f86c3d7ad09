import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { BASE_PATH } from '../http/base-path.ts';
import { chooseEncoding, ifNoneMatchHits } from '../http/caching.ts';

/** The back office's service worker (apps/web/build/service-worker.ts): the browser must see a deploy's at once. */
const BACK_OFFICE_WORKER = /[\\/]admin[\\/]sw\.js(?:\.(?:br|gz))?$/;
/** The back office's web app manifest, with the type browsers expect of one. */
const MANIFEST = /\.webmanifest(?:\.(?:br|gz))?$/;

/** Hashed build assets never change; the app shell must be revalidated so a deploy shows at once. */
export function cacheControlFor(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (BACK_OFFICE_WORKER.test(filePath)) return 'no-cache';
  if (/\.html(?:\.(?:br|gz))?$/.test(filePath)) return 'no-cache';
  return 'public, max-age=3600';
}

/** A page rendered on the server, with compressed twins (features/shop-page). */
export interface RenderedPage {
  html: Buffer;
  encoded: { br: Buffer; gzip: Buffer };
  /** Strong ETag, quoted: a hash of the page. */
  etag: string;
}

/** Sends a rendered page: revalidated on every load (304 while unchanged), compressed as the client accepts. */
function sendRendered(request: FastifyRequest, reply: FastifyReply, page: RenderedPage) {
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding, cookie')
    .header('etag', page.etag);
  if (ifNoneMatchHits(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(page.html);
  return reply.header('content-encoding', encoding).send(page.encoded[encoding]);
}

/**
 * Serves the built storefront under /order-online/ with a history fallback to its index.html, and
 * sends / there. Hashed assets are cached for a year; index.html is always revalidated. With
 * `menuPage`, the menu (/order-online/) is the page the server rendered (features/shop-page); without
 * one, or when it has none, the app shell as everywhere else.
 */
export default fp<{ root: string; menuPage?: (request: FastifyRequest) => Promise<RenderedPage | null> }>(
  async (app, { root, menuPage }) => {
    const indexFile = path.join(root, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn({ root }, 'web app not built: run `npm run build` to serve the storefront');
    }
    await app.register(fastifyStatic, {
      root,
      prefix: `${BASE_PATH}/`,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header('cache-control', cacheControlFor(filePath));
        // The worker's scope is the back office, its own folder: said explicitly, whatever serves it.
        if (BACK_OFFICE_WORKER.test(filePath)) res.header('service-worker-allowed', `${BASE_PATH}/admin/`);
        if (MANIFEST.test(filePath)) res.header('content-type', 'application/manifest+json; charset=utf-8');
      },
    });

    const sendIndex = (_request: unknown, reply: FastifyReply) => reply.sendFile('index.html', root);

    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(`${BASE_PATH}/`));
    // With ignoreTrailingSlash this also answers /order-online.
    app.get(`${BASE_PATH}/`, { schema: { hide: true } }, async (request, reply) => {
      const page = await menuPage?.(request).catch((error: unknown) => {
        request.log.error({ err: error }, 'could not render the menu page: sending the app shell');
        return null;
      });
      return page ? sendRendered(request, reply, page) : sendIndex(request, reply);
    });
    app.get(`${BASE_PATH}/*`, { schema: { hide: true } }, (request, reply) => {
      const requested = (request.params as { '*': string })['*'];
      // A path with a file extension is an asset that does not exist: answer 404, not the app shell.
      if (requested && path.extname(requested) !== '' && existsSync(path.join(root, requested))) {
        return reply.sendFile(requested, root);
      }
      if (requested && path.extname(requested) !== '') {
        return reply.status(404).send({ message: 'Not found', code: 'not_found' });
      }
      return sendIndex(request, reply);
    });
  },
  { name: 'web-app' },
);
