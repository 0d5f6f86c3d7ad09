import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_PICTURE_BYTES,
  PICTURE_TYPES,
  adminPictureSchema,
  apiErrorSchema,
  storeIdParamsSchema,
  type AdminPicture,
} from '@pizzeria/domain';
import type { Db } from '../../../db/client.ts';
import { pictureRenditions, pictures } from '../../../db/schema.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { createWorkLimiter } from '../../../plugins/work-limiter.ts';
import { audit } from '../../audit/index.ts';
import { requireStore } from './categories.ts';
import { MAX_MEGAPIXELS, contentHash, renderPicture, type Rendition } from './picture-processing.ts';
import { picturesById } from './product-reads.ts';

const PICTURE_TOO_LARGE = new HttpError(413, 'picture_too_large', {
  de: 'Das Bild ist zu groß: höchstens 10 MB.',
  en: 'The picture is too large: 10 MB at most.',
});
const UNSUPPORTED_TYPE = new HttpError(415, 'unsupported_media_type', {
  de: 'Senden Sie das Bild als image/jpeg, image/png oder image/webp.',
  en: 'Send the picture as image/jpeg, image/png or image/webp.',
});
const PICTURES_BUSY = new HttpError(503, 'pictures_busy', {
  de: 'Gerade werden zu viele Bilder verarbeitet. Bitte versuchen Sie es in einem Moment erneut.',
  en: 'Too many pictures are being processed right now. Please try again in a moment.',
});
/**
 * Uploads that may wait while one is processed. The back office sends one picture at a time, so a
 * longer queue means a script or a stuck client, and each waiting upload holds its body (up to 10 MB).
 */
const MAX_WAITING_UPLOADS = 4;
/** About what the waiting ones take: a large picture is processed in a second or two. */
const BUSY_RETRY_AFTER_SECONDS = 10;

const PICTURE_OF_ANOTHER_STORE = new HttpError(409, 'picture_exists', {
  de: 'Dieses Bild gehört schon zu einem anderen Restaurant.',
  en: 'This picture already belongs to another store.',
});

async function pictureOf(db: Db, pictureId: number): Promise<AdminPicture> {
  const picture = (await picturesById(db, [pictureId])).get(pictureId);
  if (!picture) throw new Error(`picture ${pictureId} has no renditions`);
  return picture;
}

/**
 * The picture an upload is, stored unless it is there already: the same file again, or another file
 * whose renditions come out byte for byte the same (the same photo with other metadata), is the same
 * picture. Renditions are named by their content alone, so another store's cannot be stored twice.
 */
async function storePicture(
  tx: Db,
  storeId: number,
  originalHash: string,
  renditions: readonly Rendition[],
): Promise<{ id: number; created: boolean }> {
  const [same] = await tx
    .select({ id: pictures.id })
    .from(pictures)
    .where(and(eq(pictures.storeId, storeId), eq(pictures.originalHash, originalHash)));
  if (same) return { id: same.id, created: false };
  const [sameRendition] = await tx
    .select({ id: pictures.id, storeId: pictures.storeId })
    .from(pictureRenditions)
    .innerJoin(pictures, eq(pictures.id, pictureRenditions.pictureId))
    .where(
      inArray(
        pictureRenditions.hash,
        renditions.map((rendition) => rendition.hash),
      ),
    )
    .limit(1);
  if (sameRendition?.storeId === storeId) return { id: sameRendition.id, created: false };
  if (sameRendition) throw PICTURE_OF_ANOTHER_STORE;
  const [inserted] = await tx
    .insert(pictures)
    .values({ storeId, originalHash })
    .onConflictDoNothing()
    .returning({ id: pictures.id });
  if (!inserted) {
    // The same upload committed meanwhile (a double click): that one is the picture.
    const [raced] = await tx
      .select({ id: pictures.id })
      .from(pictures)
      .where(and(eq(pictures.storeId, storeId), eq(pictures.originalHash, originalHash)));
    if (!raced) throw new Error('a picture conflicted and then vanished');
    return { id: raced.id, created: false };
  }
  await tx.insert(pictureRenditions).values(
    renditions.map((rendition) => ({
      hash: rendition.hash,
      pictureId: inserted.id,
      kind: rendition.kind,
      width: rendition.width,
      height: rendition.height,
      contentType: rendition.contentType,
      bytes: rendition.bytes,
    })),
  );
  return { id: inserted.id, created: true };
}

/**
 * Picture uploads: the file is the request's body, as sent, with its image type. In a
 * plugin of their own so the 10 MB limit, the raw body and the clear answer to a too large one apply
 * here only. Answers 201 with a new picture, 200 with the one this upload already is.
 */
const pictureUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // An interlaced PNG is decoded whole: a file of 300 KB may take 100 MB and more while it is processed.
  // One at a time keeps that to one picture's worth, however many are sent at once.
  const processing = createWorkLimiter(1, MAX_WAITING_UPLOADS, () => PICTURES_BUSY);

  app.addContentTypeParser(
    [...PICTURE_TYPES],
    { parseAs: 'buffer', bodyLimit: MAX_PICTURE_BYTES },
    (_request, body, done) => done(null, body),
  );

  // Fastify refuses a too large or untyped body before the route runs; say so as every other error does.
  app.setErrorHandler((error, _request, _reply) => {
    const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw PICTURE_TOO_LARGE;
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw UNSUPPORTED_TYPE;
    throw error;
  });

  app.post(
    '/stores/:id/pictures',
    {
      bodyLimit: MAX_PICTURE_BYTES,
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary:
          'Upload a picture: the file itself as the body, Content-Type image/jpeg, image/png or image/webp, ' +
          `at most 10 MB and ${MAX_MEGAPIXELS} megapixels, the shorter side at least 200 px`,
        params: storeIdParamsSchema,
        response: {
          200: adminPictureSchema,
          201: adminPictureSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const storeId = request.params.id;
      // Other types (JSON, text) have parsers of their own outside this plugin; they are no picture.
      if (!Buffer.isBuffer(request.body)) throw UNSUPPORTED_TYPE;
      const upload = request.body;
      await requireStore(db, storeId);
      const renditions = await processing(() => renderPicture(upload)).catch((error: unknown) => {
        if (error === PICTURES_BUSY) void reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
        throw error;
      });
      const { picture, created } = await db.transaction(async (tx) => {
        const stored = await storePicture(tx, storeId, contentHash(upload), renditions);
        const answer = await pictureOf(tx, stored.id);
        if (stored.created) {
          await audit(tx, request, {
            storeId,
            entity: 'picture',
            entityId: stored.id,
            action: 'create',
            before: null,
            after: answer,
          });
        }
        return { picture: answer, created: stored.created };
      });
      return reply.status(created ? 201 : 200).send(picture);
    },
  );
};

export default pictureUploadRoutes;
