import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { HttpError } from './errors.ts';

const MALFORMED_FORM = new HttpError(400, 'invalid_request', {
  de: 'Die Formulardaten sind unvollständig oder beschädigt.',
  en: 'The form data is incomplete or damaged.',
});

const FILES_NOT_ACCEPTED = new HttpError(415, 'files_not_accepted', {
  de: 'Dieses Formular nimmt keine Dateien an. Bitte senden Sie nur die Felder.',
  en: 'This form does not take files. Please send its fields only.',
});

/** busboy reports a body it cannot parse (cut off, no boundary, broken part headers) as a plain Error. */
function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || 'statusCode' in error) return false;
  return /multipart|boundary|part header/i.test(error.message);
}

/**
 * Form bodies for the routes of the scope that registers it (`POST /api/login` takes form-data or
 * urlencoded fields, docs/product/shop.md): both arrive as a plain object of strings, so the route's zod schema
 * validates them like JSON. Files are refused with 415: no route of ours takes one (the multipart
 * plugin calls a file part a limit reached, 413, though nothing was too large). A body that cannot be
 * parsed is the client's mistake: 400. Both are passed on to the app's error handler to be sent.
 */
export default fp(
  async (app) => {
    await app.register(formbody, { bodyLimit: 16 * 1024 });
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { files: 0, fields: 20, fieldSize: 4 * 1024, parts: 20 },
    });
    app.setErrorHandler((error) => {
      if (error instanceof app.multipartErrors.FilesLimitError) throw FILES_NOT_ACCEPTED;
      throw isMalformedMultipart(error) ? MALFORMED_FORM : error;
    });
  },
  { name: 'form-body' },
);
