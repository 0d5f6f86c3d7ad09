import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorSchema } from '@pizzeria/domain';
import { pictureRenditions } from '../../../db/schema.ts';
import { HttpError } from '../../../plugins/errors.ts';

/** `{hash}.webp`, the hash being a SHA-256 in base64url (43 characters). */
const FILE_NAME = /^([A-Za-z0-9_-]{43})\.webp$/;

const PICTURE_NOT_FOUND = new HttpError(404, 'picture_not_found', {
  de: 'Dieses Bild gibt es nicht.',
  en: 'There is no such picture.',
});

/**
 * The pictures staff uploaded, for everyone. A rendition's URL is the hash of its bytes, so
 * what it answers never changes: browsers and proxies keep it for a year without asking again.
 */
const pictureRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  /** Answers with bytes, not with the JSON the route's schema describes for its errors. */
  async function serve(file: string, ifNoneMatch: string | undefined, reply: FastifyReply): Promise<void> {
    const hash = FILE_NAME.exec(file)?.[1];
    if (hash === undefined) throw PICTURE_NOT_FOUND;
    const etag = `"${hash}"`;
    const cached = () => reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
    if (ifNoneMatch === etag) {
      await cached().code(304).send();
      return;
    }
    const [rendition] = await db
      .select({ bytes: pictureRenditions.bytes, contentType: pictureRenditions.contentType })
      .from(pictureRenditions)
      .where(eq(pictureRenditions.hash, hash));
    if (!rendition) throw PICTURE_NOT_FOUND;
    await cached().type(rendition.contentType).send(Buffer.from(rendition.bytes));
  }

  app.get(
    '/pictures/:file',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'An uploaded picture in one size (WebP), at the URL a product names',
        params: z.object({ file: z.string() }),
        response: { 404: apiErrorSchema },
      },
    },
    (request, reply) => serve(request.params.file, request.headers['if-none-match'], reply),
  );
};

export default pictureRoutes;
