import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

export const BASE_PATH = '/order-online';

/** Hashed build assets never change; the app shell must be revalidated so a deploy shows at once. */
export function cacheControlFor(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (/\.html(?:\.(?:br|gz))?$/.test(filePath)) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Serves the built storefront under /order-online/ with a history fallback to its index.html, and
 * sends / there. Hashed assets are cached for a year; index.html is always revalidated.
 */
export default fp<{ root: string }>(
  async (app, { root }) => {
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
      },
    });

    const sendIndex = (_request: unknown, reply: FastifyReply) => reply.sendFile('index.html', root);

    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(`${BASE_PATH}/`));
    // With ignoreTrailingSlash this also answers /order-online.
    app.get(`${BASE_PATH}/`, { schema: { hide: true } }, sendIndex);
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
